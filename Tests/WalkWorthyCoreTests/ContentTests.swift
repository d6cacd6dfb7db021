import Foundation
import Testing
import WalkWorthyCore

@Suite("The bundled encouragements", .timeLimit(.minutes(5)))
struct ContentTests {
  let library = EncouragementLibrary.bundled

  @Test("the library decodes, with unique ids and every tag the pop-ups need")
  func decodes() {
    #expect(library.entries.count >= 66)
    #expect(Set(library.entries.map(\.id)).count == library.entries.count)
    for tag in Tag.featured { #expect(library.entries(tagged: tag).count >= 10, "\(tag)") }
    for tag in Tag.allCases { #expect(!library.entries(tagged: tag).isEmpty, "\(tag)") }
    #expect(library.entries.allSatisfy { !$0.tags.isEmpty && !$0.moments.isEmpty })
  }

  @Test("each passage reads differently in BSB, KJV and WEB, so a wrong label could not hide")
  func distinctTexts() {
    for entry in library.entries {
      let texts = Translation.allCases.map { VerseCard(entry, in: $0).text }
      #expect(Set(texts).count == 3, "\(entry.id)")
    }
  }

  /// The public-domain Bibles beside the project, when they are there (the tests' source of truth).
  static let bibleDirectory: URL? = {
    let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/bible")
    return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
  }()

  /// `directory`, or a failure naming it when `ORCHARD_TEST_REQUIRE_CONTENT=1` (as `scripts/test`
  /// sets) and it is missing: there, a faithfulness test that cannot find its source fails.
  static func required(_ directory: URL?) throws -> URL {
    try #require(directory, "ORCHARD_TEST_REQUIRE_CONTENT=1, but ../shared/data/bible is not beside the project")
  }

  @Test(
    "every card's label names the translation its text comes from",
    .enabled(if: bibleDirectory != nil || contentRequired, "the public-domain Bibles are not beside the project"),
    arguments: Translation.allCases)
  func labelMatchesText(translation: Translation) throws {
    struct Bible: Decodable {
      struct Row: Decodable { let book: String; let chapter: Int; let verse: Int; let text: String }
      let translation: String
      let verses: [Row]
    }
    let url = try Self.required(Self.bibleDirectory).appendingPathComponent("\(translation.rawValue).json")
    let bible = try JSONDecoder().decode(Bible.self, from: Data(contentsOf: url))
    var text: [String: String] = [:]
    for row in bible.verses { text["\(row.book) \(row.chapter):\(row.verse)"] = row.text }
    for entry in library.entries {
      let card = VerseCard(entry, in: translation)
      let source = (entry.firstVerse...entry.lastVerse).compactMap {
        text["\(Self.sourceBook(entry.book)) \(entry.chapter):\($0)"]
      }
      #expect(card.label == bible.translation)
      #expect(card.text == source.joined(separator: " "), "\(entry.id) \(card.label)")
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

  @Test("translations are labelled as what they are, with a licence line, and payload labels map back")
  func translations() {
    #expect(Translation.allCases.map(\.abbreviation) == ["BSB", "KJV", "WEB"])
    #expect(Translation.allCases.allSatisfy { !$0.licence.isEmpty && !$0.name.isEmpty })
    #expect(Translation(abbreviation: "BSB") == .bsb)
    #expect(Translation(abbreviation: "kjv") == .kjv)
    #expect(Translation(abbreviation: "ESV") == nil)
  }
}
