import OrchardKit

/// One question of a quiz: what is shown, the options, and the key that judges an answer.
///
/// Chinese is shown as written (never translated); meanings, translations and the instruction are
/// in the learner's language, chosen when the quiz is made.
public struct Question: Hashable, Sendable, Codable {
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A word's characters; choose its meaning.
    case characterToMeaning = "character_to_meaning"
    /// A word heard (the device's own Mandarin voice says it); choose its characters. Asked only
    /// where a voice can say it; its reading is there for a screen that finds none after all.
    case listeningToCharacter = "listening_to_character"
    /// A meaning; choose the word's characters.
    case meaningToCharacter = "meaning_to_character"
    /// A word's characters; type its pinyin.
    case characterToPinyin = "character_to_pinyin"
    /// A reading, in pinyin and zhuyin; choose the word's characters.
    case readingToCharacter = "reading_to_character"
    /// A sentence with a blank; choose the word that completes it.
    case sentenceCompletion = "sentence_completion"
    /// Four sentences; choose the one that is correct.
    case correctSentence = "correct_sentence"
    /// A sentence's words as tiles; put them in order.
    case wordOrder = "word_order"

    /// Whether the question asks about a word (rather than a grammar point).
    public var isVocabulary: Bool {
      switch self {
      case .characterToMeaning, .meaningToCharacter, .characterToPinyin, .readingToCharacter, .listeningToCharacter:
        true
      case .sentenceCompletion, .correctSentence, .wordOrder: false
      }
    }
  }

  /// What a question is about: a word, by its characters, or a grammar point, by its lesson and
  /// its id there.
  public enum Subject: Hashable, Sendable, Codable {
    case word(String)
    case grammar(LessonID, String)
  }

  /// A reading as shown: pinyin with tone marks, and zhuyin.
  public struct Reading: Hashable, Sendable, Codable {
    public let pinyin: String
    public let zhuyin: String
  }

  /// What judges an answer.
  public enum Key: Hashable, Sendable, Codable {
    /// The option at this index.
    case choice(Int)
    /// Typed pinyin, judged against the word's readings (the first is the one shown).
    case pinyin(hanzi: String, readings: [[PinyinSyllable]], citations: [[PinyinSyllable]])
    /// The tiles in one of these orders (each the tiles' texts, in order).
    case order([[String]])
  }

  public let kind: Kind
  public let lesson: LessonID
  public let subject: Subject
  /// The Chinese shown: a word, or a sentence with its blank (`＿＿`).
  public let chinese: String?
  /// The reading shown (reading → character).
  public let reading: Reading?
  /// Text in the learner's language: the meaning asked about, or the sentence's translation.
  public let meaning: String?
  /// The choices, or the tiles; none for typed pinyin.
  public let options: [String]
  public let key: Key

  public init(
    kind: Kind, lesson: LessonID, subject: Subject, chinese: String? = nil, reading: Reading? = nil,
    meaning: String? = nil, options: [String] = [], key: Key
  ) {
    self.kind = kind
    self.lesson = lesson
    self.subject = subject
    self.chinese = chinese
    self.reading = reading
    self.meaning = meaning
    self.options = options
    self.key = key
  }

  /// The blank a completion sentence shows where its word goes.
  public static let blank = "＿＿"

  /// The answer a learner sees after answering: the right option, the reading shown, or the
  /// sentence in order.
  public var solution: String {
    switch key {
    case .choice(let index): options.indices.contains(index) ? options[index] : ""
    case .pinyin(let hanzi, let readings, let citations):
      readings.first.map { PinyinText.marked(ToneChange.printed($0, hanzi: hanzi, citation: citations.first ?? [])) }
        ?? ""
    case .order(let orders): orders.first?.joined() ?? ""
    }
  }

  /// How `response` fares against the key.
  public func check(_ response: Response) -> Verdict {
    switch (key, response) {
    case (.choice(let index), .choice(let chosen)):
      guard options.indices.contains(chosen) else { return .unanswerable }
      return chosen == index ? .correct : .wrong
    case (.pinyin(let hanzi, let readings, let citations), .typed(let text)):
      let item = VocabularyItem(
        hanzi: hanzi, partOfSpeech: PartOfSpeech(rawValue: ""), readings: readings, citations: citations,
        meaning: LocalizedText([.english: ""]))
      switch PinyinAnswer.check(text, against: item.accepted) {
      case .correct: return .correct
      case .wrong: return .wrong
      case .missingTones: return .missingTones
      case .toneError(let syllables, let sandhiHint): return .toneError(syllables: syllables, sandhiHint: sandhiHint)
      }
    case (.order(let orders), .order(let indices)):
      guard indices.count == options.count, Set(indices) == Set(options.indices) else { return .unanswerable }
      let placed = indices.map { options[$0] }
      return orders.contains(placed) ? .correct : .wrong
    default:
      return .unanswerable
    }
  }
}

