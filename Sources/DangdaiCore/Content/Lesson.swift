import OrchardKit

/// A lesson of the book, as `book × 100 + n`: 101–115 for Book 1 and 201–215 for Book 2.
public struct LessonID: RawRepresentable, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  public let rawValue: Int

  /// The books the app covers, and the lessons of each.
  public static let books = 1...2
  public static let lessons = 1...15

  public init?(rawValue: Int) {
    guard Self.books.contains(rawValue / 100), Self.lessons.contains(rawValue % 100) else { return nil }
    self.rawValue = rawValue
  }

  public init?(book: Int, number: Int) {
    guard Self.books.contains(book), Self.lessons.contains(number) else { return nil }
    self.init(rawValue: book * 100 + number)
  }

  /// The id a path or a request spells: three digits and nothing else (`101`, not `+101` or `0101`).
  public init?(_ text: some StringProtocol) {
    guard text.utf8.count == 3, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let value = Int(text)
    else { return nil }
    self.init(rawValue: value)
  }

  public var book: Int { rawValue / 100 }
  public var number: Int { rawValue % 100 }
  public var description: String { String(rawValue) }

  /// Every lesson, in the book's order.
  public static let all: [LessonID] = books.flatMap { book in lessons.map { LessonID(rawValue: book * 100 + $0)! } }

  public static func < (lhs: LessonID, rhs: LessonID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Text written for each of the app's languages; English is always present and stands in for a
/// language a text lacks (an imported gloss is English only).
public struct LocalizedText: Hashable, Sendable {
  public let texts: [Language: String]

  public init(_ texts: [Language: String]) {
    precondition(texts[.english] != nil, "every text has English")
    self.texts = texts
  }

  public subscript(language: Language) -> String { texts[language] ?? texts[.english]! }
}

/// A word's grammatical class, as the book's lists name it (`N`, `Vs`, `M`, …). Quizzes draw a
/// word's distractors from its family, so a measure word competes with measure words.
public struct PartOfSpeech: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// Classes that behave alike in a sentence: every action verb, every stative verb, every noun.
  public var family: String {
    switch rawValue {
    case "V", "Vi", "Vp", "V-sep", "Vpt": "V"
    case "Vs", "Vst", "Vs-attr", "Vs-pred", "Vs-sep": "Vs"
    case "N", "Name": "N"
    default: rawValue
    }
  }
}

/// A word to learn: its characters, its readings (the first is the one shown: Taiwan's where it
/// differs), what it means, and its part of speech.
public struct VocabularyItem: Hashable, Sendable, Identifiable {
  public let hanzi: String
  /// Other ways a learner's list writes the word (台灣 beside 臺灣, 故宮 beside 故宮博物院).
  public let otherForms: [String]
  public let partOfSpeech: PartOfSpeech
  /// Every accepted reading, the one shown first; none for a word of Latin letters (`KTV`).
  public let readings: [[PinyinSyllable]]
  /// Each reading with its neutral syllables in the full tone their characters have alone
  /// (`xie4 xie4` for `xie4 xie5`), which a typed answer may use.
  public let citations: [[PinyinSyllable]]
  /// How typed pinyin is judged against it: each reading with its lenient tones.
  public let accepted: [AcceptedReading]
  /// How else the same characters are read, in other senses (著: zháo, zhù, zhuó beside zhe).
  public let otherReadings: [[PinyinSyllable]]
  public let meaning: LocalizedText
  /// The content words of the English meaning, which tell near-synonyms apart
  /// (``FairQuestions/areNear(_:_:in:)``).
  let meaningWords: Set<String>

  public init(
    hanzi: String, otherForms: [String] = [], partOfSpeech: PartOfSpeech, readings: [[PinyinSyllable]],
    citations: [[PinyinSyllable]] = [], otherReadings: [[PinyinSyllable]] = [], meaning: LocalizedText
  ) {
    precondition(!readings.isEmpty || !hanzi.contains(where: \.isHan), "a word of characters has a reading")
    self.hanzi = hanzi
    self.otherForms = otherForms
    self.partOfSpeech = partOfSpeech
    self.readings = readings
    self.meaning = meaning
    self.otherReadings = otherReadings.filter { !readings.contains($0) }
    self.meaningWords = FairQuestions.contentWords(meaning[.english])
    let citations = readings.indices.map { index in
      index < citations.count && citations[index].count == readings[index].count ? citations[index] : readings[index]
    }
    self.citations = citations
    self.accepted = zip(readings, citations).map { reading, full in
      var citation: [Int: Int] = [:]
      for (position, syllable) in reading.enumerated() where syllable.tone == 5 && full[position].tone != 5 {
        citation[position] = full[position].tone
      }
      return AcceptedReading(reading, hanzi: hanzi, citation: citation)
    }
  }

