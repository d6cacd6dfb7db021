/// The RIFF container of a WebP file, rewritten without its metadata chunks.
///
/// libvips 8.14 writes an `EXIF` chunk into every WebP even when told to strip (it builds one from
/// the image's resolution), so every WebP Orchard makes passes through here: the `EXIF`, `XMP `
/// and `ICCP` chunks are dropped, the extended header's flags for them cleared and the RIFF size
/// written again. The picture's own chunks are kept byte for byte.
enum WebPContainer {
  static let metadataChunks: Set<String> = ["EXIF", "XMP ", "ICCP"]
  /// VP8X flag bits: ICC profile 0x20, EXIF 0x08, XMP 0x04.
  static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

  /// `webp` without metadata; nil when it is not a well-formed WebP container.
  static func stripped(_ webp: [UInt8]) -> [UInt8]? {
    guard webp.count >= 12, webp[0..<4].elementsEqual("RIFF".utf8), webp[8..<12].elementsEqual("WEBP".utf8) else {
      return nil
    }
    var output = Array(webp[0..<12])
    var index = 12
    while index < webp.count {
      guard index + 8 <= webp.count else { return nil }
      let name = String(decoding: webp[index..<(index + 4)], as: UTF8.self)
      let size = webp[(index + 4)..<(index + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
      let end = index + 8 + size + (size & 1)
      guard end <= webp.count || (end == webp.count + 1 && size & 1 == 1) else { return nil }
      if !metadataChunks.contains(name) {
        var chunk = Array(webp[index..<min(end, webp.count)])
        if name == "VP8X", chunk.count > 8 { chunk[8] &= ~metadataFlags }
        output += chunk
      }
      index = end
    }
    let riffSize = UInt32(output.count - 8)
    output.replaceSubrange(4..<8, with: (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> (8 * $0)) })
    return output
  }
}
