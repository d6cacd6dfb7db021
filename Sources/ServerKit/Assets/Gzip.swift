import CZlib

/// gzip (RFC 1952) through zlib, for assets made at start (a theme's stylesheet): the files in
/// `Public/` are compressed ahead by `scripts/compress-assets`, these when the server starts.
public enum Gzip {
  /// `bytes` compressed at zlib's best level; nil if zlib refuses (it does not for memory it has).
  public static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    // 15 + 16: a 32 KiB window, with the gzip header and trailer.
    guard
      deflateInit2_(
        &stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
    var input = bytes
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }

  /// A gzip member's bytes, or nil when it is not one (or is larger than `limit`).
  public static func decompress(_ bytes: [UInt8], limit: Int = 16 << 20) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var input = bytes
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
      stream.next_in = source.baseAddress
      stream.avail_in = uInt(source.count)
      while true {
        let (status, produced) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
          stream.next_out = target.baseAddress
          stream.avail_out = uInt(target.count)
          let status = inflate(&stream, Z_NO_FLUSH)
          return (status, target.count - Int(stream.avail_out))
        }
        result += chunk.prefix(produced)
        guard result.count <= limit else { return nil }
        if status == Z_STREAM_END { return result }
        guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
      }
    }
  }
}
