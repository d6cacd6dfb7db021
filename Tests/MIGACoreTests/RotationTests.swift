import Foundation
import MIGACore
import OrchardKit
import Testing

/// A library of `perCategory` items in each category.
func syntheticContent(perCategory: Int) -> [ContentItem] {
  ContentCategory.allCases.flatMap { category in
    (1...perCategory).map { n in
      ContentItem(
        id: "\(category.rawValue)-\(n)", kind: .quote, text: "\(category) \(n).", author: "Author", work: "Work",
        locus: "\(n)", translator: nil, year: 1850, licence: "PD-worldwide", source: "work.xhtml", category: category,
        words: 12)
    }
  }
}

@Suite("Content rotation", .timeLimit(.minutes(5)))
struct RotationTests {
  @Test("nothing comes again until every item has been shown, and never back to back", arguments: 0..<10)
  func noRepeatUntilExhausted(seed: UInt64) throws {
    let library = syntheticContent(perCategory: 6)
    var rotation = ContentRotation()
    var generator = SeededRandomNumberGenerator(seed: seed)
    let preferences = CategoryPreferences([.stoicism, .reflection])
    var picks: [ContentRotation.Pick] = []
    for _ in 0..<(3 * library.count) {
      picks.append(try #require(rotation.next(from: library, preferences: preferences, using: &generator)))
    }
    for round in 0..<3 {
      let ids = picks[(round * library.count)..<((round + 1) * library.count)].map(\.item.id)
      #expect(Set(ids).count == library.count, "round \(round) shows every item once")
    }
    #expect(zip(picks, picks.dropFirst()).allSatisfy { $0.item.id != $1.item.id })
    #expect(picks.prefix(library.count).allSatisfy { !$0.isReread })
    #expect(picks.dropFirst(library.count).allSatisfy { $0.isReread })
    #expect(rotation.rounds == 2)
  }

  @Test("categories come up in proportion to their weights (chi-square, seeded)")
  func weights() throws {
    // 100 items a category, 60 picks a run: no category runs out, so every pick follows the weights.
    let library = syntheticContent(perCategory: 100)
    let preferences = CategoryPreferences([.mindfulness, .productivity])
    var counts: [ContentCategory: Int] = [:]
    var generator = SeededRandomNumberGenerator(seed: 2026)
    for _ in 0..<200 {
      var rotation = ContentRotation()
      for _ in 0..<60 {
        counts[
          try #require(rotation.next(from: library, preferences: preferences, using: &generator)).item.category,
          default: 0] += 1
      }
    }
    let total = Double(counts.values.reduce(0, +))
    let weightSum = Double(ContentCategory.allCases.map(preferences.weight(of:)).reduce(0, +))
    let chiSquare = ContentCategory.allCases.reduce(0.0) { sum, category in
      let expected = total * Double(preferences.weight(of: category)) / weightSum
      let observed = Double(counts[category, default: 0])
      return sum + (observed - expected) * (observed - expected) / expected
    }
    // 4 degrees of freedom: 13.28 is the 99th percentile.
    #expect(chiSquare < 13.28, "χ² = \(chiSquare), counts \(counts)")
    // And the weights matter: a chosen category is about three times as frequent as another.
    let ratio = Double(counts[.mindfulness]!) / Double(counts[.stoicism]!)
    #expect((2.6...3.4).contains(ratio), "ratio \(ratio)")
  }

  @Test("no preference, or all of them, is an even mix; a chosen category weighs three times another")
  func preferenceWeights() {
    #expect(ContentCategory.allCases.allSatisfy { CategoryPreferences().weight(of: $0) == 3 })
    let some = CategoryPreferences([.motivation])
    #expect(some.weight(of: .motivation) == 3 && some.weight(of: .stoicism) == 1)
  }

  @Test("a library that changes keeps the rotation going: retired items vanish, new ones join the round")
  func changingLibrary() throws {
    var library = syntheticContent(perCategory: 2)
    var rotation = ContentRotation()
    var generator = SeededRandomNumberGenerator(seed: 5)
    let first = try #require(rotation.next(from: library, preferences: .init(), using: &generator)).item.id
    library.removeAll { $0.id == first }
    library += syntheticContent(perCategory: 3).filter { $0.id.hasSuffix("-3") }
    var seen: Set<String> = []
    for _ in 0..<library.count {
      seen.insert(try #require(rotation.next(from: library, preferences: .init(), using: &generator)).item.id)
    }
    #expect(seen == Set(library.map(\.id)))
    var empty = ContentRotation()
    let none = empty.next(from: [], preferences: .init(), using: &generator)
    #expect(none == nil)
  }

  @Test("a pick can be limited to quotes; the quotes' round ends without touching the articles'")
  func kinds() throws {
    let quotes = syntheticContent(perCategory: 2)
    let articles = quotes.map { quote in
      ContentItem(
        id: quote.id + "-article", kind: .article, text: quote.text, author: quote.author, work: quote.work,
        locus: quote.locus, translator: nil, year: 1850, licence: quote.licence, source: quote.source,
        category: quote.category, words: 150)
    }
    var rotation = ContentRotation()
    var generator = SeededRandomNumberGenerator(seed: 9)
    let article = try #require(
      rotation.next(from: quotes + articles, preferences: .init(), kinds: [.article], using: &generator))
    var shown: [String] = []
    for _ in 0..<(2 * quotes.count) {
      let pick = try #require(
        rotation.next(from: quotes + articles, preferences: .init(), kinds: [.quote], using: &generator))
      #expect(pick.item.kind == .quote)
      shown.append(pick.item.id)
    }
    #expect(Set(shown.prefix(quotes.count)) == Set(quotes.map(\.id)))
    #expect(rotation.shownThisRound.contains(article.item.id), "the article stays shown in its own round")
  }

  @Test("a one-item library can only show its one item")
  func single() throws {
    let library = Array(syntheticContent(perCategory: 1).prefix(1))
    var rotation = ContentRotation()
    var generator = SeededRandomNumberGenerator(seed: 1)
    for _ in 0..<3 {
      let pick = rotation.next(from: library, preferences: .init(), using: &generator)
      #expect(pick?.item.id == library[0].id)
    }
  }
}
