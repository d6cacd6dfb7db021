import OrchardKit

/// Makes quizzes from a course, the same quiz for the same seed, with no network and no model:
/// every question comes from the lesson's own words and example sentences, and passes
/// ``QuestionValidator`` before it is served.
public struct QuizGenerator: Sendable {
  /// Options a choice question offers.
  public static let choiceCount = 4
  /// Questions in a vocabulary, grammar or review quiz.
  public static let questionCount = 10
  /// Questions in a chapter test, a fifth of them reviewing earlier lessons where there are some.
  public static let testQuestionCount = 20
  public static let testReviewShare = 5
  /// Review quizzes ask at most this many due words.
  public static let reviewLimit = 15
  /// Shuffles tried before a sentence whose words fit too many orders is asked another way.
  static let shuffleAttempts = 16

  public let course: Course
  /// The language of meanings and translations.
  public let language: Language
  public let validator: QuestionValidator
  /// The kinds of word question asked: listening too where the learner's device has a Mandarin voice.
  let wordKinds: [Question.Kind]

  public init(course: Course, language: Language, listening: Bool = false) {
    self.course = course
    self.language = language
    self.validator = QuestionValidator(course: course, language: language)
    self.wordKinds = Self.wordKinds + (listening ? [.listeningToCharacter] : [])
  }

  /// A quiz of `kind` on `lesson` (not `.review`: see ``review(_:using:)``); nil for a lesson the
  /// course does not have.
  public func quiz(_ kind: QuizKind, lesson id: LessonID, using random: inout some RandomNumberGenerator) -> [Question]?
  {
    guard let lesson = course.lesson(id) else { return nil }
    switch kind {
    case .vocabulary:
      let words = words(for: lesson, count: Self.questionCount, using: &random)
      return vocabulary(words, spares: spares(beyond: words, through: lesson), horizon: id, using: &random)
    case .grammar:
      return grammar(examples(of: [lesson], count: Self.questionCount, using: &random), horizon: id, using: &random)
    case .test:
      let earlier = course.lessons(through: id).dropLast()
      let review = earlier.isEmpty ? 0 : Self.testQuestionCount / Self.testReviewShare
      let half = Self.testQuestionCount / 2
      var words = Array(lesson.vocabulary.shuffled(using: &random).prefix(half - review / 2))
      words += earlier.flatMap(\.vocabulary).shuffled(using: &random).prefix(half - words.count)
      var sentences = examples(of: [lesson], count: half - (review - review / 2), using: &random)
      sentences += examples(of: Array(earlier), count: half - sentences.count, using: &random)
      var questions = vocabulary(words, spares: spares(beyond: words, through: lesson), horizon: id, using: &random)
      questions += grammar(sentences, horizon: id, using: &random)
      return questions.shuffled(using: &random)
    case .review:
      return nil
    }
  }

  /// A review quiz of `due` words (each with the lesson that teaches it), at most
  /// ``reviewLimit`` of them, in the order given.
  public func review(
    _ due: [(lesson: LessonID, hanzi: String)], using random: inout some RandomNumberGenerator
  )
    -> [Question]
  {
    var kinds = wordKinds.shuffled(using: &random)
    var questions: [Question] = []
    for (lesson, hanzi) in due.prefix(Self.reviewLimit) {
      guard let item = course.lesson(lesson)?.vocabulary.first(where: { $0.hanzi == hanzi }) else { continue }
      if kinds.isEmpty { kinds = wordKinds.shuffled(using: &random) }
      if let question = wordQuestion(item, preferring: kinds.removeLast(), horizon: lesson, using: &random) {
        questions.append(question)
      }
    }
    return questions
  }

  static let wordKinds: [Question.Kind] = [
    .characterToMeaning, .meaningToCharacter, .characterToPinyin, .readingToCharacter,
  ]
  static let sentenceKinds: [Question.Kind] = [.sentenceCompletion, .correctSentence, .wordOrder]

  // MARK: Words

