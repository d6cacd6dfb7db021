import CZlib
import Foundation

/// A zip archive (PKWARE's APPNOTE 6.3) of stored entries, made in memory: an account's export,
/// its JSON beside the photos it names. Entries are stored, not deflated: the photos are JPEG and
/// PNG already, and the JSON is small. Names are UTF-8 (flag bit 11), sizes and offsets 32-bit,
/// so an archive stays under 4 GiB and 65,535 entries; larger is refused, never written wrong.
public struct ZipArchive: Sendable {
  public struct Entry: Sendable {
    /// The entry's path inside the archive, with `/` between folders (`wardrobe/body.jpg`).
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
      self.path = path
      self.bytes = bytes
    }
  }

  public enum Failure: Error, Equatable {
    /// More than the format's 32-bit sizes or 16-bit entry count can hold.
    case tooLarge
    /// A path that is empty, absolute, climbs out with `..`, or names an entry twice.
    case badPath(String)
  }

  /// The entries, in the order they are written.
  public private(set) var entries: [Entry] = []
  /// The time every entry is stamped with (zip keeps local time to two seconds; this writes UTC).
  public let modified: Date

  public init(modified: Date) { self.modified = modified }

  public mutating func append(_ path: String, _ bytes: [UInt8]) throws(Failure) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.isEmpty, !path.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }),
      !entries.contains(where: { $0.path == path })
    else { throw .badPath(path) }
    entries.append(Entry(path: path, bytes: bytes))
  }

  /// The archive's bytes.
  public func bytes() throws(Failure) -> [UInt8] {
    guard entries.count < 0xFFFF else { throw .tooLarge }
    let (time, date) = Self.dosTimestamp(modified)
    var output: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      let name = Array(entry.path.utf8)
      let offset = output.count
      guard entry.bytes.count < 0xFFFF_FFFF, offset < 0xFFFF_FFFF, name.count < 0xFFFF else { throw .tooLarge }
      // The fields the local header and the central directory's line share, in the same order.
      var shared: [UInt8] = []
      shared.le16(Self.versionNeeded)
      shared.le16(Self.utf8Names)
      shared.le16(0)  // stored
      shared.le16(time)
      shared.le16(date)
      shared.le32(Self.crc32(entry.bytes))
      shared.le32(UInt32(entry.bytes.count))  // compressed
      shared.le32(UInt32(entry.bytes.count))
      shared.le16(UInt16(name.count))
      // The local header, then the entry's bytes.
      output.le32(0x0403_4b50)
      output += shared
      output.le16(0)  // extra field
      output += name
      output += entry.bytes
      // Its line in the central directory.
      directory.le32(0x0201_4b50)
      directory.le16(Self.madeByUnix)
      directory += shared
      directory.le16(0)  // extra field
      directory.le16(0)  // comment
      directory.le16(0)  // disk
      directory.le16(0)  // internal attributes
      directory.le32(0o100644 << 16)  // a regular file, rw-r--r--
      directory.le32(UInt32(offset))
      directory += name
    }
    let directoryOffset = output.count
    guard directoryOffset + directory.count < 0xFFFF_FFFF else { throw .tooLarge }
    output += directory
    // The end of the central directory.
    output.le32(0x0605_4b50)
    output.le16(0)
    output.le16(0)
    output.le16(UInt16(entries.count))
    output.le16(UInt16(entries.count))
    output.le32(UInt32(directory.count))
    output.le32(UInt32(directoryOffset))
    output.le16(0)
    return output
  }

  /// 2.0: the version of the format the entries need.
  static let versionNeeded: UInt16 = 20
  /// Made on Unix (3) by format version 3.0, so readers take the file mode from the attributes.
  static let madeByUnix: UInt16 = 3 << 8 | 30
  static let utf8Names: UInt16 = 1 << 11

  /// MS-DOS time and date fields: two-second steps, years from 1980 (earlier is stamped 1980-01-01).
  static func dosTimestamp(_ instant: Date) -> (time: UInt16, date: UInt16) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
    guard let year = parts.year, year >= 1980, year <= 2107 else { return (0, 1 << 5 | 1) }
    let time = (parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2
    let date = (year - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1)
    return (UInt16(time), UInt16(date))
  }

  /// The CRC-32 zip checks each entry with, by zlib.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
  }
}

extension [UInt8] {
  fileprivate mutating func le16(_ value: UInt16) {
    append(UInt8(value & 0xFF))
    append(UInt8(value >> 8))
  }

  fileprivate mutating func le32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
  }
}
