import FaithJarCore
import Foundation
import OrchardKit
import Testing

@Suite("Dealing verses", .timeLimit(.minutes(5)))
struct VerseDealerTests {
  @Test(
    "every verse of a feeling comes once per cycle and never twice in a row, across reshuffles",
    arguments: [2, 3, 7, 22])
  func cycles(count: Int) {
    let library = syntheticLibrary(count: count)
    for seed in UInt64(1)...40 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      var dealer = VerseDealer(library: library)
      var previous: String?
      for _ in 0..<4 {
        var cycle: [String] = []
        for _ in 0..<count {
          let verse = dealer.next(for: .anger, using: &generator)!
          #expect(verse.id != previous, "seed \(seed): \(verse.id) twice in a row")
          #expect(verse.emotion == .anger)
          previous = verse.id
          cycle.append(verse.id)
        }
        #expect(Set(cycle).count == count, "seed \(seed): a cycle repeated a verse")
      }
    }
  }

  @Test("the same seed deals the same verses")
  func deterministic() {
    let library = syntheticLibrary(count: 20)
    func deal(seed: UInt64) -> [String] {
      var generator = SeededRandomNumberGenerator(seed: seed)
      var dealer = VerseDealer(library: library)
      return (0..<50).map { _ in dealer.next(for: .joy, using: &generator)!.id }
    }
    #expect(deal(seed: 9) == deal(seed: 9))
    #expect(deal(seed: 9) != deal(seed: 10))
  }

  @Test("each feeling has its own deck")
  func separateDecks() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    var dealer = VerseDealer(library: syntheticLibrary(count: 5))
    let anxious = (0..<5).map { _ in dealer.next(for: .anxiety, using: &generator)!.id }
    _ = dealer.next(for: .joy, using: &generator)
    #expect(Set(anxious).count == 5)
    #expect(dealer.state.decks.keys.sorted { $0.rawValue < $1.rawValue } == [.anxiety, .joy])
  }

  @Test("a saved deck continues exactly where it was after a restart")
  func restart() throws {
    let library = syntheticLibrary(count: 12)
    var generator = SeededRandomNumberGenerator(seed: 5)
    var dealer = VerseDealer(library: library)
    for _ in 0..<5 { _ = dealer.next(for: .sadness, using: &generator) }
    let saved = try JSONDecoder().decode(VerseDealer.State.self, from: JSONEncoder().encode(dealer.state))
    var restored = VerseDealer(library: library, restoring: saved, using: &generator)
    var original = dealer
    var a = generator
    var b = generator
    let continued = (0..<7).map { _ in original.next(for: .sadness, using: &a)!.id }
    let afterRestart = (0..<7).map { _ in restored.next(for: .sadness, using: &b)!.id }
    #expect(continued == afterRestart)
  }
}

@Suite("Reading offline", .timeLimit(.minutes(5)))
struct OfflineQueueTests {
  @Test("the offline queue is exactly what the next deals bring, and never repeats back to back")
  func queueMatchesDeals() {
    let library = syntheticLibrary(count: 6)
    var generator = SeededRandomNumberGenerator(seed: 21)
    var state = FaithJarState()
    for _ in 0..<3 { state.drawVerse(for: .anxiety, from: library, using: &generator) }
    var previewGenerator = generator
    let queue = state.offlineQueue(from: library, using: &previewGenerator)[.anxiety]!
    #expect(queue.count == 12)
    // Dealing for real with the same generator state brings the same verses.
    var dealt: [String] = []
    for _ in 0..<12 { dealt.append(state.drawVerse(for: .anxiety, from: library, using: &generator)!.id) }
    #expect(queue.map(\.id) == dealt)
    #expect(zip(queue, queue.dropFirst()).allSatisfy { $0.id != $1.id })
  }

  @Test("the queue starts after the verse on screen and covers every feeling")
  func everyFeeling() {
    let library = syntheticLibrary(count: 5)
    var generator = SeededRandomNumberGenerator(seed: 4)
    var state = FaithJarState()
    let onScreen = state.drawVerse(for: .joy, from: library, using: &generator)
    let queue = state.offlineQueue(from: library, using: &generator)
    #expect(Set(queue.keys) == Set(Emotion.allCases))
    #expect(queue[.joy]?.first != onScreen)
  }
}
