import Foundation
import ServerKitTesting
import Testing

@testable import ServerKit

@Suite("Zip archives, as an account's export is downloaded", .timeLimit(.minutes(5)))
struct ZipArchiveTests {
  /// 2026-12-02 17:36:25 UTC.
  let made = Date(timeIntervalSince1970: 1_796_232_985)

  @Test("every entry reads back whole, in order, with its UTF-8 name, its CRC and a file's mode")
  func roundTrip() throws {
    var archive = ZipArchive(modified: made)
    let photo = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    try archive.append("account.json", Array(#"{"at":"2026-12-02T17:36:25Z"}"#.utf8))
    try archive.append("wardrobe/garments/été.jpg", photo)
    try archive.append("wardrobe/empty.png", [])
    let read = try #require(ZipReader(try archive.bytes()))
    #expect(read.entries.map(\.path) == ["account.json", "wardrobe/garments/été.jpg", "wardrobe/empty.png"])
    #expect(read["wardrobe/garments/été.jpg"] == photo)
    #expect(read["wardrobe/empty.png"] == [])
    #expect(read.entries.allSatisfy { $0.externalAttributes >> 16 == 0o100644 })
  }

  @Test("the CRC is zip's: the standard check value of \"123456789\" is 0xCBF43926")
  func checkValue() {
    #expect(ZipArchive.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(ZipArchive.crc32([]) == 0)
  }

  @Test("each entry is stamped with the export's time in UTC, to the two seconds MS-DOS keeps")
  func timestamps() throws {
    var archive = ZipArchive(modified: made)
    try archive.append("a.txt", [1])
    let entry = try #require(ZipReader(try archive.bytes())?.entries.first)
    #expect(entry.dosTime == 17 << 11 | 36 << 5 | 12)
    #expect(entry.dosDate == (2026 - 1980) << 9 | 12 << 5 | 2)
    #expect(ZipArchive.dosTimestamp(Date(timeIntervalSince1970: 0)) == (0, 1 << 5 | 1))
  }

  @Test(
    "a path that is empty, absolute, climbs out or names an entry twice is refused, and nothing is added",
    arguments: ["", "/etc/passwd", "../x", "wardrobe/../../x", "a//b", "./a", "account.json"])
  func badPaths(_ path: String) throws {
    var archive = ZipArchive(modified: made)
    try archive.append("account.json", [])
    #expect(throws: ZipArchive.Failure.badPath(path)) { try archive.append(path, [1]) }
    #expect(archive.entries.count == 1)
  }

  @Test("an archive with no entries is the end record alone, which readers open as empty")
  func empty() throws {
    let bytes = try ZipArchive(modified: made).bytes()
    #expect(bytes.count == 22)
    #expect(try #require(ZipReader(bytes)).entries.isEmpty)
  }
}
