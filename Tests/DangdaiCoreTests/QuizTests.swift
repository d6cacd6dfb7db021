import OrchardKit
import Testing

@testable import DangdaiCore

@Suite("Quiz questions: made from the lesson, checked before they are served", .timeLimit(.minutes(5)))
struct QuizTests {
  let course = QuizFixture.course
  let lesson101 = LessonID(rawValue: 101)!
  let lesson102 = LessonID(rawValue: 102)!

  func validator(_ language: Language = .english) -> QuestionValidator {
    QuestionValidator(course: course, language: language)
  }

  func generate(_ kind: QuizKind, _ lesson: Int, seed: UInt64, language: Language = .english) -> [Question] {
    var random = SeededRandomNumberGenerator(seed: seed)
    return QuizGenerator(course: course, language: language).quiz(
      kind, lesson: LessonID(rawValue: lesson)!, using: &random)
      ?? []
  }

  @Test("lesson ids are book × 100 + n, books 1–2, lessons 1–15; anything else is no lesson")
  func lessonIDs() {
    #expect(LessonID("101")?.book == 1)
    #expect(LessonID("215")?.number == 15)
    for bad in ["100", "116", "301", "099", "0101", "+101", "1O1", "", "12", "abc", "１０１"] {
      #expect(LessonID(bad) == nil, "\(bad)")
    }
    #expect(LessonID(book: 2, number: 3)?.rawValue == 203)
    #expect(LessonID(book: 0, number: 115) == nil)
    #expect(LessonID(book: 1, number: 16) == nil)
    #expect(LessonID.all.count == 30)
    #expect(LessonID.all.first?.rawValue == 101 && LessonID.all.last?.rawValue == 215)
  }

  @Test("the builder's JSON reads into lessons, Taiwan's reading shown first")
  func decode() throws {
    let lesson = try #require(course.lesson(lesson101))
    #expect(lesson.chineseTitle == "歡迎你來臺灣！")
    let student = try #require(lesson.vocabulary.first { $0.hanzi == "學生" })
    #expect(student.pinyin == "xuéshēng")
    #expect(student.readings.count == 2)
    #expect(student.meaning[.french] == "étudiant")
    #expect(course.knownWords(through: lesson101).contains("王"))
    #expect(!course.knownWords(through: lesson101).contains("茶"))
    #expect(course.knownWords(through: lesson102).contains("茶"))
  }

  // MARK: The validator

  /// A question the validator accepts, to break one way at a time.
  func meaningToCharacter(options: [String] = ["學生", "老師", "臺灣", "我"], key: Int = 0) -> Question {
    Question(
      kind: .meaningToCharacter, lesson: lesson101, subject: .word("學生"), meaning: "student", options: options,
      key: .choice(key))
  }

  @Test("a sound question passes")
  func sound() {
    #expect(validator().problems(meaningToCharacter()).isEmpty)
  }

  @Test(
    "broken questions are refused, each with its code",
    arguments: [
      // Three options, or five.
      (0, QuestionProblem.optionCount), (1, .optionCount),
      // The same option twice.
      (2, .duplicateOptions),
      // The key past the options.
      (3, .keyOutOfRange),
      // The same option again with a stray space.
      (4, .duplicateOptions),
      // 茶 is taught in lesson 102, after this question's lesson.
      (5, .unknownWord),
      // A word the course does not have.
      (6, .unknownSubject),
      // The key names the wrong word.
      (7, .keyMismatch),
      // A completion without a blank.
      (8, .malformedPrompt),
      // Tiles already in the right order.
      (9, .malformedPrompt),
      // A homophone: 他 and 她 are both tā.
      (10, .secondCorrectAnswer),
      // A completion whose wrong option makes one of the course's own sentences.
      (11, .secondCorrectAnswer),
      // A grammar point of a lesson the learner has not reached.
      (12, .unknownSubject),
      // An order that is not made of the tiles.
      (13, .keyOutOfRange),
      // Typed pinyin keyed to another word's readings.
      (14, .keyMismatch),
    ])
  func broken(index: Int, expected: QuestionProblem) throws {
    let broken: [Question] = [
      meaningToCharacter(options: ["學生", "老師", "臺灣"]),
      meaningToCharacter(options: ["學生", "老師", "臺灣", "我", "你"]),
      meaningToCharacter(options: ["學生", "老師", "老師", "我"]),
      meaningToCharacter(key: 4),
      Question(
        kind: .meaningToCharacter, lesson: lesson101, subject: .word("學生"), meaning: "student",
        options: ["學生", "學生 ", "臺灣", "我"], key: .choice(0)),
      meaningToCharacter(options: ["學生", "茶", "臺灣", "我"]),
      Question(
        kind: .meaningToCharacter, lesson: lesson101, subject: .word("貓"), meaning: "cat",
        options: ["貓", "老師", "臺灣", "我"], key: .choice(0)),
      meaningToCharacter(key: 1),
      Question(
        kind: .sentenceCompletion, lesson: lesson101, subject: .grammar(lesson101, "shi"), chinese: "我是學生。",
        options: ["是", "很", "也", "不"], key: .choice(0)),
      Question(
        kind: .wordOrder, lesson: lesson101, subject: .grammar(lesson101, "shi"), options: ["我", "是", "學生"],
        key: .order([["我", "是", "學生"]])),
      Question(
        kind: .readingToCharacter, lesson: lesson101, subject: .word("他"),
        reading: .init(pinyin: "tā", zhuyin: "ㄊㄚ"), options: ["他", "她", "我", "你"], key: .choice(0)),
      Question(
        kind: .sentenceCompletion, lesson: lesson101, subject: .grammar(lesson101, "hen"),
        chinese: "我\(Question.blank)忙。",
        options: ["是", "很", "也", "叫"], key: .choice(0)),
      Question(
        kind: .sentenceCompletion, lesson: lesson101, subject: .grammar(lesson102, "yao"),
        chinese: "我\(Question.blank)忙。",
        options: ["很", "是", "叫", "來"], key: .choice(0)),
      Question(
        kind: .wordOrder, lesson: lesson101, subject: .grammar(lesson101, "shi"), options: ["學生", "是", "我"],
        key: .order([["我", "是", "老師"]])),
      Question(
        kind: .characterToPinyin, lesson: lesson101, subject: .word("學生"), chinese: "學生",
        key: .pinyin(hanzi: "學生", readings: [[PinyinSyllable("lao", 3), PinyinSyllable("shi", 1)]], citations: [])),
    ]
    let problems = validator().problems(broken[index])
    #expect(problems.contains(expected), "\(problems)")
  }

