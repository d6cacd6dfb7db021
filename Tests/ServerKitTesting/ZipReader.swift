/// Reads a zip of stored entries the way an unzip tool does, from its central directory: each
/// entry's name and bytes, its CRC-32 checked by a table of our own (not zlib, which the writer
/// uses), and the local header checked against the directory. Nil for anything malformed.
public struct ZipReader {
  public struct Entry {
    public let path: String
    public let bytes: [UInt8]
    public let dosTime: UInt16
    public let dosDate: UInt16
    public let externalAttributes: UInt32
  }

  public let entries: [Entry]

  public init?(_ data: [UInt8]) {
    func le16(_ at: Int) -> Int? { at + 2 <= data.count ? Int(data[at]) | Int(data[at + 1]) << 8 : nil }
    func le32(_ at: Int) -> Int? {
      guard let low = le16(at), let high = le16(at + 2) else { return nil }
      return low | high << 16
    }
    // The end record is the last 22 bytes when there is no comment (the writer adds none).
    let end = data.count - 22
    guard end >= 0, le32(end) == 0x0605_4b50, let count = le16(end + 10), let size = le32(end + 12),
      var at = le32(end + 16), at + size == end
    else { return nil }
    var entries: [Entry] = []
    for _ in 0..<count {
      guard le32(at) == 0x0201_4b50, let method = le16(at + 10), method == 0, let time = le16(at + 12),
        let date = le16(at + 14), let crc = le32(at + 16), let compressed = le32(at + 20),
        let length = le32(at + 24), compressed == length, let nameLength = le16(at + 28),
        let extra = le16(at + 30), let comment = le16(at + 32), let attributes = le32(at + 38),
        let offset = le32(at + 42), at + 46 + nameLength <= data.count
      else { return nil }
      let name = Array(data[(at + 46)..<(at + 46 + nameLength)])
      // The local header must agree, and the bytes follow it.
      guard le32(offset) == 0x0403_4b50, le32(offset + 14) == crc, le32(offset + 22) == length,
        le16(offset + 26) == nameLength, let localExtra = le16(offset + 28),
        Array(data[(offset + 30)..<(offset + 30 + nameLength)]) == name
      else { return nil }
      let start = offset + 30 + nameLength + localExtra
      guard start + length <= data.count else { return nil }
      let bytes = Array(data[start..<(start + length)])
      guard Self.crc32(bytes) == UInt32(crc), let path = String(validating: name, as: UTF8.self) else { return nil }
      entries.append(
        Entry(
          path: path, bytes: bytes, dosTime: UInt16(time), dosDate: UInt16(date),
          externalAttributes: UInt32(attributes)))
      at += 46 + nameLength + extra + comment
    }
    self.entries = entries
  }

  public subscript(path: String) -> [UInt8]? { entries.first { $0.path == path }?.bytes }

  /// CRC-32 (ISO 3309, reflected, polynomial 0xEDB88320), bit by bit.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
