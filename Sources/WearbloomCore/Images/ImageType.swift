/// The image formats a photo may be uploaded in.
public enum ImageType: String, CaseIterable, Codable, Sendable, Hashable {
  case jpeg, png, webp
  /// HEIC, and HEIF in general, as iPhones write it.
  case heic

  /// Every MIME type that declares this format.
  public var mimeTypes: [String] {
    switch self {
    case .jpeg: ["image/jpeg"]
    case .png: ["image/png"]
    case .webp: ["image/webp"]
    case .heic: ["image/heic", "image/heif"]
    }
  }

  /// The MIME type to send with the format.
  public var mimeType: String { mimeTypes[0] }

  /// The format a declared MIME type names, ignoring case, surrounding spaces and parameters
  /// (`image/JPEG; q=1`); nil for any other type.
  public init?(mimeType: String) {
    let essence = mimeType.split(separator: ";", omittingEmptySubsequences: false)[0].trimmed.lowercased()
    guard let type = Self.allCases.first(where: { $0.mimeTypes.contains(essence) }) else { return nil }
    self = type
  }
}
