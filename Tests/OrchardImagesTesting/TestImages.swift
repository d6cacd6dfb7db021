import Foundation
import OrchardImages

/// Images made for the tests, byte by byte where the bytes are the point (an EXIF block with a GPS
/// position, a decompression bomb) and with libvips where only the picture matters.
public enum TestImages {
  /// A `width` × `height` photo-like gradient, encoded as `format`.
  public static func photo(width: Int, height: Int, format: ImageFormat) async throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let index = (y * width + x) * 3
        bytes[index] = UInt8(x * 255 / max(width - 1, 1))
        bytes[index + 1] = UInt8(y * 255 / max(height - 1, 1))
        bytes[index + 2] = UInt8((x + y) % 256)
      }
    }
    let pixels = Pixels(width: width, height: height, channels: 3, bytes: bytes)
    let edge = max(width, height)
    let rendition = Rendition(longEdge: edge, format: format, quality: 90)
    return try await ImageProcessor().render(pixels, as: [rendition])[rendition]!.bytes
  }

  /// `jpeg` with an EXIF block inserted after its start marker: an orientation (6: the camera was
  /// held upright, so the picture must turn a quarter clockwise) and a GPS position (48° 51′ 29.5″ N,
  /// 2° 17′ 40.2″ E), laid out as a phone's camera writes them (big-endian TIFF).
  public static func withExif(_ jpeg: [UInt8], orientation: UInt16 = 6) -> [UInt8] {
    var tiff: [UInt8] = Array("MM".utf8) + be16(42) + be32(8)
    // IFD0 at 8: two entries, then the next-IFD offset (none).
    let gpsOffset: UInt32 = 8 + 2 + 2 * 12 + 4
    tiff += be16(2)
    tiff += entry(tag: 0x0112, type: 3, count: 1, value: UInt32(orientation) << 16)  // Orientation, SHORT
    tiff += entry(tag: 0x8825, type: 4, count: 1, value: gpsOffset)  // GPS IFD pointer, LONG
    tiff += be32(0)
    // GPS IFD: four entries; the rationals follow it.
    let rationals = gpsOffset + 2 + 4 * 12 + 4
    tiff += be16(4)
    tiff += entry(tag: 0x0001, type: 2, count: 2, value: UInt32(UInt8(ascii: "N")) << 24)  // GPSLatitudeRef
    tiff += entry(tag: 0x0002, type: 5, count: 3, value: rationals)  // GPSLatitude
    tiff += entry(tag: 0x0003, type: 2, count: 2, value: UInt32(UInt8(ascii: "E")) << 24)  // GPSLongitudeRef
    tiff += entry(tag: 0x0004, type: 5, count: 3, value: rationals + 24)  // GPSLongitude
    tiff += be32(0)
    for (numerator, denominator) in [(48, 1), (51, 1), (2950, 100), (2, 1), (17, 1), (4020, 100)] as [(UInt32, UInt32)]
    {
      tiff += be32(numerator) + be32(denominator)
    }
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let segment: [UInt8] = [0xFF, 0xE1] + be16(UInt16(payload.count + 2)) + payload
    return Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
  }

  public static func entry(tag: UInt16, type: UInt16, count: UInt32, value: UInt32) -> [UInt8] {
    be16(tag) + be16(type) + be32(count) + be32(value)
  }

  public static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
  public static func be32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// The JPEG segments' markers, up to the start of the picture data.
  public static func jpegMarkers(_ jpeg: [UInt8]) -> [UInt8] {
    var markers: [UInt8] = []
    var index = 2
    while index + 4 <= jpeg.count, jpeg[index] == 0xFF {
      let marker = jpeg[index + 1]
      markers.append(marker)
      if marker == 0xDA { break }
      index += 2 + Int(jpeg[index + 2]) << 8 + Int(jpeg[index + 3])
    }
    return markers
  }
}

extension Array where Element == UInt8 {
  public func contains(_ needle: [UInt8]) -> Bool {
    guard needle.count <= count else { return false }
    return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}
