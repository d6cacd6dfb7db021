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

  enum CodingKeys: String, CodingKey {
    case id, emotion, reference, book, chapter, firstVerse, lastVerse, texts, explanation
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    emotion = try container.decode(Emotion.self, forKey: .emotion)
    reference = try container.decode(String.self, forKey: .reference)
    book = try container.decode(String.self, forKey: .book)
    chapter = try container.decode(Int.self, forKey: .chapter)
    firstVerse = try container.decode(Int.self, forKey: .firstVerse)
    lastVerse = try container.decode(Int.self, forKey: .lastVerse)
    // Keys are translation codes ("bsb"); JSON objects keyed by an enum need the detour.
    let raw = try container.decode([String: String].self, forKey: .texts)
    texts = Dictionary(
      uniqueKeysWithValues: raw.compactMap { key, value in Translation(rawValue: key).map { ($0, value) } })
    explanation = try container.decode(String.self, forKey: .explanation)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(emotion, forKey: .emotion)
    try container.encode(reference, forKey: .reference)
    try container.encode(book, forKey: .book)
    try container.encode(chapter, forKey: .chapter)
    try container.encode(firstVerse, forKey: .firstVerse)
    try container.encode(lastVerse, forKey: .lastVerse)
    try container.encode(Dictionary(uniqueKeysWithValues: texts.map { ($0.rawValue, $1) }), forKey: .texts)
    try container.encode(explanation, forKey: .explanation)
  }
}
