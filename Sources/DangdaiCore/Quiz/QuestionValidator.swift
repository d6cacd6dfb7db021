import OrchardKit

/// Why a question may not be served, as a stable code.
public enum QuestionProblem: String, Error, Hashable, Sendable, CaseIterable {
  /// A choice question without four options, tiles too few to order, or options on typed pinyin.
  case optionCount = "OPTION_COUNT"
  /// Two options the same.
  case duplicateOptions = "DUPLICATE_OPTIONS"
  /// The key names no option, or an order not made of the tiles.
  case keyOutOfRange = "KEY_OUT_OF_RANGE"
  /// Another option is right too (a second meaning of the word, a homophone, a known sentence).
  case secondCorrectAnswer = "SECOND_CORRECT_ANSWER"
  /// A word the learner has not met by this lesson.
  case unknownWord = "UNKNOWN_WORD"
  /// The word or grammar point asked about is not in the lesson's course.
  case unknownSubject = "UNKNOWN_SUBJECT"
  /// What is shown or keyed does not match the word or sentence asked about.
  case keyMismatch = "KEY_MISMATCH"
  /// Nothing to show, a completion without exactly one blank, or tiles already in order.
  case malformedPrompt = "MALFORMED_PROMPT"
  /// What is shown gives the answer away (a Japanese meaning written with the word's own kanji).
  case givesAnswerAway = "GIVES_ANSWER_AWAY"
  /// A reading asked of a character that alone does not say which of its readings is meant.
  case ambiguousReading = "AMBIGUOUS_READING"
}

/// Checks a question before it is served, whoever made it (the generator or a language model):
/// exactly one correct answer, distinct options, and only words the learner has met.
public struct QuestionValidator: Sendable {
  public let course: Course
  /// The language meanings and translations are in.
  public let language: Language

  public init(course: Course, language: Language) {
    self.course = course
    self.language = language
  }

  /// Every problem `question` has; none means it may be served.
  public func problems(_ question: Question) -> [QuestionProblem] {
    var problems: [QuestionProblem] = []
    let known = course.vocabulary(through: question.lesson)
    switch question.kind {
    case .characterToMeaning, .meaningToCharacter, .readingToCharacter, .listeningToCharacter:
      problems += choiceShape(question)
      guard case .word(let hanzi) = question.subject, let item = known.item(hanzi) else {
        return problems + [.unknownSubject]
      }
      problems += word(question, item: item, known: known)
    case .characterToPinyin:
      if !question.options.isEmpty { problems.append(.optionCount) }
      guard case .word(let hanzi) = question.subject, let item = known.item(hanzi) else {
        return problems + [.unknownSubject]
      }
      guard case .pinyin(let keyed, let readings, _) = question.key, keyed == hanzi, readings == item.readings,
        question.chinese == hanzi
      else { return problems + [.keyMismatch] }
      if !FairQuestions.isReadAlone(item) { problems.append(.ambiguousReading) }
    case .sentenceCompletion:
      problems += choiceShape(question)
      problems += completion(question, known: known)
    case .correctSentence:
      problems += choiceShape(question)
      problems += correctSentence(question, known: known)
    case .wordOrder:
      problems += order(question, known: known)
    }
    var unique: [QuestionProblem] = []
    for problem in problems where !unique.contains(problem) { unique.append(problem) }
    return unique
  }

  /// Four distinct options, and a key naming one.
  private func choiceShape(_ question: Question) -> [QuestionProblem] {
    var problems: [QuestionProblem] = []
    if question.options.count != QuizGenerator.choiceCount { problems.append(.optionCount) }
    let normalized = question.options.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    if Set(normalized).count != normalized.count || normalized.contains("") { problems.append(.duplicateOptions) }
    guard case .choice(let index) = question.key, question.options.indices.contains(index) else {
      return problems + [.keyOutOfRange]
    }
    return problems
  }

  private func word(_ question: Question, item: VocabularyItem, known: Vocabulary) -> [QuestionProblem] {
    guard case .choice(let index) = question.key, question.options.indices.contains(index) else { return [] }
    let others = question.options.indices.filter { $0 != index }.map { question.options[$0] }
    switch question.kind {
    case .characterToMeaning:
      guard question.chinese == item.hanzi, question.options[index] == item.meaning[language] else {
        return [.keyMismatch]
      }
      var problems: [QuestionProblem] = []
      if FairQuestions.meaningShowsWord(item, in: language) { problems.append(.givesAnswerAway) }
      // An option that is a near-synonym's meaning is right too.
      let offered = Set(others)
      if known.items.values.contains(where: { other in
        other.hanzi != item.hanzi && offered.contains(other.meaning[language])
          && FairQuestions.areNear(item, other, in: language)
      }) {
        problems.append(.secondCorrectAnswer)
      }
      if language == .japanese, others.contains(where: { FairQuestions.givesAway($0, item.hanzi) }) {
        problems.append(.givesAnswerAway)
      }
      return problems
    case .meaningToCharacter:
      guard question.meaning == item.meaning[language], question.options[index] == item.hanzi else {
        return [.keyMismatch]
      }
      var problems: [QuestionProblem] = []
      if FairQuestions.meaningShowsWord(item, in: language) { problems.append(.givesAnswerAway) }
      for option in others {
        if let other = known.item(option) {
          if FairQuestions.areNear(item, other, in: language) { problems.append(.secondCorrectAnswer) }
        } else if !known.covers(option) {
          problems.append(.unknownWord)
        }
      }
      return problems
    default:
      guard question.reading == Question.Reading(pinyin: item.pinyin, zhuyin: item.zhuyin),
        question.options[index] == item.hanzi
      else { return [.keyMismatch] }
      var problems: [QuestionProblem] = []
      if !FairQuestions.isReadAlone(item) { problems.append(.ambiguousReading) }
      for option in others {
        if let other = known.item(option) {
          if FairQuestions.canRead(other, as: item.readings) { problems.append(.secondCorrectAnswer) }
        } else if !known.covers(option) {
          problems.append(.unknownWord)
        }
      }
      return problems
    }
  }

