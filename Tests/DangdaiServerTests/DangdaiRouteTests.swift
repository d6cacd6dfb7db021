import DangdaiCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import IdentityCore
import Logging
import OrchardIdentity
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

/// Dangdai on a fresh database, a client of its API, and the store underneath for what a test
/// checks (a quiz's keys are never sent to a client).
struct DangdaiHarness: Sendable {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  let api: JSONAPIClient
  let store: DangdaiStore
  /// The server's database, for what a test reads underneath (the mailed links).
  let database: any SQLDatabase
  let clock: ManualClock
  let hub: IdentityHub

  static func run(
    _ engine: TestDatabase, languageModel: LanguageModelSettings? = nil, budget: Duration = .seconds(5),
    _ body: @Sendable (DangdaiHarness) async throws -> Void
  ) async throws {
    let clock = ManualClock(start)
    let hub = try IdentityHub(
      random: .seeded(1),
      hasher: try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2)))
    let keys = FileManager.default.temporaryDirectory.appendingPathComponent("dangdai-keys-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: keys) }
    var configuration = ServerConfiguration.defaults
    configuration.dataDirectory = keys.path
    configuration.rateLimitScale = 100
    let settings = configuration
    try await engine.withFreshLocation { location in
      try await withTestServer(
        [DangdaiApp(hub: hub, languageModel: languageModel, languageModelBudget: budget)],
        platform: TablesOnlyPlatform(migrations: [JobQueue.migration] + hub.migrations), configuration: settings,
        database: location, clock: clock, random: .seeded(7)
      ) { client, database in
        try await body(
          DangdaiHarness(
            api: JSONAPIClient(client: client), store: DangdaiStore(database: database.sql), database: database.sql,
            clock: clock, hub: hub))
      }
    }
  }

  /// A new learner: their access token and account id.
  func learner(_ email: String) async throws -> (token: String, id: String) {
    let answer = try await api.signUpConfirmed(
      at: "/dangdai/api/v1/auth", email: email, password: "tulip-91 at dawn", outbox: database)
    let json = try #require(answer.json)
    let token = try #require(json["access_token"] as? String)
    let id = try #require((json["user"] as? [String: Any])?["id"] as? String)
    return (token, id)
  }

  func send(
    _ method: HTTPRequest.Method, _ path: String, _ token: String, json: (any Encodable)? = nil
  ) async throws -> JSONAPIClient.Answer {
    try await api.send(method, "/dangdai/api/v1/" + path, token: token, json: json)
  }

  func startQuiz(_ kind: String, chapter: Int?, _ token: String) async throws -> [String: Any] {
    var body: [String: JSONValue] = ["quiz_type": .string(kind)]
    if let chapter { body["chapter_id"] = .number(chapter) }
    let answer = try await send(.post, "quizzes", token, json: body)
    #expect(answer.status == .created, "\(String(decoding: answer.body, as: UTF8.self))")
    return try #require(answer.json)
  }

  /// A right (or, with `right: false`, a wrong) answer to question `index`, as a request body.
  func answer(
    _ quizID: String, _ index: Int, of learner: String, right: Bool = true, id: String? = nil
  )
    async throws -> [String: JSONValue]
  {
    let quiz = try #require(try await store.quiz(quizID, of: learner))
    let question = quiz.questions[index]
    var body: [String: JSONValue] = ["answer_id": .string(id ?? "a-\(quizID)-\(index)"), "question": .number(index)]
    switch question.key {
    case .choice(let key):
      body["choice"] = .number(right ? key : (key + 1) % question.options.count)
    case .pinyin(_, let readings, _):
      body["text"] = .string(right ? PinyinText.numbered(readings[0]) : "qqq")
    case .order(let orders):
      var remaining = Array(question.options.enumerated())
      var indices: [Int] = []
      for word in orders[0] {
        let at = remaining.firstIndex { $0.element == word }!
        indices.append(remaining.remove(at: at).offset)
      }
      if !right { indices.reverse() }
      if !right && orders.contains(indices.map { question.options[$0] }) { indices.swapAt(0, 1) }
      body["order"] = .array(indices.map { .number($0) })
    }
    return body
  }

  /// Answers every question of a quiz, right or not, and returns the last outcome.
  @discardableResult
  func finish(
    _ quizID: String, of learner: (token: String, id: String), right: (Int) -> Bool = { _ in true }
  )
    async throws -> [String: Any]
  {
    let quiz = try #require(try await store.quiz(quizID, of: learner.id))
    var last: [String: Any] = [:]
    for index in quiz.questions.indices where !quiz.answers.contains(where: { $0.question == index }) {
      let body = try await answer(quizID, index, of: learner.id, right: right(index))
      let outcome = try await send(.post, "quizzes/\(quizID)/answers", learner.token, json: body)
      #expect(outcome.status == .ok, "\(String(decoding: outcome.body, as: UTF8.self))")
      last = try #require(outcome.json)
    }
    return last
  }
}