  /// `count` words of `lesson`, topped up from earlier lessons when it has fewer (an imported list).
  private func words(
    for lesson: Lesson, count: Int, using random: inout some RandomNumberGenerator
  )
    -> [VocabularyItem]
  {
    var words = Array(lesson.vocabulary.shuffled(using: &random).prefix(count))
    if words.count < count {
      words += course.lessons(through: lesson.id).dropLast().flatMap(\.vocabulary).shuffled(using: &random)
        .prefix(count - words.count)
    }
    // Fewer words than questions in all (a short imported list in the first lesson): each is asked
    // again, another way.
    let all = words
    while !all.isEmpty, words.count < count { words += all.shuffled(using: &random).prefix(count - words.count) }
    return words
  }

  /// The lesson's words, then its earlier lessons', not among `words`: what stands in for a word
  /// no fair question can be made of.
  private func spares(beyond words: [VocabularyItem], through lesson: Lesson) -> [VocabularyItem] {
    let asked = Set(words.map(\.hanzi))
    return (lesson.vocabulary + course.lessons(through: lesson.id).dropLast().reversed().flatMap(\.vocabulary))
      .filter { !asked.contains($0.hanzi) }
  }

  /// A question on each of `words`; a word no fair question can be made of gives its place to the
  /// first of `spares` one can.
  private func vocabulary(
    _ words: [VocabularyItem], spares: [VocabularyItem] = [], horizon: LessonID,
    using random: inout some RandomNumberGenerator
  )
    -> [Question]
  {
    var kinds: [Question.Kind] = []
    var questions: [Question] = []
    var spares = spares[...]
    for item in words {
      var candidate: VocabularyItem? = item
      while let word = candidate {
        if kinds.isEmpty { kinds = wordKinds.shuffled(using: &random) }
        if let question = wordQuestion(word, preferring: kinds.removeLast(), horizon: horizon, using: &random) {
          questions.append(question)
          break
        }
        candidate = spares.popFirst()
      }
    }
    return questions
  }

  /// A question of `preferred` kind on `item`, or of another word kind when there are not enough
  /// distinct distractors for it (typed pinyin needs none).
  func wordQuestion(
    _ item: VocabularyItem, preferring preferred: Question.Kind, horizon: LessonID,
    using random: inout some RandomNumberGenerator
  ) -> Question? {
    for kind in [preferred] + wordKinds.filter({ $0 != preferred && $0 != .characterToPinyin })
      + [.characterToPinyin]
    {
      if let question = wordQuestion(item, kind: kind, horizon: horizon, using: &random),
        validator.problems(question).isEmpty
      {
        return question
      }
    }
    return nil
  }

  func wordQuestion(
    _ item: VocabularyItem, kind: Question.Kind, horizon: LessonID, using random: inout some RandomNumberGenerator
  ) -> Question? {
    let subject = Question.Subject.word(item.hanzi)
    switch kind {
    case .characterToMeaning:
      guard !FairQuestions.meaningShowsWord(item, in: language) else { return nil }
      let meaning = item.meaning[language]
      let others = distractors(for: item, horizon: horizon, allowed: meaningDistractor(for: item), using: &random) {
        $0.meaning[language]
      }
      guard let (options, key) = choices(meaning, others.map { $0.meaning[language] }, using: &random) else {
        return nil
      }
      return Question(
        kind: kind, lesson: horizon, subject: subject, chinese: item.hanzi, options: options, key: .choice(key))
    case .meaningToCharacter:
      guard !FairQuestions.meaningShowsWord(item, in: language) else { return nil }
      let others = distractors(for: item, horizon: horizon, allowed: meaningDistractor(for: item), using: &random) {
        $0.meaning[language]
      }
      guard let (options, key) = choices(item.hanzi, others.map(\.hanzi), using: &random) else { return nil }
      return Question(
        kind: kind, lesson: horizon, subject: subject, meaning: item.meaning[language], options: options,
        key: .choice(key))
    case .readingToCharacter, .listeningToCharacter:
      guard FairQuestions.isReadAlone(item) else { return nil }
      let others = distractors(
        for: item, horizon: horizon, unlike: { Set($0.readings) },
        allowed: { !FairQuestions.canRead($0, as: item.readings) }, using: &random)
      guard let (options, key) = choices(item.hanzi, others.map(\.hanzi), using: &random) else { return nil }
      return Question(
        kind: kind, lesson: horizon, subject: subject, reading: .init(pinyin: item.pinyin, zhuyin: item.zhuyin),
        options: options, key: .choice(key))
    case .characterToPinyin:
      guard FairQuestions.isReadAlone(item) else { return nil }
      return Question(
        kind: kind, lesson: horizon, subject: subject, chinese: item.hanzi,
        key: .pinyin(hanzi: item.hanzi, readings: item.readings, citations: item.citations))
    case .sentenceCompletion, .correctSentence, .wordOrder:
      return nil
    }
  }

