import OrchardKit
import Testing

@testable import DangdaiCore

@Suite("Questions are fair: one right answer, and nothing that gives it away", .timeLimit(.minutes(5)))
struct FairQuestionsTests {
  let course = CompanionLessons.course

  /// Every question of `kind` the generator makes on each lesson over `seeds`, in `language`.
  func questions(
    _ kind: QuizKind = .vocabulary, language: Language = .english, seeds: Range<UInt64> = 0..<12
  ) -> [Question] {
    let generator = QuizGenerator(course: course, language: language)
    var made: [Question] = []
    for lesson in LessonID.all {
      for seed in seeds {
        var random = SeededRandomNumberGenerator(seed: seed)
        made += generator.quiz(kind, lesson: lesson, using: &random) ?? []
      }
    }
    return made
  }

  func item(_ hanzi: String) -> VocabularyItem? {
    course.lesson(teaching: hanzi).flatMap { course.lesson($0)?.vocabulary.first { $0.hanzi == hanzi } }
  }

  @Test("near-synonyms are never offered in one meaning question (緊張 and 著急, 字 and 漢字, 二 and 兩)")
  func nearSynonyms() throws {
    for pair in [("緊張", "著急"), ("字", "漢字"), ("二", "兩"), ("如果", "要是"), ("會", "能")] {
      let a = try #require(item(pair.0)), b = try #require(item(pair.1))
      #expect(FairQuestions.areNear(a, b, in: .english), "\(pair)")
    }
    let unrelated = try #require(item("茶")), other = try #require(item("老師"))
    #expect(!FairQuestions.areNear(unrelated, other, in: .english))
    for language in [Language.english, .japanese] {
      for question in questions(language: language) where question.kind == .meaningToCharacter {
        guard case .word(let hanzi) = question.subject, let asked = item(hanzi) else { continue }
        for option in question.options where option != hanzi {
          if let other = item(option) {
            #expect(!FairQuestions.areNear(asked, other, in: language), "\(hanzi)/\(option)")
          }
        }
      }
    }
  }

  @Test("in Japanese, a meaning written with the word's own kanji is never the clue or the answer")
  func japaneseKanji() throws {
    #expect(FairQuestions.givesAway("歓迎する", "歡迎"))
    #expect(FairQuestions.givesAway("学生", "學生"))
    #expect(!FairQuestions.givesAway("先生", "老師"))
    #expect(!FairQuestions.givesAway("ありがとう", "謝謝"))
    var meaningQuestions = 0
    for question in questions(language: .japanese) {
      guard case .word(let hanzi) = question.subject else { continue }
      switch question.kind {
      case .meaningToCharacter:
        meaningQuestions += 1
        #expect(!FairQuestions.givesAway(question.meaning ?? "", hanzi), "\(hanzi): \(question.meaning ?? "")")
      case .characterToMeaning:
        meaningQuestions += 1
        for option in question.options { #expect(!FairQuestions.givesAway(option, hanzi), "\(hanzi): \(option)") }
      default: break
      }
    }
    #expect(meaningQuestions > 100, "meaning questions are still asked in Japanese")
  }

  @Test("a character read more than one way is never asked for its reading alone")
  func homographs() throws {
    let several = course.lessons.flatMap(\.vocabulary).filter { $0.hanzi.count == 1 && !$0.otherReadings.isEmpty }
    #expect(several.count > 20, "the course's single characters with other readings are known")
    let names = Set(several.map(\.hanzi))
    for question in questions() where question.kind == .characterToPinyin || question.kind == .readingToCharacter {
      guard case .word(let hanzi) = question.subject else { continue }
      #expect(!names.contains(hanzi), "\(hanzi) asked for its reading alone")
    }
    // Nor is it an option that could be read the way a reading question reads.
    for question in questions() where question.kind == .readingToCharacter {
      guard case .choice(let key) = question.key, case .word(let hanzi) = question.subject, let asked = item(hanzi)
      else { continue }
      for (index, option) in question.options.enumerated() where index != key {
        if let other = item(option) { #expect(!FairQuestions.canRead(other, as: asked.readings), "\(option)") }
      }
    }
  }

  @Test("a time phrase or 如果 may stand before or after the subject; other words stay")
  func wordOrders() {
    #expect(WordOrders.alternatives(["今天", "我", "很", "忙", "。"]) == [["我", "今天", "很", "忙", "。"]])
    #expect(WordOrders.alternatives(["我", "今天", "很", "忙", "。"]) == [["今天", "我", "很", "忙", "。"]])
    #expect(
      WordOrders.alternatives(["我們", "下課", "以後", "一起", "去", "吃飯", "吧"])
        == [["下課", "以後", "我們", "一起", "去", "吃飯", "吧"]])
    #expect(WordOrders.alternatives(["你", "如果", "有", "時間", "，", "來", "吧"]).first?.prefix(2) == ["如果", "你"])
    #expect(WordOrders.alternatives(["如果", "你", "有", "時間", "，", "來", "吧"]).first?.prefix(2) == ["你", "如果"])
    #expect(WordOrders.alternatives(["他", "很", "忙", "。"]).isEmpty)
    #expect(WordOrders.alternatives(["王", "明天", "來"], names: ["王"]) == [["明天", "王", "來"]])
  }

  @Test("a word all in the neutral tone is typed with 5, 0 or no tone, and the question says so")
  func neutral() {
    let ma = [AcceptedReading([PinyinSyllable("ma", 5)], hanzi: "嗎")]
    #expect(PinyinAnswer.check("ma", against: ma) == .correct)
    #expect(PinyinAnswer.check("ma5", against: ma) == .correct)
    #expect(PinyinAnswer.check("ma0", against: ma) == .correct)
    #expect(PinyinAnswer.check("ma1", against: ma) == .toneError(syllables: [0], sandhiHint: false))
    let question = Question(
      kind: .characterToPinyin, lesson: LessonID(rawValue: 101)!, subject: .word("嗎"), chinese: "嗎",
      key: .pinyin(hanzi: "嗎", readings: [[PinyinSyllable("ma", 5)]], citations: [[PinyinSyllable("ma", 5)]]))
    #expect(DangdaiText.instruction(question) == .characterToPinyinNeutral)
    // A word with a full tone still asks for its tones.
    let student = [AcceptedReading([PinyinSyllable("xue", 2), PinyinSyllable("sheng", 1)], hanzi: "學生")]
    #expect(PinyinAnswer.check("xuesheng", against: student) == .missingTones)
  }
}
