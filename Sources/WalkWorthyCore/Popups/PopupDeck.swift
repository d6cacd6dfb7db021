/// One encouragement pop-up: a card and the tag it is shown under.
public struct PopupCard: Sendable, Hashable, Identifiable {
  public let tag: Tag
  public let card: VerseCard

  public var id: String { card.id }
}

/// Deals the "Show Pop-ups" sequence: 3–5 cards, each under a different tag, leading with Courage,
/// Rest and Wisdom when the entries have them, then other tags in random order.
public enum PopupDeck {
  /// How many cards a sequence may hold.
  public static let sizes = 3...5
  public static let defaultSize = 4

  /// One "Show Pop-ups" sequence: its length drawn from ``sizes``, then its cards dealt, all with
  /// `generator`.
  public static func sequence<G: RandomNumberGenerator>(
    from entries: [Encouragement], in translation: Translation, using generator: inout G
  ) -> [PopupCard] {
    let count = Int.random(in: sizes, using: &generator)
    return deal(from: entries, count: count, in: translation, using: &generator)
  }

  /// The cards for one sequence, chosen with `generator` (seeded in tests, so the deal is exact).
  ///
  /// Each tag's card is a random entry carrying that tag, and no entry appears twice. When the
  /// entries have fewer distinct tags than `count`, the rest are filled with unused entries under
  /// their main tag; with fewer entries than that, the sequence is shorter.
  ///
  /// - Precondition: `count` is in ``sizes``.
  public static func deal<G: RandomNumberGenerator>(
    from entries: [Encouragement], count: Int = defaultSize, in translation: Translation, using generator: inout G
  ) -> [PopupCard] {
    precondition(sizes.contains(count), "a pop-up sequence has \(sizes) cards, not \(count)")
    let present = Set(entries.flatMap(\.tags))
    let featured = Tag.featured.filter(present.contains)
    let others = Tag.allCases.filter { present.contains($0) && !Tag.featured.contains($0) }.shuffled(using: &generator)
    var used: Set<String> = []
    var cards: [PopupCard] = []
    for tag in featured + others where cards.count < count {
      guard
        let entry = entries.filter({ $0.tags.contains(tag) && !used.contains($0.id) }).randomElement(using: &generator)
      else { continue }
      used.insert(entry.id)
      cards.append(PopupCard(tag: tag, card: VerseCard(entry, in: translation)))
    }
    for entry in entries.shuffled(using: &generator) where cards.count < count && !used.contains(entry.id) {
      guard let tag = entry.tags.first else { continue }
      used.insert(entry.id)
      cards.append(PopupCard(tag: tag, card: VerseCard(entry, in: translation)))
    }
    return cards
  }
}