/// A JSON value for request bodies built in tests.
enum JSONValue: Encodable, Sendable {
  case string(String)
  case number(Int)
  case bool(Bool)
  case array([JSONValue])

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    case .bool(let flag): try container.encode(flag)
    case .array(let values): try container.encode(values)
    }
  }
}

@Suite("Dangdai's API: quizzes, answers kept one by one, progress", .timeLimit(.minutes(5)))
struct DangdaiRouteTests {
  @Test(
    "a quiz interrupted at question 6 resumes at question 7; a retried answer counts once",
    arguments: TestDatabase.available)
  func resume(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let quiz = try await harness.startQuiz("vocabulary", chapter: 101, ada.token)
      let id = try #require(quiz["quiz_id"] as? String)
      let questions = try #require(quiz["questions"] as? [[String: Any]])
      #expect(questions.count == QuizGenerator.questionCount)
      // No key leaves the server.
      #expect(
        !String(decoding: try await harness.send(.get, "quizzes/\(id)", ada.token).body, as: UTF8.self).contains("key"))
      for index in 0..<6 {
        let body = try await harness.answer(id, index, of: ada.id)
        let outcome = try await harness.send(.post, "quizzes/\(id)/answers", ada.token, json: body)
        #expect(outcome.status == .ok)
        #expect((outcome.json?["answer"] as? [String: Any])?["verdict"] as? String == "correct")
      }
      // The phone dies; on any device the quiz picks up at question 7 (index 6).
      let resumed = try #require(try await harness.send(.get, "quizzes/\(id)", ada.token).json)
      #expect(resumed["next_question"] as? Int == 6)
      #expect((resumed["answers"] as? [Any])?.count == 6)
      // The last answer sent again (a retry after a lost connection) counts once.
      let retry = try await harness.send(
        .post, "quizzes/\(id)/answers", ada.token, json: try await harness.answer(id, 5, of: ada.id))
      #expect(retry.status == .ok)
      #expect(retry.json?["points"] as? Int == QuizScore.points(correctAnswers: 6))
      // Another answer to the same question is refused.
      let other = try await harness.send(
        .post, "quizzes/\(id)/answers", ada.token,
        json: try await harness.answer(id, 5, of: ada.id, right: false, id: "another"))
      #expect(other.status == .conflict)
      #expect(other.json?["code"] as? String == "ALREADY_ANSWERED")
      #expect(
        try await harness.send(.get, "quizzes/\(id)/result", ada.token).json?["code"] as? String == "QUIZ_NOT_FINISHED")

      let last = try await harness.finish(id, of: ada) { $0 != 9 }
      #expect(last["finished"] as? Bool == true)
      let result = try #require(last["result"] as? [String: Any])
      #expect(result["summary"] as? String == "9/10 correct - 90%")
      #expect(result["points"] as? Int == QuizScore.points(correctAnswers: 9))
      #expect(last["points"] as? Int == QuizScore.points(correctAnswers: 9))
      let again = try #require(try await harness.send(.get, "quizzes/\(id)/result", ada.token).json)
      #expect(again["percent"] as? Int == 90)
    }
  }

  @Test("an unknown or malformed chapter is 404 CHAPTER_NOT_FOUND", arguments: TestDatabase.available)
  func chapterNotFound(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      for path in ["999", "116", "0101", "abc", "10１", "-101"] {
        let answer = try await harness.send(.get, "chapters/\(path)", ada.token)
        #expect(answer.status == .notFound, "\(path)")
        #expect(answer.json?["code"] as? String == "CHAPTER_NOT_FOUND")
      }
      let chapter = try #require(try await harness.send(.get, "chapters/211", ada.token).json)
      #expect((chapter["chapter"] as? [String: Any])?["title_zh"] as? String == "臺灣好玩的地方真多")
      #expect(((chapter["words"] as? [Any])?.count ?? 0) >= 20)
      #expect((chapter["notice"] as? String)?.contains("CC-CEDICT") == true)
      let quiz = try await harness.send(
        .post, "quizzes", ada.token, json: ["chapter_id": JSONValue.number(116), "quiz_type": .string("grammar")])
      #expect(quiz.json?["code"] as? String == "CHAPTER_NOT_FOUND")
    }
  }

  @Test(
    "typed pinyin: no tones asks again and stores nothing; wrong tones are a tone error",
    arguments: TestDatabase.available)
  func pinyin(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      for seed in 0..<20 {
        let id = try #require(try await harness.startQuiz("vocabulary", chapter: 102, ada.token)["quiz_id"] as? String)
        let quiz = try #require(try await harness.store.quiz(id, of: ada.id))
        guard let index = quiz.questions.firstIndex(where: { $0.kind == .characterToPinyin }),
          case .pinyin(_, let readings, _) = quiz.questions[index].key
        else { continue }
        let bare = readings[0].map(\.base).joined()
        let untoned = try await harness.send(
          .post, "quizzes/\(id)/answers", ada.token,
          json: ["answer_id": JSONValue.string("t\(seed)"), "question": .number(index), "text": .string(bare)])
        #expect(untoned.status == .unprocessableContent)
        #expect(untoned.json?["code"] as? String == "MISSING_TONES")
        #expect(try await harness.store.quiz(id, of: ada.id)?.answers.isEmpty == true)
        let wrongTones = readings[0].map { "\($0.base)\($0.tone == 1 ? 4 : 1)" }.joined(separator: " ")
        let toned = try await harness.send(
          .post, "quizzes/\(id)/answers", ada.token,
          json: ["answer_id": JSONValue.string("t\(seed)"), "question": .number(index), "text": .string(wrongTones)])
        let answer = try #require(toned.json?["answer"] as? [String: Any])
        #expect(answer["verdict"] as? String == "tone_error")
        #expect(answer["correct"] as? Bool == false)
        #expect(answer["solution"] as? String == PinyinText.marked(readings[0]))
        return
      }
      Issue.record("no typed question in 20 quizzes")
    }
  }

  @Test(
    "a chapter is mastered at 80 % with its test, celebrated the first time only, and still practised after",
    arguments: TestDatabase.available)
  func mastery(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      for kind in ["vocabulary", "grammar"] {
        let id = try #require(try await harness.startQuiz(kind, chapter: 101, ada.token)["quiz_id"] as? String)
        let last = try await harness.finish(id, of: ada)
        #expect((last["result"] as? [String: Any])?["first_mastery"] as? Bool == false)
      }
      func chapter() async throws -> [String: Any] {
        let books = try #require(try await harness.send(.get, "books", ada.token).json?["books"] as? [[String: Any]])
        return try #require((books[0]["chapters"] as? [[String: Any]])?.first)
      }
      let drills = (ChapterProgress.weights[.vocabulary] ?? 0) + (ChapterProgress.weights[.grammar] ?? 0)
      #expect(try await chapter()["completion"] as? Int == drills)
      #expect(try await chapter()["status"] as? String == "in_progress")
      // 10/20 on the test: 60 + 40 × 50 % = 80, the mastery threshold.
      let test = try #require(try await harness.startQuiz("test", chapter: 101, ada.token)["quiz_id"] as? String)
      let outcome = try await harness.finish(test, of: ada) { $0 % 2 == 0 }
      let result = try #require(outcome["result"] as? [String: Any])
      #expect(result["summary"] as? String == "10/20 correct - 50%")
      #expect(result["first_mastery"] as? Bool == true)
      #expect((result["chapter"] as? [String: Any])?["status"] as? String == "mastered")
      #expect(try await chapter()["completion"] as? Int == ChapterStatus.masteryThreshold)
      // Practised again, still mastered, no second celebration.
      let again = try #require(try await harness.startQuiz("test", chapter: 101, ada.token)["quiz_id"] as? String)
      let second = try await harness.finish(again, of: ada)
      #expect((second["result"] as? [String: Any])?["first_mastery"] as? Bool == false)
      #expect(try await chapter()["completion"] as? Int == 100)
      let progress = try #require(try await harness.send(.get, "progress", ada.token).json)
      #expect((progress["streak"] as? [String: Any])?["current"] as? Int == 1)
      #expect(progress["points"] as? Int == QuizScore.points(correctAnswers: 10 + 10 + 10 + 20))
    }
  }

  @Test(
    "a word answered wrongly enters the review queue and comes back as a review quiz", arguments: TestDatabase.available
  )
  func review(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let empty = try await harness.send(.post, "quizzes", ada.token, json: ["quiz_type": JSONValue.string("review")])
      #expect(empty.status == .conflict)
      #expect(empty.json?["code"] as? String == "NOTHING_TO_REVIEW")
      #expect(try await harness.send(.get, "chapters/103", ada.token).json?["review_due"] as? Int == 0)
      let id = try #require(try await harness.startQuiz("vocabulary", chapter: 103, ada.token)["quiz_id"] as? String)
      try await harness.finish(id, of: ada) { $0 < 3 }
      let missed = try #require(try await harness.store.quiz(id, of: ada.id)).answers.filter { !$0.isCorrect }
      #expect(missed.count == 7)
      // Due again after the first learning step (a minute); their chapter says so, another does not.
      harness.clock.advance(by: 5 * 60)
      #expect(try await harness.send(.get, "chapters/103", ada.token).json?["review_due"] as? Int == 7)
      #expect(try await harness.send(.get, "chapters/201", ada.token).json?["review_due"] as? Int == 0)
      // A chapter's review asks its own words due; another chapter has none.
      let elsewhere = try await harness.send(
        .post, "quizzes", ada.token, json: ["quiz_type": JSONValue.string("review"), "chapter_id": .number(201)])
      #expect(elsewhere.json?["code"] as? String == "NOTHING_TO_REVIEW")
      let chapterReview = try await harness.startQuiz("review", chapter: 103, ada.token)
      #expect((chapterReview["questions"] as? [Any])?.count == 7)
      #expect(chapterReview["chapter_id"] as? Int == 103)
      let review = try await harness.startQuiz("review", chapter: nil, ada.token)
      #expect((review["questions"] as? [Any])?.count == 7)
      #expect(review["chapter_id"] == nil)
    }
  }

  @Test("a learner's quiz is theirs alone; no token is a 401 with a challenge", arguments: TestDatabase.available)
  func privacy(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let bea = try await harness.learner("bea@example.com")
      let id = try #require(try await harness.startQuiz("grammar", chapter: 104, ada.token)["quiz_id"] as? String)
      let peek = try await harness.send(.get, "quizzes/\(id)", bea.token)
      #expect(peek.status == .notFound)
      #expect(peek.json?["code"] as? String == "QUIZ_NOT_FOUND")
      let body = try await harness.answer(id, 0, of: ada.id)
      #expect(try await harness.send(.post, "quizzes/\(id)/answers", bea.token, json: body).status == .notFound)
      // The dashboard, answered ahead of the OpenAPI layer, refuses as every other call does.
      for path in ["books", "dashboard"] {
        let anonymous = try await harness.api.send(.get, "/dangdai/api/v1/\(path)")
        #expect(anonymous.status == .unauthorized, "\(path)")
        #expect(anonymous.headers[.wwwAuthenticate] == "Bearer realm=\"dangdai\"", "\(path)")
        #expect(anonymous.json?["code"] as? String == "UNAUTHORIZED", "\(path)")
        #expect(
          anonymous.json?["detail"] as? String
            == "Sign in: this call needs an access token from Dangdai\u{2019}s accounts.", "\(path)")
        let forged = try await harness.send(.get, path, "not-a-token")
        #expect(forged.status == .unauthorized, "\(path)")
        #expect(forged.headers[.wwwAuthenticate] == "Bearer realm=\"dangdai\"", "\(path)")
        #expect(
          forged.json?["detail"] as? String
            == "This access token has expired or its session has ended: refresh it, or sign in again.", "\(path)")
      }
    }
  }

  @Test("a chapter's title comes in the learner's language too", arguments: TestDatabase.available)
  func localizedTitles(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let lesson = CompanionLessons.course.lesson(LessonID(rawValue: 203)!)!
      for language in [Language.english, .french, .japanese, .korean] {
        _ = try await harness.send(.patch, "settings", ada.token, json: ["language": language.rawValue])
        let chapter = try #require(try await harness.send(.get, "chapters/203", ada.token).json)
        let summary = try #require(chapter["chapter"] as? [String: Any])
        #expect(summary["title"] as? String == lesson.title[language])
        #expect(summary["title_zh"] as? String == "你的中文進步了！")
        let books = try #require(try await harness.send(.get, "books", ada.token).json?["books"] as? [[String: Any]])
        let listed = (books[1]["chapters"] as? [[String: Any]])?[2]
        #expect(listed?["title"] as? String == lesson.title[language], "the books list, in \(language)")
      }
      #expect(lesson.title[.japanese] == "中国語が上達したね！")
    }
  }

  @Test("settings: the language, the reading display and a real time zone", arguments: TestDatabase.available)
  func settings(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let initial = try #require(try await harness.send(.get, "settings", ada.token).json)
      #expect(initial["time_zone"] as? String == "UTC")
      let bad = try await harness.send(
        .patch, "settings", ada.token, json: ["time_zone": JSONValue.string("Mars/Olympus")])
      #expect(bad.json?["code"] as? String == "INVALID_TIME_ZONE")
      let changed = try #require(
        try await harness.send(
          .patch, "settings", ada.token,
          json: [
            "time_zone": JSONValue.string("Asia/Taipei"), "language": .string("fr"), "reading_display": .string("both"),
          ]
        ).json)
      #expect(changed["time_zone"] as? String == "Asia/Taipei")
      let quiz = try await harness.startQuiz("vocabulary", chapter: 101, ada.token)
      let first = try #require((quiz["questions"] as? [[String: Any]])?.first)
      #expect(DangdaiTexts.french.messages.values.contains(first["instruction"] as? String ?? ""))
    }
  }

  @Test(
    "activity and history: days in the learner's zone, pages newest first, the dashboard's next step",
    arguments: TestDatabase.available)
  func activity(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      _ = try await harness.send(.patch, "settings", ada.token, json: ["time_zone": JSONValue.string("Asia/Taipei")])
      var finished: [String] = []
      for _ in 0..<3 {
        let id = try #require(try await harness.startQuiz("vocabulary", chapter: 101, ada.token)["quiz_id"] as? String)
        try await harness.finish(id, of: ada)
        finished.append(id)
        harness.clock.advance(by: 60)
      }
      let today = LocalDay(containing: harness.clock.now, in: TimeZone(identifier: "Asia/Taipei")!)
      let activity = try #require(
        try await harness.send(.get, "activity?from=\(today.adding(days: -2))&to=\(today)", ada.token).json)
      let days = try #require(activity["days"] as? [[String: Any]])
      #expect(days.map { $0["quizzes"] as? Int } == [0, 0, 3])
      #expect(
        try await harness.send(.get, "activity?from=\(today)&to=\(today.adding(days: -1))", ada.token).json?["code"]
          as? String == "INVALID_RANGE")
      let page = try #require(try await harness.send(.get, "history?limit=2", ada.token).json)
      #expect((page["quizzes"] as? [[String: Any]])?.map { $0["quiz_id"] as? String } == [finished[2], finished[1]])
      let next = try #require(page["next"] as? String)
      let rest = try #require(try await harness.send(.get, "history?limit=2&before=\(next)", ada.token).json)
      #expect((rest["quizzes"] as? [[String: Any]])?.map { $0["quiz_id"] as? String } == [finished[0]])
      #expect(rest["next"] == nil)

      let open = try #require(try await harness.startQuiz("grammar", chapter: 102, ada.token)["quiz_id"] as? String)
      let body = try await harness.answer(open, 0, of: ada.id)
      _ = try await harness.send(.post, "quizzes/\(open)/answers", ada.token, json: body)
      let dashboard = try #require(try await harness.send(.get, "dashboard", ada.token).json)
      let resume = try #require(dashboard["continue"] as? [String: Any])
      #expect(resume["action"] as? String == "resume")
      #expect(resume["quiz_id"] as? String == open)
      #expect(resume["next_question"] as? Int == 1)
      #expect((dashboard["recent_days"] as? [[String: Any]])?.last?["quizzes"] as? Int == 3)
      #expect((dashboard["streak"] as? [String: Any])?["active_today"] as? Bool == true)
    }
  }

  @Test(
    "an imported list replaces its lessons' words in quizzes, with every listed reading; a bad line is left out alone",
    arguments: TestDatabase.available)
  func importList(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      // A generated list in the common flash-card format: two parts of lesson 101.
      let list = """
        //當代中文/Book 1/L01-I
        這\tzhè / zhèi\t(Det) this
        學生\txuéshēng\t(N) student
        老師\tlao3shi1\t(N) teacher
        //當代中文/Book 1/L01-II
        喝\thē\t(V) to drink
        茶\tchá\t(N) tea
        咖啡\tkāfēi\t(N) coffee
        """
      let empty = "//當代中文/Book 1/L02-I\n好\tqqq\t(Vs) good\n"
      guard case .failure(let refusal) = try await DangdaiImport.run(empty, store: harness.store, at: harness.clock.now)
      else {
        Issue.record("a list with no readable word was imported")
        return
      }
      #expect(refusal.code == .empty)
      #expect(refusal.notes.map(\.line) == [2])
      #expect(try await harness.store.importedLists().isEmpty)
      // One bad line of lesson 103 is left out; its other word is imported.
      let bad = "//當代中文/Book 1/L03-I\r\n你\tnǐ\t(N) you\r\n好\tqqq\t(Vs) good\r\n"
      let partly = try await DangdaiImport.run(bad, store: harness.store, at: harness.clock.now).get()
      #expect(partly.words == 1)
      #expect(partly.skipped == [.init(line: 3, code: .unreadableReading, lesson: 103)])

      let report = try await DangdaiImport.run(list, store: harness.store, at: harness.clock.now).get()
      #expect(report.lessons == [LessonID(rawValue: 101)!])
      #expect(report.words(in: LessonID(rawValue: 101)!) == 6)
      let chapter = try #require(try await harness.send(.get, "chapters/101", ada.token).json)
      #expect((chapter["chapter"] as? [String: Any])?["imported"] as? Bool == true)
      let words = try #require(chapter["words"] as? [[String: Any]])
      #expect(words.map { $0["hanzi"] as? String } == ["這", "學生", "老師", "喝", "茶", "咖啡"])
      #expect(words.first?["also"] as? [String] == ["zhèi"])
      // Lesson 102 keeps its companion words.
      let next = try #require(try await harness.send(.get, "chapters/102", ada.token).json)
      #expect((next["chapter"] as? [String: Any])?["imported"] as? Bool == false)
      // A vocabulary quiz on 101 asks only the list's six words (nothing comes before lesson 101),
      // some of them twice, another way, to make its ten questions.
      let quiz = try await harness.startQuiz("vocabulary", chapter: 101, ada.token)
      let asked = try #require(try await harness.store.quiz(quiz["quiz_id"] as? String ?? "", of: ada.id))
      #expect(asked.questions.count == QuizGenerator.questionCount)
      let subjects = Set(
        asked.questions.compactMap { question -> String? in
          if case .word(let hanzi) = question.subject { hanzi } else { nil }
        })
      #expect(subjects == ["這", "學生", "老師", "喝", "茶", "咖啡"])
      // Typing the second listed reading of 這 counts (quizzes are made until one asks for its pinyin).
      var typed: Question?
      for _ in 0..<30 where typed == nil {
        let next = try await harness.startQuiz("vocabulary", chapter: 101, ada.token)
        typed = try #require(try await harness.store.quiz(next["quiz_id"] as? String ?? "", of: ada.id)).questions
          .first { $0.kind == .characterToPinyin && $0.chinese == "這" }
      }
      let question = try #require(typed, "no quiz asked for the pinyin of 這")
      #expect(question.check(.typed("zhei4")) == .correct)
      #expect(question.check(.typed("zhe4")) == .correct)
    }
  }

  @Test(
    "deleting the account removes everything Dangdai kept; the export holds it first", arguments: TestDatabase.available
  )
  func accountData(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let id = try #require(try await harness.startQuiz("vocabulary", chapter: 101, ada.token)["quiz_id"] as? String)
      try await harness.finish(id, of: ada) { $0 != 0 }
      let export = try #require(
        try await harness.api.send(.get, "/dangdai/api/v1/auth/user/export", token: ada.token).json)
      let dangdai = try #require((export["apps"] as? [String: Any])?["dangdai"] as? [String: Any])
      #expect((dangdai["quizzes"] as? [Any])?.count == 1)
      #expect((dangdai["review"] as? [Any])?.count == 1)
      let registry = try #require(harness.hub.registries["dangdai"])
      for part in registry.all { try await part.delete(account: ada.id) }
      #expect(try await harness.store.quizzes(of: ada.id).isEmpty)
      #expect(try await harness.store.reviews(of: ada.id).isEmpty)
      #expect(try await harness.store.settings(of: ada.id) == nil)
    }
  }
}