  private func completion(_ question: Question, known: Vocabulary) -> [QuestionProblem] {
    guard let sentence = question.chinese,
      sentence.split(separator: Question.blank, omittingEmptySubsequences: false).count == 2
    else {
      return [.malformedPrompt]
    }
    var problems: [QuestionProblem] = []
    if case .grammar(let lesson, let id) = question.subject, !known.hasPoint(id, in: lesson) {
      problems.append(.unknownSubject)
    }
    let filled = question.options.map { sentence.replacing(Question.blank, with: $0) }
    if !filled.allSatisfy(known.covers) { problems.append(.unknownWord) }
    if case .choice(let index) = question.key, filled.indices.contains(index) {
      if filled.indices.contains(where: { $0 != index && known.isExample(filled[$0]) }) {
        problems.append(.secondCorrectAnswer)
      }
    }
    return problems
  }

  private func correctSentence(_ question: Question, known: Vocabulary) -> [QuestionProblem] {
    var problems: [QuestionProblem] = []
    if case .grammar(let lesson, let id) = question.subject, !known.hasPoint(id, in: lesson) {
      problems.append(.unknownSubject)
    }
    if !question.options.allSatisfy(known.covers) { problems.append(.unknownWord) }
    if case .choice(let index) = question.key, question.options.indices.contains(index) {
      if question.options.indices.contains(where: { $0 != index && known.isExample(question.options[$0]) }) {
        problems.append(.secondCorrectAnswer)
      }
    }
    return problems
  }

  private func order(_ question: Question, known: Vocabulary) -> [QuestionProblem] {
    var problems: [QuestionProblem] = []
    if question.options.count < 3 { problems.append(.optionCount) }
    if case .grammar(let lesson, let id) = question.subject, !known.hasPoint(id, in: lesson) {
      problems.append(.unknownSubject)
    }
    if !question.options.allSatisfy(known.covers) { problems.append(.unknownWord) }
    guard case .order(let orders) = question.key, !orders.isEmpty,
      orders.allSatisfy({ $0.sorted() == question.options.sorted() })
    else { return problems + [.keyOutOfRange] }
    if orders.contains(question.options) { problems.append(.malformedPrompt) }
    return problems
  }
}

/// The words a learner has met by a lesson, for checking what a question shows. A course builds
/// one for each lesson once, as it is made (``Course/vocabulary(through:)``).
struct Vocabulary: Sendable {
  let lesson: LessonID
  let items: [String: VocabularyItem]
  let words: Set<String>
  let longest: Int
  /// Every example sentence met by the lesson, in each of its correct orders.
  let examples: Set<String>
  /// The grammar points met by the lesson, as `lesson/id`.
  let points: Set<String>

  /// Each lesson's, from the first: each adds its lesson's words and sentences to the one before.
  static func horizons(of lessons: [Lesson], functionWords: Set<String>, names: Set<String>) -> [LessonID: Vocabulary] {
    var items: [String: VocabularyItem] = [:]
    var words = functionWords.union(names)
    var examples: Set<String> = []
    var points: Set<String> = []
    var horizons: [LessonID: Vocabulary] = [:]
    for lesson in lessons {
      for item in lesson.vocabulary { items[item.hanzi] = item }
      words.formUnion(lesson.sentenceWords)
      for point in lesson.grammar {
        points.insert("\(lesson.id)/\(point.id)")
        for example in point.examples {
          examples.insert(example.text)
          for order in example.otherOrders + WordOrders.alternatives(example.tokens, names: names) {
            examples.insert(order.joined())
          }
        }
      }
      horizons[lesson.id] = Vocabulary(
        lesson: lesson.id, items: items, words: words, longest: words.map(\.count).max() ?? 1, examples: examples,
        points: points)
    }
    return horizons
  }

  func item(_ hanzi: String) -> VocabularyItem? { items[hanzi] }

  /// Whether grammar point `id` of `lesson` is one the learner has reached.
  func hasPoint(_ id: String, in lesson: LessonID) -> Bool { points.contains("\(lesson)/\(id)") }

  /// Punctuation, spaces, and Latin letters and digits (`KTV`, `9`) need no lesson.
  static let free: Set<Character> = Set("。，！？、：；「」『』…—（）,.!?:; ").union(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
  /// Numerals combine into numbers (三十五) once each is taught.
  static let numerals: Set<Character> = Set("零一二兩三四五六七八九十百千萬")

  /// Whether `text` can be divided into known words (any division will do: the longest word first
  /// can strand a character another division would cover).
  func covers(_ text: String) -> Bool {
    let characters = Array(text)
    // reachable[i]: the first i characters divide into known words.
    var reachable = [Bool](repeating: false, count: characters.count + 1)
    reachable[0] = true
    for start in characters.indices where reachable[start] {
      let character = characters[start]
      if Self.free.contains(character) || (Self.numerals.contains(character) && words.contains(String(character))) {
        reachable[start + 1] = true
      }
      for length in 1...min(longest, characters.count - start)
      where words.contains(String(characters[start..<start + length])) {
        reachable[start + length] = true
      }
    }
    return reachable[characters.count]
  }

  /// Whether `sentence` is one of the course's example sentences, in any of its correct orders.
  func isExample(_ sentence: String) -> Bool { examples.contains(sentence) }
}
