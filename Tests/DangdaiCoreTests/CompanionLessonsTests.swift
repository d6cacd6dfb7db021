import OrchardKit
import Testing

@testable import DangdaiCore

@Suite("The companion lessons the app ships", .timeLimit(.minutes(5)))
struct CompanionLessonsTests {
  let course = CompanionLessons.course

  @Test("30 lessons, titles with 臺灣 written alike throughout, 20–35 words and 4–6 grammar points each")
  func shape() throws {
    #expect(course.lessons.map(\.id) == LessonID.all)
    #expect(course.lesson(LessonID(rawValue: 101)!)?.chineseTitle == "歡迎你來臺灣！")
    #expect(course.lesson(LessonID(rawValue: 211)!)?.chineseTitle == "臺灣好玩的地方真多")
    for lesson in course.lessons {
      #expect((20...35).contains(lesson.vocabulary.count), "\(lesson.id)")
      #expect((4...6).contains(lesson.grammar.count), "\(lesson.id)")
      for point in lesson.grammar { #expect(point.examples.count >= 3, "\(lesson.id) \(point.id)") }
    }
  }

  @Test("every word has zhuyin by rule and a meaning in every language; Taiwan's reading comes first")
  func words() throws {
    for item in course.lessons.flatMap(\.vocabulary) {
      #expect(PinyinText.zhuyin(item.readings[0]) != nil, "\(item.hanzi)")
      for language in [Language.english, .french, .japanese, .korean] {
        #expect(item.meaning.texts[language]?.isEmpty == false, "\(item.hanzi) \(language)")
      }
    }
    let all = Dictionary(uniqueKeysWithValues: course.lessons.flatMap(\.vocabulary).map { ($0.hanzi, $0) })
    #expect(all["垃圾"]?.pinyin == "lèsè")
    #expect(all["星期"]?.pinyin == "xīngqí")
    #expect(all["和"]?.pinyin == "hàn")
    #expect(all["這"].map { PinyinAnswer.check("zhei4", against: $0.accepted) } == .correct)
    #expect(all["這"].map { PinyinAnswer.check("zhe4", against: $0.accepted) } == .correct)
    #expect(all["謝謝"].map { PinyinAnswer.check("xie4xie4", against: $0.accepted) } == .correct)
    #expect(course.taiwanReadings.allSatisfy { !$0.reason.isEmpty })
  }

  @Test("every example sentence uses only words its learner has met by its lesson")
  func knownWords() {
    for lesson in course.lessons {
      let known = course.vocabulary(through: lesson.id)
      for point in lesson.grammar {
        for example in point.examples {
          #expect(known.covers(example.text), "\(lesson.id) \(example.text)")
          for word in example.wrong { #expect(known.covers(word), "\(lesson.id) \(word)") }
        }
      }
    }
  }

  @Test("every kind of quiz on every lesson under 20 seeds is full and passes the validator")
  func generated() {
    let generator = QuizGenerator(course: course, language: .english)
    for lesson in course.lessons {
      for kind in [QuizKind.vocabulary, .grammar, .test] {
        for seed in 0..<20 {
          var random = SeededRandomNumberGenerator(seed: UInt64(seed))
          let quiz = generator.quiz(kind, lesson: lesson.id, using: &random) ?? []
          #expect(
            quiz.count == (kind == .test ? QuizGenerator.testQuestionCount : QuizGenerator.questionCount),
            "\(lesson.id) \(kind) \(seed)")
          for question in quiz where !generator.validator.problems(question).isEmpty {
            Issue.record("\(lesson.id) \(kind) \(seed): \(generator.validator.problems(question)) \(question)")
          }
        }
      }
    }
  }

  @Test("an imported list replaces that lesson's words for quizzes; grammar stays")
  func imported() throws {
    let list = "//當代中文/Book 1/L01-I\n你\tnǐ\t(N) you\n好\thǎo\t(Vs) good\n"
    let sections = try VocabularyImport.read(list).get().sections
    let replaced = course.replacingVocabulary(with: sections)
    let lesson = try #require(replaced.lesson(LessonID(rawValue: 101)!))
    #expect(lesson.isImported)
    #expect(lesson.vocabulary.map(\.hanzi) == ["你", "好"])
    #expect(lesson.grammar == course.lesson(LessonID(rawValue: 101)!)?.grammar)
    #expect(replaced.lesson(LessonID(rawValue: 102)!)?.isImported == false)
  }
}
