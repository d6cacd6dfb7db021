import ContentTesting
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

  @Test(
    "the shipped text is exactly the source text of those verses, joined with single spaces",
    .enabled(if: SourceBible.available, "the public-domain Bibles are not beside the project"),
    arguments: Translation.allCases)
  func faithfulToSource(translation: Translation) throws {
    let bible = try SourceBible(translation.rawValue)
    for verse in library.verses {
      let parts = bible.passage(verse.book, chapter: verse.chapter, verses: verse.firstVerse...verse.lastVerse)
      #expect(!parts.contains(nil), "\(verse.reference) does not exist in \(translation.abbreviation)")
      #expect(
        verse.text(in: translation) == parts.compactMap { $0 }.joined(separator: " "), "\(verse.id) \(translation)")
    }
  }
}