  @Test("a near-duplicate option and a word's second meaning are both caught")
  func sameMeaning() throws {
    // Every option but the key must mean something else in the learner's language: two words
    // glossed alike in French make two right answers there, though not in English.
    var lessons = course.lessons
    let extra = VocabularyItem(
      hanzi: "為", partOfSpeech: PartOfSpeech(rawValue: "V"), readings: [[PinyinSyllable("wei", 2)]],
      meaning: LocalizedText([.english: "to act as", .french: "être"]))
    lessons[0].vocabulary.append(extra)
    let widened = Course(lessons: lessons, functionWords: course.functionWords, names: course.names)
    let question = Question(
      kind: .meaningToCharacter, lesson: lesson101, subject: .word("是"), meaning: "être",
      options: ["是", "為", "我", "你"], key: .choice(0))
    #expect(QuestionValidator(course: widened, language: .french).problems(question) == [.secondCorrectAnswer])
    let english = Question(
      kind: .meaningToCharacter, lesson: lesson101, subject: .word("是"), meaning: "to be",
      options: ["是", "為", "我", "你"], key: .choice(0))
    #expect(QuestionValidator(course: widened, language: .english).problems(english).isEmpty)
  }

  // MARK: The generator

  @Test("every kind of quiz on every lesson, under 20 seeds and in every language, passes the validator")
  func generated() {
    for language in [Language.english, .french, .japanese, .korean] {
      let validator = validator(language)
      for lesson in course.lessons {
        for kind in [QuizKind.vocabulary, .grammar, .test] {
          for seed in 0..<20 {
            let quiz = generate(kind, lesson.id.rawValue, seed: UInt64(seed), language: language)
            let expected = kind == .test ? QuizGenerator.testQuestionCount : QuizGenerator.questionCount
            #expect(quiz.count == expected, "\(lesson.id) \(kind) seed \(seed)")
            for question in quiz {
              #expect(validator.problems(question).isEmpty, "\(question)")
            }
          }
        }
      }
    }
  }

  @Test("the same seed makes the same quiz; another seed another")
  func deterministic() {
    #expect(generate(.vocabulary, 101, seed: 7) == generate(.vocabulary, 101, seed: 7))
    #expect(generate(.grammar, 101, seed: 7) == generate(.grammar, 101, seed: 7))
    #expect(generate(.test, 102, seed: 7) == generate(.test, 102, seed: 7))
    #expect(generate(.vocabulary, 101, seed: 7) != generate(.vocabulary, 101, seed: 8))
  }

  @Test(
    "a vocabulary quiz asks each of ten words once, in every word kind; a lesson short of words borrows earlier ones")
  func vocabularyQuiz() {
    let quiz = generate(.vocabulary, 101, seed: 3)
    let words = quiz.compactMap { question -> String? in
      if case .word(let hanzi) = question.subject { hanzi } else { nil }
    }
    #expect(Set(words).count == 10)
    #expect(Set(quiz.map(\.kind)) == Set(QuizGenerator.wordKinds))
    // Lesson 102 teaches six words: four more come from lesson 101.
    let short = generate(.vocabulary, 102, seed: 3)
    #expect(short.count == 10)
    let own = Set(course.lesson(lesson102)!.vocabulary.map(\.hanzi))
    #expect(short.filter { if case .word(let hanzi) = $0.subject { own.contains(hanzi) } else { false } }.count == 6)
  }

