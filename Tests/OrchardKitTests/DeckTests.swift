import Foundation
import OrchardKit
import Testing

@Suite("Deck", .timeLimit(.minutes(5)))
struct DeckTests {
  private let verses = ["a", "b", "c", "d", "e"]

  private func makeDeck(_ items: [String]) throws -> Deck<String, String> {
    try #require(Deck(items, id: { $0 }))
  }

  private func deal(_ deck: inout Deck<String, String>, _ count: Int, seed: UInt64) -> [String] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    return deal(&deck, count, using: &generator)
  }

  private func deal(
    _ deck: inout Deck<String, String>, _ count: Int, using generator: inout SeededRandomNumberGenerator
  ) -> [String] {
    (0..<count).map { _ in deck.deal(using: &generator) }
  }

  /// Saves the state through JSON, as an app would between launches.
  private func persisted(_ state: Deck<String, String>.State) throws -> Deck<String, String>.State {
    try JSONDecoder().decode(Deck<String, String>.State.self, from: JSONEncoder().encode(state))
  }

  private func state(_ json: String) throws -> Deck<String, String>.State {
    try JSONDecoder().decode(Deck<String, String>.State.self, from: Data(json.utf8))
  }

  @Test("each cycle deals every item exactly once")
  func everyItemOncePerCycle() throws {
    var deck = try makeDeck(verses)
    let dealt = deal(&deck, 15, seed: 1)
    for cycle in stride(from: 0, to: 15, by: 5) {
      #expect(Set(dealt[cycle..<cycle + 5]) == Set(verses))
    }
  }

  @Test("a two-item deck strictly alternates, so nothing repeats even across reshuffles", arguments: 0..<20)
  func twoItemsAlternate(seed: UInt64) throws {
    var deck = try makeDeck(["a", "b"])
    let dealt = deal(&deck, 30, seed: seed)
    #expect(zip(dealt, dealt.dropFirst()).allSatisfy { $0 != $1 })
  }

  @Test("a one-item deck can only deal its one item, every time")
  func oneItemRepeats() throws {
    var deck = try makeDeck(["only"])
    #expect(deal(&deck, 4, seed: 3) == ["only", "only", "only", "only"])
  }

  @Test("there is no deck of nothing")
  func emptySourceMakesNoDeck() {
    #expect(Deck([String](), id: { $0 }) == nil)
    #expect(Deck<String, Int>(byPosition: []) == nil)
  }

  @Test("the same seed deals the same sequence, and another seed a different one")
  func deterministicUnderSeed() throws {
    var first = try makeDeck(verses)
    var second = try makeDeck(verses)
    var third = try makeDeck(verses)
    let sequence = deal(&first, 20, seed: 9)
    #expect(deal(&second, 20, seed: 9) == sequence)
    #expect(deal(&third, 20, seed: 10) != sequence)
  }

  @Test("items with the same identifier are one card")
  func duplicateIDsAreOneCard() throws {
    var deck = try makeDeck(["a", "b", "a", "c", "b"])
    #expect(deck.count == 3)
    #expect(Set(deal(&deck, 3, seed: 4)) == ["a", "b", "c"])
  }

  @Test("a deck by position identifies items by their offset")
  func byPositionUsesOffsets() throws {
    var deck = try #require(Deck<String, Int>(byPosition: ["x", "y", "z"]))
    var generator = SeededRandomNumberGenerator(seed: 5)
    let first = deck.deal(using: &generator)
    #expect(Set(deck.state.order) == [0, 1, 2])
    #expect(deck.state.lastDealt.map { ["x", "y", "z"][$0] } == first)
  }

  @Test("the saved state is the shuffled order of identifiers, how far it got, and the last card")
  func stateDescribesProgress() throws {
    var deck = try makeDeck(verses)
    let dealt = deal(&deck, 2, seed: 6)
    #expect(deck.state.position == 2)
    #expect(Array(deck.state.order.prefix(2)) == dealt)
    #expect(deck.state.lastDealt == dealt[1])
    #expect(try persisted(deck.state) == deck.state)
  }

  @Test("after a restart the deck continues exactly where it stopped")
  func restoreContinuesIdentically() throws {
    var original = try makeDeck(verses)
    var generator = SeededRandomNumberGenerator(seed: 8)
    _ = deal(&original, 7, using: &generator)
    var reopened = try makeDeck(verses)
    var copy = generator
    reopened.restore(try persisted(original.state), using: &copy)
    #expect(deal(&reopened, 12, using: &copy) == deal(&original, 12, using: &generator))
  }

  @Test("a deck saved before its first deal restores to the same fresh deck")
  func restoreBeforeFirstDeal() throws {
    var original = try makeDeck(verses)
    var reopened = try makeDeck(verses)
    var generator = SeededRandomNumberGenerator(seed: 10)
    reopened.restore(try persisted(original.state), using: &generator)
    #expect(reopened.state == original.state)
    #expect(deal(&reopened, 10, seed: 17) == deal(&original, 10, seed: 17))
  }

  @Test("items removed from the source are never dealt after a restore")
  func removedItemsAreDropped() throws {
    var original = try makeDeck(verses)
    var generator = SeededRandomNumberGenerator(seed: 11)
    let before = deal(&original, 2, using: &generator)
    let remaining = verses.filter { !before.contains($0) }
    let reduced = verses.filter { $0 != remaining[0] }
    var reopened = try makeDeck(reduced)
    reopened.restore(original.state, using: &generator)
    let after = deal(&reopened, 8, using: &generator)
    #expect(!after.contains(remaining[0]))
    #expect(Set(after.prefix(2)) == Set(remaining.dropFirst()))
  }

  @Test("items added to the source join the current cycle before anything repeats")
  func addedItemsJoinCurrentCycle() throws {
    var original = try makeDeck(verses)
    var generator = SeededRandomNumberGenerator(seed: 12)
    let before = deal(&original, 3, using: &generator)
    var reopened = try makeDeck(verses + ["new1", "new2"])
    reopened.restore(original.state, using: &generator)
    let rest = deal(&reopened, 4, using: &generator)
    #expect(Set(before + rest) == Set(verses + ["new1", "new2"]))
  }

  @Test("added items are mixed into the rest of the cycle, not queued at its end")
  func addedItemsAreMixedIn() throws {
    var positions = Set<Int>()
    for seed in 0..<20 as Range<UInt64> {
      var original = try makeDeck(verses)
      var generator = SeededRandomNumberGenerator(seed: seed)
      _ = deal(&original, 1, using: &generator)
      var reopened = try makeDeck(verses + ["new"])
      reopened.restore(original.state, using: &generator)
      positions.insert(try #require(deal(&reopened, 5, using: &generator).firstIndex(of: "new")))
    }
    #expect(positions == Set(0..<5))
  }

  @Test("a restored deck whose cycle was finished deals newly added items next")
  func addedItemsAfterFinishedCycle() throws {
    var original = try makeDeck(verses)
    var generator = SeededRandomNumberGenerator(seed: 13)
    _ = deal(&original, 5, using: &generator)
    var reopened = try makeDeck(verses + ["new"])
    reopened.restore(original.state, using: &generator)
    #expect(deal(&reopened, 1, using: &generator) == ["new"])
  }

  @Test("the last dealt card never comes next after a restore, even if the saved record says it is due")
  func lastDealtCountsAsDealt() throws {
    var deck = try makeDeck(["a", "b", "c"])
    var generator = SeededRandomNumberGenerator(seed: 14)
    deck.restore(try state(#"{"order":["a","b","c"],"position":0,"lastDealt":"a"}"#), using: &generator)
    #expect(deal(&deck, 2, using: &generator) == ["b", "c"])
    #expect(deck.deal(using: &generator) != "c")
  }

  @Test("a last dealt card missing from the saved order still counts as dealt")
  func lastDealtOutsideOrder() throws {
    var deck = try makeDeck(["a", "b"])
    var generator = SeededRandomNumberGenerator(seed: 15)
    deck.restore(try state(#"{"order":["b"],"position":0,"lastDealt":"a"}"#), using: &generator)
    #expect(deal(&deck, 3, using: &generator) == ["b", "a", "b"])
  }

  @Test(
    "a nonsense saved state is read as far as it makes sense",
    arguments: [
      #"{"order":["a","a","b","zz"],"position":99,"lastDealt":"b"}"#,
      #"{"order":["c","b","a"],"position":-4,"lastDealt":null}"#,
      #"{"order":[],"position":0,"lastDealt":"gone"}"#,
    ])
  func nonsenseStateIsRepaired(json: String) throws {
    var deck = try makeDeck(["a", "b", "c"])
    var generator = SeededRandomNumberGenerator(seed: 16)
    deck.restore(try state(json), using: &generator)
    let dealt = deal(&deck, 9, using: &generator)
    #expect(zip(dealt, dealt.dropFirst()).allSatisfy { $0 != $1 })
    #expect(Set(dealt) == ["a", "b", "c"])
  }

  @Test("an item dealt elsewhere counts as dealt: the cycle carries on without it", arguments: 0..<10)
  func markDealtWithinCycle(seed: UInt64) throws {
    var deck = try makeDeck(verses)
    var generator = SeededRandomNumberGenerator(seed: seed)
    let first = deck.deal(using: &generator)
    let elsewhere = try #require(verses.first { $0 != first })
    #expect(deck.markDealt(elsewhere, using: &generator))
    let rest = deal(&deck, 3, using: &generator)
    // The first cycle ends with every item once: the one dealt here, the one dealt elsewhere, the rest.
    #expect(Set([first, elsewhere] + rest) == Set(verses))
    #expect(rest.first != elsewhere)
  }

  @Test("an item already dealt this cycle starts the next one, and is never dealt straight after")
  func markDealtStartsNextCycle() throws {
    for seed in UInt64(0)..<20 {
      var deck = try makeDeck(verses)
      var generator = SeededRandomNumberGenerator(seed: seed)
      let cycle = deal(&deck, 2, using: &generator)
      #expect(deck.markDealt(cycle[0], using: &generator))
      let next = deal(&deck, 4, using: &generator)
      #expect(next.first != cycle[0])
      #expect(Set([cycle[0]] + next) == Set(verses), "the new cycle has every item once")
    }
  }

  @Test("an unknown id changes nothing")
  func markDealtUnknown() throws {
    var deck = try makeDeck(verses)
    var generator = SeededRandomNumberGenerator(seed: 3)
    _ = deck.deal(using: &generator)
    let before = deck.state
    #expect(!deck.markDealt("z", using: &generator))
    #expect(deck.state == before)
  }
}
