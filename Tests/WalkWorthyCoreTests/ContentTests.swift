import ContentTesting
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

  @Test(
    "every card's label names the translation its text comes from",
    .enabled(if: SourceBible.available, "the public-domain Bibles are not beside the project"),
    arguments: Translation.allCases)
  func labelMatchesText(translation: Translation) throws {
    let bible = try SourceBible(translation.rawValue)
    for entry in library.entries {
      let card = VerseCard(entry, in: translation)
      let source = bible.passage(entry.book, chapter: entry.chapter, verses: entry.firstVerse...entry.lastVerse)
      #expect(card.label == bible.translation)
      #expect(card.text == source.compactMap { $0 }.joined(separator: " "), "\(entry.id) \(card.label)")
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