/// A learner's answer to a question.
public enum Response: Hashable, Sendable, Codable {
  /// The option at this index.
  case choice(Int)
  /// Typed pinyin.
  case typed(String)
  /// Tile indices in the order placed.
  case order([Int])
}

/// How an answer fared.
public enum Verdict: Hashable, Sendable {
  case correct
  case wrong
  /// The right syllables with wrong tones at these indices (a wrong answer, told as such).
  case toneError(syllables: [Int], sandhiHint: Bool)
  /// Pinyin without any tone: not judged; the learner is asked to add tones.
  case missingTones
  /// An answer of the wrong shape for the question (a typed answer to a choice, an index out of
  /// range, tiles missing): not judged.
  case unanswerable

  /// Whether the answer counts: correct, wrong or a tone error (wrong). The others ask again.
  public var isFinal: Bool {
    switch self {
    case .correct, .wrong, .toneError: true
    case .missingTones, .unanswerable: false
    }
  }

  public var isCorrect: Bool { self == .correct }
}

extension Question {
  /// How a screen lays a question's answers out.
  public enum Layout: String, Hashable, Sendable {
    /// Four short options in a 2×2 grid.
    case grid
    /// Options one under another, for longer ones (sentences, long meanings).
    case list
    /// A text field (typed pinyin).
    case typed
    /// Word tiles to put in order.
    case tiles
  }

  /// The widest option that still fits a cell of the 2×2 grid on a phone, in columns: a Latin
  /// letter takes one, a Chinese character (or kana, or Hangul) two.
  public static let gridOptionLimit = 14

  public var layout: Layout {
    switch kind {
    case .characterToPinyin: .typed
    case .wordOrder: .tiles
    default: options.count == 4 && options.allSatisfy { Self.columns($0) <= Self.gridOptionLimit } ? .grid : .list
    }
  }

  /// How wide `text` is set, in columns (East Asian wide characters count two).
  public static func columns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
      let wide =
        (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
        || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
        || (0xFE30...0xFE4F).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
        || (0x20000...0x3FFFD).contains(scalar.value)
      return width + (wide ? 2 : 1)
    }
  }
}

extension Question.Kind {
  /// Whether the options are Chinese (shown as written, in a Chinese font) rather than text in the
  /// learner's language.
  public var optionsAreChinese: Bool { self != .characterToMeaning }
}

extension Question {
  /// What a screen may say aloud before the question is answered: the word or sentence shown, or
  /// the word a listening question asks for; nothing that would answer a question about its own
  /// sound (typed pinyin) or a sentence with its blank.
  public var speechBeforeAnswer: String? {
    switch kind {
    case .listeningToCharacter:
      if case .choice(let key) = self.key, options.indices.contains(key) { return options[key] }
      return nil
    case .characterToMeaning, .readingToCharacter: return chinese
    case .characterToPinyin, .meaningToCharacter, .sentenceCompletion, .correctSentence, .wordOrder: return nil
    }
  }

  /// The lessons whose word options show their readings without being asked: Book 1's first
  /// lessons, where a beginner still reads by sound.
  public static let readingsShownThrough = LessonID(rawValue: 105)!

  /// Whether the options are words whose readings may be shown beside them (on request, or at
  /// once in the first lessons): a meaning question's; never where the reading is the question.
  public var offersOptionReadings: Bool { kind == .meaningToCharacter }

  /// Whether the options show their readings at once.
  public var showsOptionReadings: Bool { offersOptionReadings && lesson <= Self.readingsShownThrough }
}

/// How a quiz screen paces itself (the spec's feedback and loading stories).
public enum QuizPacing {
  /// How long the feedback on a right answer stays before the next question comes by itself.
  public static let rightAnswerPause: Duration = .milliseconds(1200)

  /// How long the feedback on an answer stays before the quiz moves on by itself: a right one's a
  /// moment; a wrong one's until the learner moves on, so the right answer can be read (nil).
  public static func advance(afterCorrect correct: Bool) -> Duration? { correct ? rightAnswerPause : nil }
  /// How long making a quiz may take before the loading tips show.
  public static let tipsAfter: Duration = .milliseconds(300)
  /// How long each tip stays.
  public static let tipEvery: Duration = .seconds(2)
  /// How long a result's points take to count up from zero.
  public static let countUp: Duration = .milliseconds(900)
}

extension Duration {
  /// The duration in whole milliseconds, for a page's script.
  public var wholeMilliseconds: Int {
    Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
  }
}
