/// A passage as the reader sees it: the reference, the text in one translation, that translation's
/// label and our encouragement.
///
/// A card is the only way to read a passage's text, and it derives both the text and the label from
/// the one ``translation`` it holds, so the text on screen and the label beside it always agree.
public struct VerseCard: Sendable, Hashable, Identifiable {
  public let entry: Encouragement
  public let translation: Translation

  public init(_ entry: Encouragement, in translation: Translation) {
    self.entry = entry
    self.translation = translation
  }

  public var id: String { entry.id }

  /// The spec's `ref`: "Isaiah 41:13".
  public var ref: String { entry.reference }

  /// The passage in ``translation``.
  public var text: String { entry.texts[translation] }

  /// The label beside the text: ``Translation/abbreviation``.
  public var label: String { translation.abbreviation }

  public var encouragement: String { entry.encouragement }

  /// The same passage in another translation: text and label change together.
  public func translated(to translation: Translation) -> VerseCard {
    VerseCard(entry, in: translation)
  }
}
