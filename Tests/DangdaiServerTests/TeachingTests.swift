import DangdaiCore
import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

/// Dangdai teaches, not only tests: a wrong answer is explained, word options can show their
/// readings, words can be heard where a voice can say them, mastery says what it is made of,
/// and the spaced review waits on Home.
@Suite("Dangdai teaches when an answer is wrong", .timeLimit(.minutes(5)))
struct TeachingTests {
  /// The first question of a new quiz of `kind` on `chapter` that `matches`, with the quiz's id.
  static func find(
    _ harness: DangdaiHarness, _ learner: (token: String, id: String), _ kind: String, chapter: Int,
    listening: Bool = false, tries: Int = 30, where matches: (Question) -> Bool
  ) async throws -> (quiz: String, index: Int, question: Question)? {
    for _ in 0..<tries {
      var body: [String: JSONValue] = ["quiz_type": .string(kind), "chapter_id": .number(chapter)]
      if listening { body["listening"] = .bool(true) }
      let made = try await harness.send(.post, "quizzes", learner.token, json: body)
      let id = try #require(made.json?["quiz_id"] as? String)
      let quiz = try #require(try await harness.store.quiz(id, of: learner.id))
      if let index = quiz.questions.firstIndex(where: matches) { return (id, index, quiz.questions[index]) }
    }
    return nil
  }

