import Foundation
import Testing

/// The data the project may ship, in `../shared/data` beside the repository, as the content tests
/// read it: the tests' source of truth for anything copied from a public-domain text.
public enum SharedData {
  /// The repository these tests belong to, found through any symlinked test folder.
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `scripts/test` sets `ORCHARD_TEST_REQUIRE_CONTENT=1`: there, a test that checks shipped content
  /// against its source fails when the source is missing instead of being skipped.
  public static let required = ProcessInfo.processInfo.environment["ORCHARD_TEST_REQUIRE_CONTENT"] == "1"

  /// `../shared/data/<path>` when it is there.
  public static func directory(_ path: String) -> URL? {
    let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/\(path)")
    return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
  }

  /// Whether a test that reads `../shared/data/<path>` runs: the data is there, or it is required
  /// (and its absence then fails the test in ``require(_:)``).
  public static func available(_ path: String) -> Bool { directory(path) != nil || required }

  /// `../shared/data/<path>`, or a failure naming it.
  public static func require(_ path: String) throws -> URL {
    try #require(
      directory(path), "ORCHARD_TEST_REQUIRE_CONTENT=1, but ../shared/data/\(path) is not beside the project")
  }
}

/// One public-domain Bible from `../shared/data/bible/<name>.json`, looked up by the book names the
/// apps display.
public struct SourceBible: Sendable {
  /// The translation's own label in the file ("BSB", "KJV", "WEB").
  public let translation: String
  private let verses: [String: String]

  /// Whether the Bibles are there to read (or required, so their absence fails the test).
  public static var available: Bool { SharedData.available("bible") }

  public init(_ name: String) throws {
    struct File: Decodable {
      struct Row: Decodable {
        let book: String
        let chapter: Int
        let verse: Int
        let text: String
      }
      let translation: String
      let verses: [Row]
    }
    let url = try SharedData.require("bible").appendingPathComponent("\(name).json")
    let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    translation = file.translation
    var verses: [String: String] = [:]
    for row in file.verses { verses["\(row.book) \(row.chapter):\(row.verse)"] = row.text }
    self.verses = verses
  }

  /// The text of each verse of a passage, nil where the source has no such verse.
  public func passage(_ book: String, chapter: Int, verses range: ClosedRange<Int>) -> [String?] {
    range.map { verses["\(Self.sourceBook(book)) \(chapter):\($0)"] }
  }

  /// Display names to the source files' names ("1 John" → "I John", "Psalm" → "Psalms").
  static func sourceBook(_ book: String) -> String {
    switch book {
    case "Psalm": return "Psalms"
    case "Song of Songs": return "Song of Solomon"
    case "Revelation": return "Revelation of John"
    default:
      let roman = ["1": "I", "2": "II", "3": "III"]
      let parts = book.split(separator: " ", maxSplits: 1)
      if parts.count == 2, let numeral = roman[String(parts[0])] { return "\(numeral) \(parts[1])" }
      return book
    }
  }
}
