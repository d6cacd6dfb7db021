/// The stored forms of one uploaded image. The server makes each from the upload; the app asks for
/// the one it draws.
public enum ImageVariant: String, CaseIterable, Codable, Sendable, Hashable {
  /// The upload as kept: re-encoded with its long edge at most ``UploadPolicy/longEdge``.
  case original
  /// The garment without its background: a PNG with alpha, the original's size.
  case cutout
  /// The grid at 1x; see ``ThumbnailPolicy``.
  case thumbnailSmall
  /// The grid at 2x and 3x; see ``ThumbnailPolicy``.
  case thumbnailLarge

  /// The longest edge the variant may have, in pixels. A smaller source is never enlarged.
  public var maximumLongEdge: Int {
    switch self {
    case .original, .cutout: UploadPolicy.longEdge
    case .thumbnailSmall: ThumbnailPolicy.smallLongEdge
    case .thumbnailLarge: ThumbnailPolicy.largeLongEdge
    }
  }
}

/// How a thumbnail is encoded. WebP keeps a cutout's transparency at a fraction of PNG's size; JPEG
/// is the fallback for a client that cannot show WebP, with transparency flattened onto white, the
/// grid's background.
public enum ThumbnailFormat: String, CaseIterable, Codable, Sendable, Hashable {
  case webp, jpeg

  public var mimeType: String {
    switch self {
    case .webp: "image/webp"
    case .jpeg: "image/jpeg"
    }
  }

  /// The file name extension, without the dot.
  public var fileExtension: String { rawValue }
}
