import OrchardKit
import Testing
import WalkWorthyCore

@Suite("Encouragement pop-ups", .timeLimit(.minutes(5)))
struct PopupDeckTests {
  let entries = EncouragementLibrary.bundled.entries

  @Test(
    "a sequence leads with Courage, Rest and Wisdom, then other tags, each tag and entry once",
    arguments: PopupDeck.sizes)
  func distinctTags(count: Int) {
    for seed in UInt64(1)...50 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      let cards = PopupDeck.deal(from: entries, count: count, in: .web, using: &generator)
      #expect(cards.count == count)
      #expect(Array(cards.map(\.tag).prefix(3)) == [.courage, .rest, .wisdom])
      #expect(Set(cards.map(\.tag)).count == count)
      #expect(Set(cards.map(\.id)).count == count)
      #expect(cards.allSatisfy { $0.card.entry.tags.contains($0.tag) && $0.card.label == "WEB" })
    }
  }

  @Test("four cards by default, and the same seed deals the same sequence")
  func deterministic() {
    func deal(seed: UInt64) -> [String] {
      var generator = SeededRandomNumberGenerator(seed: seed)
      return PopupDeck.deal(from: entries, in: .bsb, using: &generator).map { "\($0.tag):\($0.id)" }
    }
    #expect(deal(seed: 7).count == PopupDeck.defaultSize)
    #expect(deal(seed: 7) == deal(seed: 7))
    #expect(Set((UInt64(1)...20).map(deal)).count > 1)
  }

  @Test("without the featured tags, the other tags still come once each")
  func otherTags() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let pool = syntheticEntries(count: 9, tags: [[.hope], [.peace], [.focus]])
    let cards = PopupDeck.deal(from: pool, count: 3, in: .bsb, using: &generator)
    #expect(Set(cards.map(\.tag)) == [.hope, .peace, .focus])
  }

  @Test("with fewer tags than cards, unused entries fill the sequence under their main tag")
  func fill() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let pool = syntheticEntries(count: 6, tags: [[.rest, .peace], [.rest]])
    let cards = PopupDeck.deal(from: pool, count: 5, in: .bsb, using: &generator)
    #expect(cards.count == 5)
    #expect(Array(cards.map(\.tag).prefix(2)) == [.rest, .peace])
    #expect(cards.dropFirst(2).allSatisfy { $0.tag == .rest })
    #expect(Set(cards.map(\.id)).count == 5)
  }

  @Test("with fewer entries than cards, the sequence is shorter")
  func short() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    #expect(PopupDeck.deal(from: syntheticEntries(count: 2), count: 3, in: .bsb, using: &generator).count == 2)
  }
}

@Suite("A pop-up sequence's length", .timeLimit(.minutes(5)))
struct PopupSequenceTests {
  @Test("a dealt sequence holds 3 to 5 cards and, over seeds, every size occurs")
  func sizes() {
    var counts: Set<Int> = []
    for seed in UInt64(0)..<200 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      let cards = PopupDeck.sequence(from: EncouragementLibrary.bundled.entries, in: .bsb, using: &generator)
      #expect(PopupDeck.sizes.contains(cards.count))
      counts.insert(cards.count)
    }
    #expect(counts == Set(PopupDeck.sizes))
  }

  @Test("showing a sequence keeps it and puts its first card, on screen at once, in the history")
  func shown() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let cards = PopupDeck.sequence(from: EncouragementLibrary.bundled.entries, in: .bsb, using: &generator)
    var state = OnDeviceState()
    let now = instant("2026-11-17T15:00:00Z")
    state.showPopups(cards, at: now)
    #expect(state.popups == cards.map { PopupSlot(id: $0.card.id, tag: $0.tag) })
    #expect(state.history.entries.map(\.verseID) == [try #require(cards.first).card.id])
  }
}
