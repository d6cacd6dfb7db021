import DangdaiAPI
import DangdaiCore
import Foundation
import ServerKitTesting
import Testing

@testable import DangdaiServer

@Suite("Dangdai holds requests to its contract and each learner to a quota", .timeLimit(.minutes(5)))
struct DangdaiContractTests {
  /// The problems of a refusal, as `field code`.
  func problems(_ answer: JSONAPIClient.Answer) throws -> [String] {
    let json = try #require(answer.json)
    let listed = try #require(json["problems"] as? [[String: Any]])
    return listed.map { "\($0["field"] as? String ?? "") \($0["code"] as? String ?? "")" }
  }

  @Test(
    "an answer_id of 1,000,000 characters, an empty one and text over 200 are refused 400 BAD_REQUEST, storing nothing",
    arguments: TestDatabase.available)
  func answerLengths(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let quiz = try await harness.startQuiz("vocabulary", chapter: 101, ada.token)
      let id = try #require(quiz["quiz_id"] as? String)
      let refused: [([String: JSONValue], String)] = [
        (
          ["answer_id": .string(String(repeating: "a", count: 1_000_000)), "question": .number(0)], "answer_id TOO_LONG"
        ),
        (["answer_id": .string(""), "question": .number(0)], "answer_id TOO_SHORT"),
        (
          ["answer_id": .string("a-1"), "question": .number(0), "text": .string(String(repeating: "ā", count: 201))],
          "text TOO_LONG"
        ),
        (["answer_id": .string("a-1"), "question": .number(1001)], "question TOO_LARGE"),
        (
          [
            "answer_id": .string("a-1"), "question": .number(0),
            "order": .array(Array(repeating: .number(0), count: 41)),
          ],
          "order TOO_MANY"
        ),
      ]
      for (body, problem) in refused {
        let answer = try await harness.send(.post, "quizzes/\(id)/answers", ada.token, json: body)
        #expect(answer.status == .badRequest)
        #expect(answer.json?["code"] as? String == "BAD_REQUEST")
        #expect(try problems(answer) == [problem])
      }
      #expect(try await harness.store.quiz(id, of: ada.id)?.answers.isEmpty == true)

      // At the bounds: an id of 64 characters (code points, not bytes) is kept, and text of 200
      // passes the contract to the quiz, which refuses a second answer on its own terms.
      let right = try await harness.answer(id, 0, of: ada.id, id: String(repeating: "答", count: 64))
      let kept = try await harness.send(.post, "quizzes/\(id)/answers", ada.token, json: right)
      #expect(kept.status == .ok, "\(String(decoding: kept.body, as: UTF8.self))")
      let again: [String: JSONValue] = [
        "answer_id": .string("t-200"), "question": .number(0), "text": .string(String(repeating: "ā", count: 200)),
      ]
      let judged = try await harness.send(.post, "quizzes/\(id)/answers", ada.token, json: again)
      #expect(judged.status != .badRequest, "\(String(decoding: judged.body, as: UTF8.self))")
      #expect(try await harness.store.quiz(id, of: ada.id)?.answers.count == 1)
    }
  }

  @Test(
    "parameters and other bodies are held to the document too: an overlong quiz id (not found), a chapter or a page size out of range",
    arguments: TestDatabase.available)
  func otherRules(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      // An id no quiz could have names nothing: not found, as the document says.
      let long = try await harness.send(.get, "quizzes/\(String(repeating: "q", count: 65))", ada.token)
      #expect(long.status == .notFound)
      let chapter = try await harness.send(
        .post, "quizzes", ada.token,
        json: ["quiz_type": JSONValue.string("vocabulary"), "chapter_id": .number(100_001)])
      #expect(chapter.status == .badRequest)
      #expect(try problems(chapter) == ["chapter_id TOO_LARGE"])
      let page = try await harness.send(.get, "history?limit=\(QuizHistory.largestPage + 1)", ada.token)
      #expect(page.status == .badRequest)
      #expect(try problems(page) == ["limit TOO_LARGE"])
      #expect(try await harness.send(.get, "history?limit=\(QuizHistory.largestPage)", ada.token).status == .ok)
      #expect(try await harness.store.quizzes(of: ada.id).isEmpty)
    }
  }

  @Test(
    "a learner with 100 quizzes started and not finished is refused another (409 UNFINISHED_QUIZ_LIMIT) until one is finished",
    arguments: TestDatabase.available)
  func unfinishedQuota(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let first = try await harness.startQuiz("vocabulary", chapter: 101, ada.token)
      let id = try #require(first["quiz_id"] as? String)
      let content = try #require(try await harness.store.content(id, of: ada.id))
      for index in 1..<QuizQuota.standard.unfinished {
        try await harness.store.insert(
          QuizContent(
            id: "kept-\(index)", accountID: ada.id, lesson: content.lesson, kind: content.kind,
            language: content.language, questions: content.questions, createdAt: content.createdAt))
      }
      let body: [String: JSONValue] = ["quiz_type": .string("vocabulary"), "chapter_id": .number(101)]
      let refused = try await harness.send(.post, "quizzes", ada.token, json: body)
      #expect(refused.status == .conflict)
      #expect(refused.json?["code"] as? String == "UNFINISHED_QUIZ_LIMIT")
      let limit = QuizQuota.standard.unfinished
      #expect(try await harness.store.quizzesKept(by: ada.id) == QuizzesKept(stored: limit, unfinished: limit))

      try await harness.finish(id, of: ada)
      #expect(try await harness.send(.post, "quizzes", ada.token, json: body).status == .created)
      #expect(try await harness.store.quizzesKept(by: ada.id) == QuizzesKept(stored: limit + 1, unfinished: limit))
    }
  }

  @Test(
    "the store keeps no quiz past the learner's quota, and another learner is not counted",
    arguments: TestDatabase.available)
  func storedQuota(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let quiz = try await harness.startQuiz("grammar", chapter: 101, ada.token)
      let id = try #require(quiz["quiz_id"] as? String)
      let content = try #require(try await harness.store.content(id, of: ada.id))
      let quota = QuizQuota(unfinished: 10, stored: 2)
      func copy(_ id: String, for account: String) -> QuizContent {
        QuizContent(
          id: id, accountID: account, lesson: content.lesson, kind: content.kind, language: content.language,
          questions: content.questions, createdAt: content.createdAt)
      }
      try await harness.store.insert(copy("b", for: ada.id), within: quota)
      try await harness.store.insert(copy("c", for: "someone-else"), within: quota)
      await #expect(throws: DangdaiError.quota(.full(limit: 2))) {
        try await harness.store.insert(copy("d", for: ada.id), within: quota)
      }
      #expect(try await harness.store.quizzesKept(by: ada.id) == QuizzesKept(stored: 2, unfinished: 2))
    }
  }

  @Test(
    "the quota refuses at its limit and not below it, the whole-store limit first",
    arguments: [
      (QuizzesKept(stored: QuizQuota.standard.stored - 1, unfinished: QuizQuota.standard.unfinished - 1), nil),
      (
        QuizzesKept(stored: 500, unfinished: QuizQuota.standard.unfinished),
        QuizQuota.Refusal.tooManyUnfinished(limit: QuizQuota.standard.unfinished)
      ),
      (QuizzesKept(stored: QuizQuota.standard.stored, unfinished: 0), .full(limit: QuizQuota.standard.stored)),
      (
        QuizzesKept(stored: QuizQuota.standard.stored, unfinished: QuizQuota.standard.unfinished),
        .full(limit: QuizQuota.standard.stored)
      ),
    ])
  func quotaRule(kept: QuizzesKept, refusal: QuizQuota.Refusal?) {
    #expect(QuizQuota.standard.refusal(kept) == refusal)
  }
  @Test("every refusal keeps its code and status, and its detail names the core's numbers and lists")
  func refusals() {
    let statuses: [(DangdaiError, Int)] = [
      (.chapterNotFound, 404), (.chapterRequired, 400), (.quizNotFound, 404), (.alreadyAnswered, 409),
      (.quizNotFinished, 409), (.nothingToReview, 409), (.missingTones, 422), (.answerUnreadable, 422),
      (.questionNotFound, 422), (.invalidTimeZone, 400), (.unsupportedLanguage, 400), (.invalidRange, 400),
      (.invalidCursor, 400), (.invalidPageSize, 400), (.quota(.tooManyUnfinished(limit: 1)), 409),
      (.quota(.full(limit: 1)), 409),
    ]
    for (error, status) in statuses {
      let problem = DangdaiProblem.refusal(error)
      #expect(problem.code == error.code)
      #expect(Int(problem.status.code) == status, "\(error.code)")
    }
    let chapters = DangdaiProblem.refusal(.chapterNotFound).detail
    for book in LessonID.books {
      let lessons = LessonID.all.filter { $0.book == book }
      #expect(chapters.contains("\(lessons.first!)–\(lessons.last!)"), "\(chapters)")
    }
    let languages = DangdaiProblem.refusal(.unsupportedLanguage).detail
    #expect(DangdaiTexts.all.languages.allSatisfy { languages.contains($0.rawValue) }, "\(languages)")
    #expect(DangdaiProblem.refusal(.invalidRange).detail.contains("\(ActivityCalendar.maximumDays)"))
    let quota = DangdaiProblem.refusal(.quota(.full(limit: QuizQuota.standard.stored)))
    #expect(quota.values == ["limit": QuizQuota.standard.stored])
  }

  @Test("the document's history page is the core's: its default size and its largest")
  func historyDocument() throws {
    let document = String(decoding: try DangdaiAPISpec.document(), as: UTF8.self)
    let path = try #require(document.range(of: "/dangdai/api/v1/history:"))
    let operation = document[path.upperBound...].prefix(600)
    #expect(operation.contains("maximum: \(QuizHistory.largestPage)"))
    #expect(operation.contains("default: \(QuizHistory.pageSize)"))
    #expect(operation.contains("minimum: \(QuizHistory.pageSizes.lowerBound)"))
  }
}