  /// Whether a word may be a wrong option beside `item` in a meaning question: not a near-synonym
  /// of it, and (in Japanese) not glossed with `item`'s own characters, which would point at it.
  private func meaningDistractor(for item: VocabularyItem) -> (VocabularyItem) -> Bool {
    let language = language
    return { other in
      !FairQuestions.areNear(item, other, in: language)
        && !(language == .japanese && FairQuestions.givesAway(other.meaning[language], item.hanzi))
    }
  }

  /// Three words unlike `item` and each other by `feature` (a meaning), drawn first from words
  /// of the same family in the same lesson, then earlier lessons, then any family; only words
  /// `allowed` says may stand beside `item`.
  private func distractors<Feature: Hashable>(
    for item: VocabularyItem, horizon: LessonID, allowed: (VocabularyItem) -> Bool = { _ in true },
    using random: inout some RandomNumberGenerator, by feature: (VocabularyItem) -> Feature
  ) -> [VocabularyItem] {
    distractors(for: item, horizon: horizon, unlike: { [feature($0)] }, allowed: allowed, using: &random)
  }

  /// The same, where two words clash when their `features` sets meet (shared readings).
  private func distractors<Feature: Hashable>(
    for item: VocabularyItem, horizon: LessonID, unlike features: (VocabularyItem) -> Set<Feature>,
    allowed: (VocabularyItem) -> Bool = { _ in true }, using random: inout some RandomNumberGenerator
  ) -> [VocabularyItem] {
    let lessons = course.lessons(through: horizon)
    let home = lessons.first { $0.vocabulary.contains(item) }?.id
    let pool = lessons.flatMap { lesson in lesson.vocabulary.map { (lesson.id, $0) } }.filter { $0.1 != item }
    let family = item.partOfSpeech.family
    let tiers = [
      pool.filter { $0.0 == home && $0.1.partOfSpeech.family == family },
      pool.filter { $0.0 != home && $0.1.partOfSpeech.family == family },
      pool.filter { $0.1.partOfSpeech.family != family },
    ]
    var taken = features(item)
    var chosen: [VocabularyItem] = []
    for tier in tiers {
      for (_, candidate) in tier.shuffled(using: &random) where chosen.count < Self.choiceCount - 1 {
        let mine = features(candidate)
        guard taken.isDisjoint(with: mine), candidate.hanzi != item.hanzi, allowed(candidate) else { continue }
        taken.formUnion(mine)
        chosen.append(candidate)
      }
    }
    return chosen
  }

  /// `answer` among `others` in a random order, and where it landed; nil without enough others.
  private func choices(
    _ answer: String, _ others: [String], using random: inout some RandomNumberGenerator
  )
    -> ([String], Int)?
  {
    guard others.count >= Self.choiceCount - 1 else { return nil }
    let options = ([answer] + others.prefix(Self.choiceCount - 1)).shuffled(using: &random)
    return (options, options.firstIndex(of: answer)!)
  }

  // MARK: Sentences

