import OrchardKit

/// Deals verses for each emotion from its own shuffled deck: every verse of a feeling once before
/// any comes round again, never the same one twice in a row (even across a reshuffle), and saved
/// as one value so a reopened app carries on where it was.
public struct VerseDealer: Sendable {
  /// What is saved between launches: each emotion's deck, by verse id.
  public struct State: Codable, Sendable, Equatable {
    public var decks: [Emotion: Deck<Verse, String>.State]

    public init(decks: [Emotion: Deck<Verse, String>.State] = [:]) { self.decks = decks }
  }

  private let library: VerseLibrary
  private var decks: [Emotion: Deck<Verse, String>] = [:]

  public init(library: VerseLibrary) { self.library = library }

  /// Continues from saved state; verses added or removed since are handled by the deck.
  public init<G: RandomNumberGenerator>(library: VerseLibrary, restoring saved: State, using generator: inout G) {
    self.library = library
    for (emotion, state) in saved.decks {
      guard var deck = Deck(library.verses(for: emotion), id: \.id) else { continue }
      deck.restore(state, using: &generator)
      decks[emotion] = deck
    }
  }

  /// The next verse for a feeling. Returns nil only if the library has none for it.
  public mutating func next<G: RandomNumberGenerator>(for emotion: Emotion, using generator: inout G) -> Verse? {
    if decks[emotion] == nil {
      decks[emotion] = Deck(library.verses(for: emotion), id: \.id)
    }
    return decks[emotion]?.deal(using: &generator)
  }

  /// Records a verse read elsewhere (offline, from ``upcoming(for:count:using:)``), so the deck
  /// carries on after it. Returns false for a verse that is not this feeling's.
  @discardableResult
  public mutating func markRead<G: RandomNumberGenerator>(
    _ verseID: String, for emotion: Emotion, using generator: inout G
  ) -> Bool {
    if decks[emotion] == nil {
      decks[emotion] = Deck(library.verses(for: emotion), id: \.id)
    }
    return decks[emotion]?.markDealt(verseID, using: &generator) ?? false
  }

  /// The verses the next `count` deals would bring, without dealing them: what an offline client
  /// walks through until it reaches the server again. Within the current cycle this is exactly the
  /// order the server will deal; after a reshuffle it is one valid order (never a back-to-back repeat).
  public func upcoming<G: RandomNumberGenerator>(for emotion: Emotion, count: Int, using generator: inout G) -> [Verse]
  {
    var preview = self
    return (0..<count).compactMap { _ in preview.next(for: emotion, using: &generator) }
  }

  /// Everything needed to continue after a restart.
  public var state: State { State(decks: decks.mapValues(\.state)) }
}
