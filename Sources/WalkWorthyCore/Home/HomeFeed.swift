import OrchardKit

/// The home screen's verse card: Next and Previous walk a local list (wrapping at both ends) and the
/// translation picker changes the card's translation, which changes text and label together.
public struct HomeFeed: Sendable, Equatable {
  /// The list Next and Previous cycle through.
  public let entries: [Encouragement]
  /// The index of the card on screen.
  public private(set) var position: Int
  public private(set) var translation: Translation

  /// Starts on the entry with `currentID` (a reopened app) or on the first; nil for an empty list.
  public init?(entries: [Encouragement], translation: Translation = .standard, currentID: String? = nil) {
    guard !entries.isEmpty else { return nil }
    self.entries = entries
    self.translation = translation
    position = currentID.flatMap { id in entries.firstIndex { $0.id == id } } ?? 0
  }

  /// The card on screen.
  public var current: VerseCard { VerseCard(entries[position], in: translation) }

  @discardableResult
  public mutating func next() -> VerseCard {
    position = (position + 1) % entries.count
    return current
  }

  @discardableResult
  public mutating func previous() -> VerseCard {
    position = (position + entries.count - 1) % entries.count
    return current
  }

  /// Switches the translation of this card and every card after it.
  @discardableResult
  public mutating func select(_ translation: Translation) -> VerseCard {
    self.translation = translation
    return current
  }
}
