import CZlib

/// A decompression bomb, for the checks that prove the size guard holds (tests and the bench): a
/// valid grayscale PNG of `side` × `side` black pixels, a few hundred kilobytes that decode to
/// `side`² bytes. It is compressed a row at a time, so making it allocates little.
public enum DecompressionBomb {
  public static func png(side: Int) -> [UInt8] {
    var stream = z_stream()
    deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    defer { deflateEnd(&stream) }
    var compressed: [UInt8] = []
    var row = [UInt8](repeating: 0, count: side + 1)  // a filter byte, then the pixels
    var out = [UInt8](repeating: 0, count: 1 << 16)
    for index in 0..<side {
      let flush = index == side - 1 ? Z_FINISH : Z_NO_FLUSH
      row.withUnsafeMutableBytes { input in
        stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(input.count)
        repeat {
          out.withUnsafeMutableBytes { output in
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(output.count)
            deflate(&stream, flush)
            compressed += output.prefix(output.count - Int(stream.avail_out))
          }
        } while stream.avail_out == 0
      }
    }
    let header = bigEndian(UInt32(side)) + bigEndian(UInt32(side)) + [8, 0, 0, 0, 0]  // 8-bit gray
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", compressed)
      + chunk("IEND", [])
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
}
