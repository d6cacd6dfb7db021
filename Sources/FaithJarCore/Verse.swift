/// One entry of the library: a passage chosen for an emotion, its text in every translation, and
/// our explanation of why it speaks to that feeling.
public struct Verse: Sendable, Hashable, Identifiable, Codable {
  public let id: String
  public let emotion: Emotion
  /// As shown: "Philippians 4:6-7".
  public let reference: String
  public let book: String
  public let chapter: Int
  public let firstVerse: Int
  public let lastVerse: Int
  public let texts: [Translation: String]
  /// "Why this verse?"
  public let explanation: String

  public init(
    id: String, emotion: Emotion, reference: String, book: String, chapter: Int, firstVerse: Int, lastVerse: Int,
    texts: [Translation: String], explanation: String
  ) {
    self.id = id
    self.emotion = emotion
    self.reference = reference
    self.book = book
    self.chapter = chapter
    self.firstVerse = firstVerse
    self.lastVerse = lastVerse
    self.texts = texts
    self.explanation = explanation
  }

  /// The passage in a translation; every bundled entry has all three.
  public func text(in translation: Translation) -> String {
    texts[translation] ?? texts[.standard] ?? ""
  }

  /// The reference with an en dash in ranges, as typeset: "Philippians 4:6–7".
  public var displayReference: String {
    String(reference.map { $0 == "-" ? "\u{2013}" : $0 })
  }

  /// What sharing sends: the passage, its reference and the translation.
  public func shareText(in translation: Translation) -> String {
    "\u{201C}\(text(in: translation))\u{201D} \u{2014} \(displayReference) (\(translation.abbreviation))"
  }
}
