/// One bundled entry: a passage in every shipped translation and our word to a student about it.
///
/// The passage text is deliberately not public: read it through a ``VerseCard``, which pairs it
/// with its translation's label so the two cannot come apart.
public struct Encouragement: Sendable, Hashable, Identifiable, Codable {
  public let id: String
  /// As written: "1 Corinthians 16:13-14".
  public let reference: String
  public let book: String
  public let chapter: Int
  public let firstVerse: Int
  public let lastVerse: Int
  let texts: PassageTexts
  /// One or two sentences of ours, addressed to the student.
  public let encouragement: String
  /// The first tag is the entry's main one.
  public let tags: [Tag]
  public let moments: [Moment]

  public init(
    id: String, reference: String, book: String, chapter: Int, firstVerse: Int, lastVerse: Int, texts: PassageTexts,
    encouragement: String, tags: [Tag], moments: [Moment]
  ) {
    self.id = id
    self.reference = reference
    self.book = book
    self.chapter = chapter
    self.firstVerse = firstVerse
    self.lastVerse = lastVerse
    self.texts = texts
    self.encouragement = encouragement
    self.tags = tags
    self.moments = moments
  }
}

/// A passage in all three translations; having a field for each means no translation can be missing.
public struct PassageTexts: Sendable, Hashable, Codable {
  let bsb: String
  let kjv: String
  let web: String

  public init(bsb: String, kjv: String, web: String) {
    self.bsb = bsb
    self.kjv = kjv
    self.web = web
  }

  subscript(translation: Translation) -> String {
    switch translation {
    case .bsb: bsb
    case .kjv: kjv
    case .web: web
    }
  }
}
