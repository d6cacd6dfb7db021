/// The stored forms of one image. The server makes each when the image is stored; the app asks
/// for the one it draws.
public enum ImageVariant: String, CaseIterable, Codable, Sendable, Hashable {
  /// The image itself: a photo re-encoded with its long edge at most ``UploadPolicy/longEdge``, or
  /// a cutout at its own size.
  case full
  /// The grid at 1x; see ``ThumbnailPolicy``.
  case thumbnailSmall
  /// The grid at 2x and 3x; see ``ThumbnailPolicy``.
  case thumbnailLarge

  /// The longest edge the variant may have, in pixels. A smaller source is never enlarged.
  public var maximumLongEdge: Int {
    switch self {
    case .full: UploadPolicy.longEdge
    case .thumbnailSmall: ThumbnailPolicy.smallLongEdge
    case .thumbnailLarge: ThumbnailPolicy.largeLongEdge
    }
  }
}

/// What a stored image is, which decides how its full form is encoded.
public enum ImageKind: String, CaseIterable, Codable, Sendable, Hashable {
  /// A garment as photographed.
  case garment
  /// A garment without its background.
  case cutout
  /// A user's photo of themselves, for try-ons.
  case body
  /// A try-on's result: the garment drawn on the body photo.
  case render

  /// The full form's format: JPEG for photos, PNG for a cutout (it keeps its transparency).
  public var fullFormat: ImageFormatName {
    self == .cutout ? .png : .jpeg
  }

  /// Every stored form: the full one, and each thumbnail in WebP and in JPEG.
  public var forms: [ImageForm] {
    [ImageForm(variant: .full, format: fullFormat)]
      + [ImageVariant.thumbnailSmall, .thumbnailLarge].flatMap { variant in
        ImageFormatName.thumbnails.map { ImageForm(variant: variant, format: $0) }
      }
  }
}

/// An image file format, by name.
public enum ImageFormatName: String, CaseIterable, Codable, Sendable, Hashable {
  case jpeg, png, webp

  public var mimeType: String { "image/\(rawValue)" }

  /// The usual name ending of a file in this format.
  public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

  /// How thumbnails are encoded. WebP keeps a cutout's transparency at a fraction of PNG's size;
  /// JPEG is the fallback for a client that cannot show WebP, with transparency flattened onto
  /// white, the grid's background.
  public static let thumbnails: [ImageFormatName] = [.webp, .jpeg]
}

/// One stored form of an image: a variant in a format (`thumbnailLarge.webp`).
public struct ImageForm: Hashable, Sendable {
  public let variant: ImageVariant
  public let format: ImageFormatName

  public init(variant: ImageVariant, format: ImageFormatName) {
    self.variant = variant
    self.format = format
  }

  /// The form's file name, the same in every store: lowercase, as blob keys are.
  public var fileName: String {
    let stem =
      switch variant {
      case .full: "full"
      case .thumbnailSmall: "small"
      case .thumbnailLarge: "large"
      }
    return "\(stem).\(format.rawValue)"
  }

  /// The form a client asks for: a thumbnail in WebP when it accepts WebP, else JPEG; the full
  /// form in the kind's own format.
  public static func requested(_ variant: ImageVariant, of kind: ImageKind, acceptsWebP: Bool) -> ImageForm {
    if variant == .full { return ImageForm(variant: .full, format: kind.fullFormat) }
    return ImageForm(variant: variant, format: acceptsWebP ? .webp : .jpeg)
  }
}
