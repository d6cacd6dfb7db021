import DangdaiCore
import OrchardKit
import Testing

@Suite("How a question's answers are laid out", .timeLimit(.minutes(5)))
struct QuestionLayoutTests {
  func question(_ kind: Question.Kind, _ options: [String], key: Question.Key = .choice(0)) -> Question {
    Question(kind: kind, lesson: LessonID(rawValue: 101)!, subject: .word("你"), options: options, key: key)
  }

  @Test("four short options make a 2×2 grid; a longer one, or another count, a list")
  func gridOrList() {
    #expect(question(.characterToMeaning, ["you", "I", "he", "she"]).layout == .grid)
    let limit = String(repeating: "a", count: Question.gridOptionLimit)
    #expect(question(.characterToMeaning, [limit, "I", "he", "she"]).layout == .grid)
    #expect(question(.characterToMeaning, [limit + "a", "I", "he", "she"]).layout == .list)
    #expect(question(.characterToMeaning, ["you", "I", "he"]).layout == .list)
    #expect(question(.meaningToCharacter, ["歡迎", "你好", "老師", "學生"]).layout == .grid)
    #expect(question(.correctSentence, ["我是美國人", "我美國人是", "是我美國人", "美國人我是"]).layout == .grid)
    #expect(
      question(.correctSentence, ["我們都是美國人。", "b", "c", "d"]).layout == .list,
      "seven characters and a full stop are 16 columns, more than a cell holds")
    #expect(Question.columns("我是a") == 5)
    #expect(Question.columns("한국어") == 6)
    #expect(Question.columns("ni3 hao3") == 8)
  }

  @Test("typed pinyin takes a text field, word order its tiles, whatever the options")
  func typedAndTiles() {
    #expect(question(.characterToPinyin, [], key: .pinyin(hanzi: "你", readings: [], citations: [])).layout == .typed)
    #expect(question(.wordOrder, ["我", "是", "人"], key: .order([["我", "是", "人"]])).layout == .tiles)
  }

  @Test("only a meaning question offers options in the learner's language")
  func chineseOptions() {
    // Every kind a chapter's quizzes ask, made from the course in French: the options said to be
    // Chinese are written in Han characters, the others hold none.
    let generator = QuizGenerator(course: CompanionLessons.course, language: .french)
    var seen: Set<Question.Kind> = []
    for seed in 0..<10 {
      var random = SeededRandomNumberGenerator(seed: UInt64(seed))
      for kind in QuizKind.ofAChapter {
        for question in generator.quiz(kind, lesson: LessonID(rawValue: 105)!, using: &random) ?? []
        where !question.options.isEmpty {
          seen.insert(question.kind)
          let han = question.options.map { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }
          #expect(han.allSatisfy { $0 == question.kind.optionsAreChinese }, "\(question.kind): \(question.options)")
        }
      }
    }
    #expect(seen == Set(Question.Kind.allCases).subtracting([.characterToPinyin, .listeningToCharacter]))
  }

  @Test("listening questions are asked only of a device with a voice, and say their word, never show it")
  func listening() {
    var random = SeededRandomNumberGenerator(seed: 3)
    let lesson = LessonID(rawValue: 106)!
    let without = QuizGenerator(course: CompanionLessons.course, language: .english)
    var asked: [Question] = []
    for _ in 0..<10 {
      #expect(
        (without.quiz(.vocabulary, lesson: lesson, using: &random) ?? []).allSatisfy {
          $0.kind != .listeningToCharacter
        })
      asked +=
        QuizGenerator(course: CompanionLessons.course, language: .english, listening: true)
        .quiz(.vocabulary, lesson: lesson, using: &random) ?? []
    }
    let listening = asked.filter { $0.kind == .listeningToCharacter }
    #expect(!listening.isEmpty)
    for question in listening {
      guard case .choice(let key) = question.key else { continue }
      #expect(question.chinese == nil, "the word is heard, not shown")
      #expect(question.speechBeforeAnswer == question.options[key])
      #expect(question.reading != nil, "a reading stands in where no voice can say it")
      #expect(question.layout == .grid)
    }
  }
}

@Suite("A quiz screen's pace", .timeLimit(.minutes(5)))
struct QuizPacingTests {
  @Test("feedback on a right answer stays about a second; tips show past 300 ms and turn every 2 s")
  func pace() {
    #expect((Duration.milliseconds(800)...Duration.milliseconds(1500)).contains(QuizPacing.rightAnswerPause))
    #expect(QuizPacing.tipsAfter == .milliseconds(300))
    #expect(QuizPacing.tipEvery == .seconds(2))
    #expect(QuizPacing.rightAnswerPause.wholeMilliseconds == 1200)
    #expect(QuizPacing.advance(afterCorrect: true) == QuizPacing.rightAnswerPause)
    #expect(QuizPacing.advance(afterCorrect: false) == nil, "a wrong answer waits for the learner")
  }
}
