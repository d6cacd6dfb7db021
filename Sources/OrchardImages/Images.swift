/// A width and a height in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  public let width: Int
  public let height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Width × height, saturating instead of overflowing.
  public var pixels: Int {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? .max : product
  }

  public var description: String { "\(width)×\(height)" }
}

/// The formats Orchard writes.
public enum ImageFormat: String, Hashable, Sendable {
  case jpeg, webp, png, heic

  public var mimeType: String { "image/\(rawValue)" }
}

/// One output of a photo: its format, its quality, and the long edge it fits in.
public struct Rendition: Hashable, Sendable {
  public let longEdge: Int
  public let format: ImageFormat
  /// 1–100, for the lossy formats.
  public let quality: Int
  /// For JPEG, whether it is progressive (shows whole, then sharpens) or sequential, as cameras
  /// write; nil chooses by size, progressive above 600 px on the long edge.
  public let progressive: Bool?

  public init(longEdge: Int, format: ImageFormat, quality: Int = 82, progressive: Bool? = nil) {
    self.longEdge = longEdge
    self.format = format
    self.quality = quality
    self.progressive = progressive
  }
}

/// An encoded image and what it holds.
public struct EncodedImage: Sendable {
  public let bytes: [UInt8]
  public let format: ImageFormat
  public let size: PixelSize
}

/// Packed 8-bit pixels, row after row: 3 channels (RGB) or 4 (RGBA).
public struct Pixels: Sendable, Equatable {
  public let width: Int
  public let height: Int
  public let channels: Int
  public var bytes: [UInt8]

  public init(width: Int, height: Int, channels: Int, bytes: [UInt8]) {
    precondition(bytes.count == width * height * channels, "pixels must fill the image")
    self.width = width
    self.height = height
    self.channels = channels
    self.bytes = bytes
  }
}

/// Why a photo could not be processed.
public enum ImageError: Error, Equatable, CustomStringConvertible {
  /// The header cannot be read: not an image, or a damaged one.
  case unreadable(String)
  /// Larger than the caller allows; refused before decoding.
  case tooManyPixels(PixelSize)
  /// Decoding or encoding failed part-way (a truncated file, for one).
  case failed(String)

  public var description: String {
    switch self {
    case .unreadable(let reason): "unreadable image: \(reason)"
    case .tooManyPixels(let size): "image of \(size) pixels refused before decoding"
    case .failed(let reason): "image processing failed: \(reason)"
    }
  }
}
