/// Packed 8-bit pixels, row after row, with 3 channels (RGB) or 4 (RGBA): what the cutout works
/// on and what it returns. The server decodes and encodes; the rules about pixels live here.
public struct RGBImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  public let channels: Int
  public var bytes: [UInt8]

  public init(width: Int, height: Int, channels: Int = 3, bytes: [UInt8]) {
    precondition(channels == 3 || channels == 4, "RGB or RGBA")
    precondition(bytes.count == width * height * channels, "the bytes must fill the image")
    self.width = width
    self.height = height
    self.channels = channels
    self.bytes = bytes
  }

  public var pixelCount: Int { width * height }
}
