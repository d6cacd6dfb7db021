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

  /// The format's usual name, as a sentence written for a developer names it.
  public var name: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .webp: "WebP"
    case .heic: "HEIC"
    }
  }

  /// What a file input takes: every MIME type of every format, comma-separated.
  public static var accepted: String { allCases.flatMap(\.mimeTypes).joined(separator: ",") }

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