  /// `count` example sentences of `lessons`' grammar, each once before any comes again.
  private func examples(
    of lessons: [Lesson], count: Int, using random: inout some RandomNumberGenerator
  )
    -> [(LessonID, GrammarPoint, ExampleSentence)]
  {
    let all = lessons.flatMap { lesson in
      lesson.grammar.flatMap { point in point.examples.map { (lesson.id, point, $0) } }
    }
    guard !all.isEmpty, count > 0 else { return [] }
    // Spread the quiz over the points: a round of one example of each point, then another.
    var byPoint = Dictionary(grouping: all.shuffled(using: &random)) { "\($0.0)/\($0.1.id)" }
    var order = byPoint.keys.sorted().shuffled(using: &random)
    var chosen: [(LessonID, GrammarPoint, ExampleSentence)] = []
    while chosen.count < count {
      var progressed = false
      for key in order where chosen.count < count {
        if let next = byPoint[key]?.popLast() {
          chosen.append(next)
          progressed = true
        }
      }
      if !progressed {
        byPoint = Dictionary(grouping: all.shuffled(using: &random)) { "\($0.0)/\($0.1.id)" }
        order = order.shuffled(using: &random)
      }
    }
    return chosen
  }

  private func grammar(
    _ sentences: [(LessonID, GrammarPoint, ExampleSentence)], horizon: LessonID,
    using random: inout some RandomNumberGenerator
  ) -> [Question] {
    var kinds: [Question.Kind] = []
    var asked: Set<String> = []
    var questions: [Question] = []
    for (lesson, point, example) in sentences {
      if kinds.isEmpty { kinds = Self.sentenceKinds.shuffled(using: &random) }
      let preferred = kinds.removeLast()
      // An example asked twice is asked another way.
      for kind in [preferred] + Self.sentenceKinds.filter({ $0 != preferred })
      where !asked.contains("\(example.text)/\(kind)") {
        if let question = sentenceQuestion(
          example, of: point, in: lesson, kind: kind, horizon: horizon, using: &random),
          validator.problems(question).isEmpty
        {
          asked.insert("\(example.text)/\(kind)")
          questions.append(question)
          break
        }
      }
    }
    return questions
  }

  func sentenceQuestion(
    _ example: ExampleSentence, of point: GrammarPoint, in lesson: LessonID, kind: Question.Kind, horizon: LessonID,
    using random: inout some RandomNumberGenerator
  ) -> Question? {
    let subject = Question.Subject.grammar(lesson, point.id)
    let translation = example.translation[language]
    switch kind {
    case .sentenceCompletion:
      guard let (options, key) = choices(example.focusWord, example.wrong, using: &random) else { return nil }
      return Question(
        kind: kind, lesson: horizon, subject: subject, chinese: example.replacingFocus(with: Question.blank),
        meaning: translation, options: options, key: .choice(key))
    case .correctSentence:
      guard
        let (options, key) = choices(
          example.text, example.wrong.map(example.replacingFocus(with:)), using: &random)
      else { return nil }
      return Question(
        kind: kind, lesson: horizon, subject: subject, meaning: translation, options: options, key: .choice(key))
    case .wordOrder:
      let words = example.tokens.filter { !$0.allSatisfy(Vocabulary.free.contains) }
      let orders = course.orders(of: example).map {
        $0.filter { !$0.allSatisfy(Vocabulary.free.contains) }
      }
      guard words.count >= 3 else { return nil }
      // Tiles never start in an order that is already right.
      var tiles = words.shuffled(using: &random)
      for _ in 0..<Self.shuffleAttempts where orders.contains(tiles) { tiles.shuffle(using: &random) }
      guard !orders.contains(tiles) else { return nil }
      return Question(
        kind: kind, lesson: horizon, subject: subject, meaning: translation, options: tiles, key: .order(orders))
    case .characterToMeaning, .meaningToCharacter, .characterToPinyin, .readingToCharacter, .listeningToCharacter:
      return nil
    }
  }
}