  @Test(
    "a wrong answer shows the right word with its reading and meaning, and the word chosen",
    arguments: TestDatabase.available)
  func wordExplained(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let found = try await Self.find(harness, ada, "vocabulary", chapter: 108) { $0.kind == .meaningToCharacter }
      let (quiz, index, question) = try #require(found, "no quiz asked a meaning")
      let wrong = try await harness.answer(quiz, index, of: ada.id, right: false)
      let outcome = try #require(
        try await harness.send(.post, "quizzes/\(quiz)/answers", ada.token, json: wrong).json)
      let answer = try #require(outcome["answer"] as? [String: Any])
      let explanation = try #require(answer["explanation"] as? [String: Any])
      let word = try #require(explanation["word"] as? [String: Any])
      guard case .word(let hanzi) = question.subject, case .choice(let key) = question.key else {
        Issue.record("not a word question")
        return
      }
      let item = try #require(CompanionLessons.course.lessons.flatMap(\.vocabulary).first { $0.hanzi == hanzi })
      #expect(word["hanzi"] as? String == hanzi)
      #expect(word["pinyin"] as? String == item.pinyin)
      #expect(word["meaning"] as? String == item.meaning[.english])
      let chosen = try #require(explanation["chosen"] as? [String: Any])
      #expect(chosen["hanzi"] as? String == question.options[(key + 1) % question.options.count])
      // Each option's reading is offered beside it.
      let shown = try #require(try await harness.send(.get, "quizzes/\(quiz)", ada.token).json)
      let asked = try #require((shown["questions"] as? [[String: Any]])?[index])
      #expect((asked["option_readings"] as? [[String: Any]])?.count == question.options.count)
      #expect(asked["option_readings_shown"] as? Bool == false, "lesson 108 shows them on request")
      // Book 1's first lessons show them at once.
      let early = try await Self.find(harness, ada, "vocabulary", chapter: 102) { $0.kind == .meaningToCharacter }
      let (first, at, _) = try #require(early)
      let firstShown = try #require(try await harness.send(.get, "quizzes/\(first)", ada.token).json)
      #expect((firstShown["questions"] as? [[String: Any]])?[at]["option_readings_shown"] as? Bool == true)
    }
  }

  @Test(
    "a wrong grammar answer shows the sentence as it should be and the point's line on why",
    arguments: TestDatabase.available)
  func grammarExplained(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let quiz = try await ada.start(.grammar, chapter: 102)
      var page = try await ada.answerShown(quiz, right: false)
      // Word tiles answered wrongly can only be checked once placed: any grammar question will do.
      let asked = try #require(try await harness.store.quiz(quiz, of: ada.id)).questions[page.index]
      guard case .grammar(let lesson, let id) = asked.subject else {
        Issue.record("not a grammar question")
        return
      }
      let point = try #require(CompanionLessons.course.lesson(lesson)?.grammar.first { $0.id == id })
      #expect(page.page.body.contains("class=\"explain-why\""))
      let escaped = { (text: String) in HTML("\(text)").rendered }
      #expect(page.page.body.contains(escaped(point.title[.english])))
      #expect(page.page.body.contains(escaped(Course.firstSentence(point.explanation[.english]))))
      #expect(page.page.body.contains(try #require(asked.rightSentence)))
      // A right answer moves on without a lesson.
      page = try await ada.answerShown(quiz, right: true)
      #expect(!page.page.body.contains("class=\"explanation\""))
    }
  }

  @Test("in zhuyin mode, typed zhuyin counts and the answer is shown in zhuyin", arguments: TestDatabase.available)
  func zhuyin(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      _ = try await ada.post("/dangdai/settings", [("readings", "zhuyin")])
      let learner = (token: try await Self.token(harness, "ada@example.com"), id: ada.id)
      let found = try await Self.find(harness, learner, "vocabulary", chapter: 106) { $0.kind == .characterToPinyin }
      let (quiz, index, question) = try #require(found, "no quiz asked for pinyin")
      let reading = try #require(question.solutionReading)
      let shown = try await ada.get("/dangdai/quizzes/\(quiz)")
      let answerID = try #require(WebLearner.value(of: "answer_id", in: shown.body))
      // Answered in zhuyin, right.
      let typed = try await ada.post(
        "/dangdai/quizzes/\(quiz)/answers",
        [("answer_id", answerID), ("question", "\(index)"), ("text", reading.zhuyin)])
      #expect(typed.status == .ok)
      #expect(typed.body.contains("data-feedback=\"right\""), "\(reading.zhuyin) was not taken")
      // A wrong one shows the answer as a zhuyin reader reads it.
      let next = try await Self.find(harness, learner, "vocabulary", chapter: 106) { $0.kind == .characterToPinyin }
      let (other, at, asked) = try #require(next)
      let page = try await ada.get("/dangdai/quizzes/\(other)")
      let id = try #require(WebLearner.value(of: "answer_id", in: page.body))
      let wrong = try await ada.post(
        "/dangdai/quizzes/\(other)/answers", [("answer_id", id), ("question", "\(at)"), ("text", "qqq")])
      #expect(
        wrong.body.contains(
          "<span class=\"zhuyin\" lang=\"zh-Bopo\">\(try #require(asked.solutionReading).zhuyin)</span>"))
    }
  }

  static func token(_ harness: DangdaiHarness, _ email: String) async throws -> String {
    let session = try await harness.api.send(
      .post, "/dangdai/api/v1/auth/token?grant_type=password", json: ["email": email, "password": WebLearner.password])
    return try #require(session.json?["access_token"] as? String)
  }

  @Test(
    "listening questions come only for a device with a voice; they say the word instead of showing it",
    arguments: TestDatabase.available)
  func listening(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let none = try await Self.find(harness, ada, "vocabulary", chapter: 106, tries: 5) {
        $0.kind == .listeningToCharacter
      }
      #expect(none == nil)
      let found = try await Self.find(harness, ada, "vocabulary", chapter: 106, listening: true) {
        $0.kind == .listeningToCharacter
      }
      let (quiz, index, question) = try #require(found, "no listening question with a voice")
      let shown = try #require(try await harness.send(.get, "quizzes/\(quiz)", ada.token).json)
      let asked = try #require((shown["questions"] as? [[String: Any]])?[index])
      guard case .choice(let key) = question.key else { return }
      #expect(asked["speech"] as? String == question.options[key])
      #expect(asked["chinese"] == nil)
      #expect(asked["reading"] != nil)
    }
  }

  @Test(
    "a chapter test at 80 % masters the chapter, celebrated once, and the chapter says what its percent is made of",
    arguments: TestDatabase.available)
  func mastery(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      var bea = try await WebLearner.signedIn(harness, "bea@example.com")
      let test = try #require(try await harness.startQuiz("test", chapter: 103, ada.token)["quiz_id"] as? String)
      let last = try await harness.finish(test, of: ada) { $0 >= 2 }  // 18 of 20: 90 %
      let result = try #require(last["result"] as? [String: Any])
      #expect(result["first_mastery"] as? Bool == true)
      let chapter = try #require(
        try await harness.send(.get, "chapters/103", ada.token).json?["chapter"] as? [String: Any])
      #expect(chapter["status"] as? String == "mastered")
      #expect(chapter["completion"] as? Int == 36)
      let again = try #require(try await harness.startQuiz("test", chapter: 103, ada.token)["quiz_id"] as? String)
      let second = try await harness.finish(again, of: ada)
      #expect((second["result"] as? [String: Any])?["first_mastery"] as? Bool == false)
      // The chapter page explains the percent, part by part (to a learner who has taken nothing).
      let page = try await bea.get("/dangdai/chapters/103")
      #expect(page.body.contains("class=\"made-of\""))
      #expect(page.body.contains("Chapter Test: not taken yet, worth 40 points"))
    }
  }

  @Test(
    "Home shows the words due for review with one tap to start; a chapter only its own",
    arguments: TestDatabase.available)
  func reviewOnHome(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let token = try await Self.token(harness, "ada@example.com")
      let home = try await ada.get("/dangdai/")
      #expect(home.body.contains("class=\"card review-card\""))
      #expect(!home.body.contains("data-review-now"))
      let quiz = try #require(try await harness.startQuiz("vocabulary", chapter: 103, token)["quiz_id"] as? String)
      try await harness.finish(quiz, of: (token, ada.id)) { $0 < 3 }
      harness.clock.advance(by: 5 * 60)
      let due = try await ada.get("/dangdai/")
      #expect(due.body.contains("data-review-now"))
      #expect(due.body.contains("7 words to review"))
      let started = try await ada.post("/dangdai/review", [])
      #expect(started.status == .seeOther)
      #expect(try await ada.get("/dangdai/chapters/201").body.contains("quiz-choice--review") == false)
    }
  }
}