  public var id: String { hanzi }
  /// Whether the word has a reading to ask for (`KTV` has none).
  public var isRead: Bool { !readings.isEmpty }
  /// The reading shown, as the book prints it: the first, with 一 and 不 in their changed tones
  /// (``ToneChange``); none for a word without one.
  public var shown: [PinyinSyllable]? {
    readings.first.map { ToneChange.printed($0, hanzi: hanzi, citation: citations.first ?? []) }
  }
  /// The reading shown, in tone marks (`xuéshēng`, `yígòng`); empty for a word without one.
  public var pinyin: String { shown.map(PinyinText.marked) ?? "" }
  /// The reading shown, in zhuyin (`ㄒㄩㄝˊ ㄕㄥ`).
  public var zhuyin: String { shown.flatMap(PinyinText.zhuyin) ?? pinyin }
}

/// A sentence showing a grammar point, divided into words, with the word the point is about.
public struct ExampleSentence: Hashable, Sendable {
  public let tokens: [String]
  /// Which token the grammar point is about: the blank of a completion question.
  public let focus: Int
  /// Three words that are wrong in the focus's place.
  public let wrong: [String]
  /// Other orders of the same tokens that are also correct.
  public let otherOrders: [[String]]
  public let translation: LocalizedText

  public init(tokens: [String], focus: Int, wrong: [String], otherOrders: [[String]] = [], translation: LocalizedText) {
    precondition(tokens.indices.contains(focus), "the focus is a token")
    self.tokens = tokens
    self.focus = focus
    self.wrong = wrong
    self.otherOrders = otherOrders
    self.translation = translation
  }

  /// The sentence as Chinese is written: no spaces.
  public var text: String { tokens.joined() }
  public var focusWord: String { tokens[focus] }

  /// The sentence with `word` in the focus's place.
  public func replacingFocus(with word: String) -> String {
    var tokens = tokens
    tokens[focus] = word
    return tokens.joined()
  }
}

/// A point of grammar: its structure, what it does, and sentences that show it.
public struct GrammarPoint: Hashable, Sendable, Identifiable {
  public let id: String
  public let pattern: String
  public let title: LocalizedText
  public let explanation: LocalizedText
  public let examples: [ExampleSentence]

  public init(
    id: String, pattern: String, title: LocalizedText, explanation: LocalizedText, examples: [ExampleSentence]
  ) {
    self.id = id
    self.pattern = pattern
    self.title = title
    self.explanation = explanation
    self.examples = examples
  }
}

/// One lesson: the book's title for it, and our companion lesson's words and grammar.
public struct Lesson: Hashable, Sendable, Identifiable {
  public let id: LessonID
  /// The title as printed (臺 and 台 as the book has them).
  public let chineseTitle: String
  /// The title in each of the learner's languages.
  public let title: LocalizedText
  public var vocabulary: [VocabularyItem]
  public let grammar: [GrammarPoint]
  /// Whether `vocabulary` is the learner's own imported list rather than ours.
  public var isImported: Bool
  /// The words the lesson's sentences may use: its vocabulary's, and with an imported list, the
  /// companion words the sentences were written with too.
  public var sentenceWords: Set<String>

  public init(
    id: LessonID, chineseTitle: String, title: LocalizedText, vocabulary: [VocabularyItem], grammar: [GrammarPoint],
    isImported: Bool = false
  ) {
    self.id = id
    self.chineseTitle = chineseTitle
    self.title = title
    self.vocabulary = vocabulary
    self.grammar = grammar
    self.isImported = isImported
    self.sentenceWords = Set(vocabulary.map(\.hanzi))
  }

  public var englishTitle: String { title[.english] }
}