  @Test("a grammar quiz spreads over the lesson's points; a chapter test mixes words, sentences and review")
  func grammarAndTest() {
    let grammar = generate(.grammar, 101, seed: 5)
    let points = grammar.compactMap { question -> String? in
      if case .grammar(_, let id) = question.subject { id } else { nil }
    }
    #expect(points.count == 10)
    #expect(Set(points) == ["shi", "hen"])
    #expect(abs(points.filter { $0 == "shi" }.count - points.filter { $0 == "hen" }.count) <= 1)
    #expect(Set(grammar.map(\.kind)) == Set(QuizGenerator.sentenceKinds))

    let test = generate(.test, 102, seed: 5)
    #expect(test.filter(\.kind.isVocabulary).count == 10)
    let reviewed = test.filter { question in
      switch question.subject {
      case .word(let hanzi): course.lesson(lesson101)!.vocabulary.contains { $0.hanzi == hanzi }
      case .grammar(let lesson, _): lesson == lesson101
      }
    }
    #expect(!reviewed.isEmpty)
  }

  @Test("distractors share the word's part of speech where the lesson has enough, and never its meaning or reading")
  func distractors() throws {
    let generator = QuizGenerator(course: course, language: .english)
    let pronoun = try #require(course.lesson(lesson101)!.vocabulary.first { $0.hanzi == "我" })
    for seed in 0..<20 {
      var random = SeededRandomNumberGenerator(seed: UInt64(seed))
      let question = try #require(
        generator.wordQuestion(pronoun, kind: .meaningToCharacter, horizon: lesson101, using: &random))
      // 我 你 他 她 are the lesson's pronouns: the other three are the distractors.
      #expect(Set(question.options) == ["我", "你", "他", "她"])
      let reading = try #require(
        generator.wordQuestion(
          course.lesson(lesson101)!.vocabulary.first { $0.hanzi == "他" }!, kind: .readingToCharacter,
          horizon: lesson101, using: &random))
      #expect(!reading.options.contains("她"))
    }
  }

  @Test("answers: a choice by index, pinyin with tone feedback, tiles in any accepted order")
  func answers() throws {
    let choice = meaningToCharacter()
    #expect(choice.check(.choice(0)) == .correct)
    #expect(choice.check(.choice(1)) == .wrong)
    #expect(choice.check(.choice(9)) == .unanswerable)
    #expect(choice.check(.typed("xuesheng")) == .unanswerable)

    let student = try #require(course.lesson(lesson101)!.vocabulary.first { $0.hanzi == "學生" })
    let typed = Question(
      kind: .characterToPinyin, lesson: lesson101, subject: .word("學生"), chinese: "學生",
      key: .pinyin(hanzi: "學生", readings: student.readings, citations: student.citations))
    #expect(typed.check(.typed("xue2sheng1")) == .correct)
    #expect(typed.check(.typed("xué sheng")) == .correct)
    #expect(typed.check(.typed("xue2sheng3")) == .toneError(syllables: [1], sandhiHint: false))
    #expect(typed.check(.typed("xuesheng")) == .missingTones)
    #expect(!Verdict.missingTones.isFinal)
    #expect(typed.check(.typed("laoshi")) != .correct)
    #expect(typed.solution == "xuéshēng")

    let order = Question(
      kind: .wordOrder, lesson: lesson101, subject: .grammar(lesson101, "shi"), options: ["學生", "我", "是", "我"],
      key: .order([["我", "是", "我", "學生"], ["學生", "我", "是", "我"]].map { $0 }))
    #expect(order.check(.order([1, 2, 3, 0])) == .correct)
    #expect(order.check(.order([3, 2, 1, 0])) == .correct)
    #expect(order.check(.order([0, 1, 2, 3])) == .correct)
    #expect(order.check(.order([2, 1, 3, 0])) == .wrong)
    #expect(order.check(.order([1, 2, 0])) == .unanswerable)
    #expect(order.check(.order([1, 1, 2, 0])) == .unanswerable)
  }

  @Test("a review quiz asks the due words, at most fifteen, each about its own lesson")
  func review() {
    var random = SeededRandomNumberGenerator(seed: 1)
    let generator = QuizGenerator(course: course, language: .english)
    let due = [(lesson102, "茶"), (lesson101, "老師"), (lesson101, "不存在")]
    let quiz = generator.review(due.map { (lesson: $0.0, hanzi: $0.1) }, using: &random)
    #expect(quiz.map(\.subject) == [.word("茶"), .word("老師")])
    #expect(quiz.map(\.lesson) == [lesson102, lesson101])
    let many = course.lessons.flatMap { lesson in lesson.vocabulary.map { (lesson: lesson.id, hanzi: $0.hanzi) } }
    #expect(generator.review(many, using: &random).count == QuizGenerator.reviewLimit)
  }
}
