import FaithJarCore
import Foundation
import Testing

@Suite("The bundled verse library", .timeLimit(.minutes(5)))
struct ContentTests {
  let library = VerseLibrary.bundled

  @Test("every feeling has at least 20 verses, with no passage twice", arguments: Emotion.allCases)
  func perEmotion(emotion: Emotion) {
    let verses = library.verses(for: emotion)
    #expect(verses.count >= 20)
    #expect(Set(verses.map(\.reference)).count == verses.count)
  }

  @Test("ids are unique across the library")
  func uniqueIDs() {
    #expect(Set(library.verses.map(\.id)).count == library.verses.count)
    #expect(library.verses.count >= 120)
  }

  @Test("every entry has BSB, KJV and WEB text and a 150–450 character explanation")
  func completeEntries() {
    for verse in library.verses {
      #expect(Set(verse.texts.keys) == Set(Translation.allCases), "\(verse.id)")
      #expect(verse.texts.values.allSatisfy { !$0.isEmpty }, "\(verse.id)")
      #expect((150...450).contains(verse.explanation.count), "\(verse.id): \(verse.explanation.count) characters")
      #expect(verse.firstVerse <= verse.lastVerse)
    }
  }

  /// The public-domain Bibles beside the project, when they are there (the tests' source of truth).
  static let bibleDirectory: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let directory = root.deletingLastPathComponent().appendingPathComponent("shared/data/bible")
    return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
  }()

  /// `directory`, or a failure naming it when `ORCHARD_TEST_REQUIRE_CONTENT=1` (as `scripts/test`
  /// sets) and it is missing: there, a faithfulness test that cannot find its source fails.
  static func required(_ directory: URL?) throws -> URL {
    try #require(directory, "ORCHARD_TEST_REQUIRE_CONTENT=1, but ../shared/data/bible is not beside the project")
  }

  @Test(
    "the shipped text is exactly the source text of those verses, joined with single spaces",
    .enabled(if: bibleDirectory != nil || contentRequired, "the public-domain Bibles are not beside the project"),
    arguments: Translation.allCases)
  func faithfulToSource(translation: Translation) throws {
    struct Bible: Decodable {
      struct Row: Decodable { let book: String; let chapter: Int; let verse: Int; let text: String }
      let verses: [Row]
    }
    let url = try Self.required(Self.bibleDirectory).appendingPathComponent("\(translation.rawValue).json")
    let bible = try JSONDecoder().decode(Bible.self, from: Data(contentsOf: url))
    var text: [String: String] = [:]
    for row in bible.verses { text["\(row.book) \(row.chapter):\(row.verse)"] = row.text }
    for verse in library.verses {
      let parts = (verse.firstVerse...verse.lastVerse).map {
        text["\(Self.sourceBook(verse.book)) \(verse.chapter):\($0)"]
      }
      #expect(!parts.contains(nil), "\(verse.reference) does not exist in \(translation.abbreviation)")
      #expect(
        verse.text(in: translation) == parts.compactMap { $0 }.joined(separator: " "), "\(verse.id) \(translation)")
    }
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
