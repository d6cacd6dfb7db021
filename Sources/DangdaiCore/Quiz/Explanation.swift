import OrchardKit

/// What feedback teaches after an answer: the word asked about, with its reading and meaning (and
/// what the word chosen instead means); for a grammar question, the sentence as it should be, its
/// translation, and one line of the lesson's grammar point on why.
public struct Explanation: Hashable, Sendable {
  /// The language its meanings and lines are in.
  public let language: Language
  /// The word the question asked about.
  public let word: VocabularyItem?
  /// The word the learner chose instead, when the options were words.
  public let chosen: VocabularyItem?
  /// The grammar point the question asked about.
  public let point: GrammarPoint?
  /// Why, in one line: the first sentence of the point's explanation, in the learner's language.
  public let why: String?
  /// The point's name, in the learner's language.
  public var grammarTitle: String? { point?.title[language] }
  /// The sentence as it should be, and what it means.
  public let sentence: String?
  public let translation: String?
}

extension Course {
  /// What the feedback on `question` teaches in `language`, after `response`.
  public func explanation(of question: Question, after response: Response?, in language: Language) -> Explanation {
    let known = vocabulary(through: question.lesson)
    var chosen: VocabularyItem?
    if question.kind.optionsAreChinese, question.kind.isVocabulary, case .choice(let index)? = response,
      case .choice(let key) = question.key, index != key, question.options.indices.contains(index)
    {
      chosen = known.item(question.options[index])
    }
    switch question.subject {
    case .word(let hanzi):
      return Explanation(
        language: language, word: known.item(hanzi), chosen: chosen, point: nil, why: nil, sentence: nil,
        translation: nil)
    case .grammar(let lesson, let id):
      let point = self.lesson(lesson)?.grammar.first { $0.id == id }
      return Explanation(
        language: language, word: nil, chosen: nil, point: point,
        why: point.map { Self.firstSentence($0.explanation[language]) }, sentence: question.rightSentence,
        translation: question.meaning)
    }
  }

  /// The reading of each option of `question`, when its options are words of the course (a
  /// meaning question's), in their order; a word the course does not know has its characters.
  public func optionReadings(of question: Question) -> [Question.Reading] {
    let known = vocabulary(through: question.lesson)
    return question.options.map { option in
      guard let item = known.item(option), item.isRead else { return Question.Reading(pinyin: "", zhuyin: "") }
      return Question.Reading(pinyin: item.pinyin, zhuyin: item.zhuyin)
    }
  }

  /// The first sentence of `text`, as each of the app's languages ends one (`.`, `!`, `?`, `。`).
  public static func firstSentence(_ text: String) -> String {
    var sentence = ""
    var previous: Character?
    for character in text {
      if let mark = previous, ".!?".contains(mark), character == " " { return sentence }
      sentence.append(character)
      if "。！？".contains(character) { return sentence }
      previous = character
    }
    return sentence
  }
}

extension Question {
  /// The sentence a grammar question's right answer makes: the blank filled, the right sentence,
  /// or the words in their order; nil for a word question.
  public var rightSentence: String? {
    switch (kind, key) {
    case (.sentenceCompletion, .choice(let index)):
      guard options.indices.contains(index) else { return nil }
      return chinese?.replacing(Question.blank, with: options[index])
    case (.correctSentence, .choice(let index)):
      return options.indices.contains(index) ? options[index] : nil
    case (.wordOrder, .order(let orders)):
      return orders.first?.joined()
    default:
      return nil
    }
  }

  /// The reading of a typed-pinyin question's answer, as shown (the book's tone changes).
  public var solutionReading: Reading? {
    guard case .pinyin(let hanzi, let readings, let citations) = key, let first = readings.first else { return nil }
    let shown = ToneChange.printed(first, hanzi: hanzi, citation: citations.first ?? [])
    return Reading(pinyin: PinyinText.marked(shown), zhuyin: PinyinText.zhuyin(shown) ?? PinyinText.marked(shown))
  }
}
