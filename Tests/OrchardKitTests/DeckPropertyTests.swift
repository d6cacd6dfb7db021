import Foundation
import OrchardKit
import PropertyBased
import Testing

@Suite("Deck properties", .timeLimit(.minutes(5)))
struct DeckPropertyTests {
  private func makeDeck(size: Int) throws -> Deck<String, String> {
    try #require(Deck((0..<size).map { "v\($0)" }, id: { $0 }))
  }

  private func deal(
    _ deck: inout Deck<String, String>, _ count: Int, using generator: inout Seeded
  )
    -> [String]
  {
    (0..<count).map { _ in deck.deal(using: &generator) }
  }

  @Test("no item is ever dealt twice in a row, for any size of at least two and any seed")
  func neverBackToBack() async {
    await propertyCheck(input: Gen.int(in: 2...12), Gen<UInt64>.value()) { size, seed in
      var deck = try makeDeck(size: size)
      var generator = Seeded(seed: seed)
      let dealt = deal(&deck, size * 8 + 3, using: &generator)
      #expect(zip(dealt, dealt.dropFirst()).allSatisfy { $0 != $1 })
    }
  }

  @Test("every full cycle deals every item exactly once")
  func cyclesArePermutations() async {
    await propertyCheck(input: Gen.int(in: 1...12), Gen<UInt64>.value()) { size, seed in
      var deck = try makeDeck(size: size)
      var generator = Seeded(seed: seed)
      let dealt = deal(&deck, size * 5, using: &generator)
      for start in stride(from: 0, to: dealt.count, by: size) {
        #expect(dealt[start..<start + size].sorted() == (0..<size).map { "v\($0)" }.sorted())
      }
    }
  }

  @Test("a deck restored from its encoded state continues identically")
  func codableRoundTripContinues() async {
    await propertyCheck(input: Gen.int(in: 1...12), Gen<UInt64>.value(), Gen.int(in: 0...40)) {
      size, seed, dealtFirst in
      var original = try makeDeck(size: size)
      var generator = Seeded(seed: seed)
      _ = deal(&original, dealtFirst, using: &generator)
      let saved = try JSONEncoder().encode(original.state)
      var reopened = try makeDeck(size: size)
      var copy = generator
      reopened.restore(try JSONDecoder().decode(Deck<String, String>.State.self, from: saved), using: &copy)
      #expect(reopened.state == original.state)
      #expect(deal(&reopened, 30, using: &copy) == deal(&original, 30, using: &generator))
    }
  }

  @Test("after a restore against a changed source: no removed item, no repeat, the cycle completes first")
  func restoreAgainstChangedSource() async {
    await propertyCheck(
      input: Gen.int(in: 2...10), Gen<UInt64>.value(), Gen.int(in: 0...25), Gen.bool.array(of: 10),
      Gen.int(in: 0...4)
    ) { size, seed, dealtFirst, keep, added in
      var original = try makeDeck(size: size)
      var generator = Seeded(seed: seed)
      let before = deal(&original, dealtFirst, using: &generator)
      let source = (0..<size).filter { keep[$0] }.map { "v\($0)" } + (0..<added).map { "new\($0)" }
      guard var reopened = Deck(source, id: { $0 }) else { return }
      reopened.restore(original.state, using: &generator)
      let dealtThisCycle = Set(before.suffix(original.state.position)).intersection(source)
      let toFinish = source.count - dealtThisCycle.count
      let after = deal(&reopened, toFinish + source.count * 3, using: &generator)

      #expect(Set(after).isSubset(of: source))
      #expect(Set(after.prefix(toFinish)) == Set(source).subtracting(dealtThisCycle))
      if source.count > 1 {
        let sequence = before.suffix(1) + after
        #expect(zip(sequence, sequence.dropFirst()).allSatisfy { $0 != $1 })
      }
    }
  }
}
