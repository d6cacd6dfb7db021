import DangdaiCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

/// A learner in a browser without scripts: signed in through the account pages, answering with
/// the forms the pages hold.
struct WebLearner {
  let harness: DangdaiHarness
  let id: String
  var visitor: Visitor

  static let password = "tulip-91 at dawn"

  /// A learner made through the API, then signed in on the web.
  static func signedIn(_ harness: DangdaiHarness, _ email: String) async throws -> WebLearner {
    let (_, id) = try await harness.learner(email)
    var visitor = Visitor(client: harness.api.client)
    let signIn = try await visitor.post(
      "/dangdai/account/sign-in", form: Self.form([("email", email), ("password", password)]))
    #expect(signIn.status == .seeOther)
    #expect(signIn.location == "/dangdai/", "a learner lands on their dashboard")
    return WebLearner(harness: harness, id: id, visitor: visitor)
  }

  static func form(_ fields: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
      .joined(separator: "&")
  }

  mutating func get(_ path: String) async throws -> (status: HTTPResponse.Status, location: String?, body: String) {
    try await visitor.get(path)
  }

  mutating func post(
    _ path: String, _ fields: [(String, String)]
  ) async throws -> (status: HTTPResponse.Status, location: String?, body: String) {
    try await visitor.post(path, form: Self.form(fields))
  }

  /// Starts a quiz from the chapter page's form; the quiz's id.
  mutating func start(_ kind: QuizKind, chapter: Int) async throws -> String {
    let started = try await post("/dangdai/chapters/\(chapter)/quizzes", [("kind", kind.rawValue)])
    #expect(started.status == .seeOther)
    let location = try #require(started.location)
    #expect(location.hasPrefix("/dangdai/quizzes/"))
    return String(location.dropFirst("/dangdai/quizzes/".count))
  }

  /// The form fields that answer question `index` (right, or wrong), as the page's form sends them.
  func fields(_ quizID: String, _ index: Int, right: Bool = true) async throws -> [(String, String)] {
    let body = try await harness.answer(quizID, index, of: id, right: right)
    var fields: [(String, String)] = [("question", String(index))]
    switch (body["choice"], body["text"], body["order"]) {
    case (.number(let choice)?, _, _): fields.append(("choice", String(Int(choice))))
    case (_, .string(let text)?, _): fields.append(("text", text))
    case (_, _, .array(let order)?):
      let indices = order.compactMap { value -> String? in
        if case .number(let index) = value { return String(Int(index)) }
        return nil
      }
      fields.append(("placed", indices.joined(separator: ",")))
    default: Issue.record("an answer of no shape")
    }
    return fields
  }

  /// Shows the quiz, answers the question on screen through its form, and returns the feedback.
  mutating func answerShown(
    _ quizID: String, right: Bool = true
  ) async throws -> (index: Int, page: (status: HTTPResponse.Status, location: String?, body: String)) {
    let shown = try await get("/dangdai/quizzes/\(quizID)")
    #expect(shown.status == .ok)
    let index = try #require(Self.value(of: "question", in: shown.body).flatMap(Int.init))
    let answerID = try #require(Self.value(of: "answer_id", in: shown.body))
    let page = try await post(
      "/dangdai/quizzes/\(quizID)/answers", [("answer_id", answerID)] + (try await fields(quizID, index, right: right)))
    return (index, page)
  }

  /// The value of the hidden field `name` in a page.
  static func value(of name: String, in page: String) -> String? {
    guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
  }
}

@Suite("Dangdai on the web", .timeLimit(.minutes(5)))
struct DangdaiWebTests {
  @Test("signed out: the welcome, and every other page asks to sign in", arguments: TestDatabase.available)
  func signedOut(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var visitor = Visitor(client: harness.api.client)
      let welcome = try await visitor.get("/dangdai/")
      #expect(welcome.status == .ok)
      #expect(welcome.body.contains("href=\"/dangdai/account/sign-up\""))
      #expect(welcome.body.contains("CC-CEDICT"))
      for path in ["/dangdai/books", "/dangdai/chapters/101", "/dangdai/progress", "/dangdai/settings"] {
        let page = try await visitor.get(path)
        #expect(page.status == .seeOther, "\(path)")
        #expect(page.location == "/dangdai/account/sign-in", "\(path)")
      }
      let post = try await visitor.post("/dangdai/chapters/101/quizzes", form: "kind=vocabulary")
      #expect(post.location == "/dangdai/account/sign-in")
      // A session cookie that names no session is nobody too.
      var stranger = Visitor(
        client: harness.api.client, cookie: "dangdai-session=not-a-session; __Host-dangdai-session=not-a-session")
      let forged = try await stranger.get("/dangdai/books")
      #expect(forged.status == .seeOther)
      #expect(forged.location == "/dangdai/account/sign-in")
      #expect(try await stranger.get("/dangdai/").body.contains("CC-CEDICT"), "the welcome, not a dashboard")
    }
  }

  @Test(
    "sign-up on the web asks for the password twice and lands on the dashboard", arguments: TestDatabase.available)
  func signUp(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var visitor = Visitor(client: harness.api.client)
      let mismatch = try await visitor.post(
        "/dangdai/account/sign-up",
        form: WebLearner.form([
          ("email", "mei@example.com"), ("password", "tulip-91 at dawn"), ("password_confirmation", "tulip-92 at dawn"),
        ]))
      #expect(mismatch.status == .badRequest)
      #expect(mismatch.body.contains("Passwords don\u{2019}t match") || mismatch.body.contains("Passwords don't match"))
      let created = try await visitor.signUp(
        "dangdai",
        form: WebLearner.form([
          ("email", "mei@example.com"), ("password", "tulip-91 at dawn"), ("password_confirmation", "tulip-91 at dawn"),
        ]), email: "mei@example.com", outbox: harness.database)
      #expect(created.status == .seeOther)
      #expect(created.location == "/dangdai/")
      let dashboard = try await visitor.get("/dangdai/")
      #expect(dashboard.body.contains("Your study"))
      #expect(dashboard.body.contains("0 points"))
      #expect(dashboard.body.contains("No streak yet"))
      #expect(dashboard.body.contains("Welcome to Dangdai!"), "a new learner is welcomed")
      // Continue starts the first lesson's first quiz at once.
      #expect(
        dashboard.body.contains("action=\"/dangdai/chapters/101/quizzes\" data-start-quiz>"),
        "a new learner starts at 1-1")
      #expect(dashboard.body.contains("name=\"kind\" value=\"vocabulary\""))
    }
  }

  @Test(
    "a vocabulary quiz through the forms: feedback on each answer, then the result with its points",
    arguments: TestDatabase.available)
  func vocabularyQuiz(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      let chapter = try await learner.get("/dangdai/chapters/101")
      #expect(chapter.status == .ok)
      #expect(chapter.body.contains("lang=\"zh-Hant\">歡迎你來臺灣！"))
      #expect(chapter.body.contains("Welcome to Taiwan!"))
      #expect(chapter.body.contains("name=\"kind\" value=\"vocabulary\""))
      let quizID = try await learner.start(.vocabulary, chapter: 101)
      let quiz = try #require(try await harness.store.quiz(quizID, of: learner.id))
      let first = try await learner.get("/dangdai/quizzes/\(quizID)")
      #expect(first.body.contains("Question 1 of \(quiz.questions.count)"))
      #expect(first.body.contains("<progress class=\"quiz-progress\" max=\"\(quiz.questions.count)\" value=\"0\""))
      var typed = false
      for position in quiz.questions.indices {
        let right = position != 1
        let (index, page) = try await learner.answerShown(quizID, right: right)
        #expect(index == position, "questions come in order")
        #expect(page.status == .ok)
        #expect(page.body.contains(right ? "Correct!" : "Not quite."))
        if !right { #expect(page.body.contains("The answer: ")) }
        typed = typed || quiz.questions[index].layout == .typed
        let last = position == quiz.questions.count - 1
        #expect(page.body.contains(last ? "See results" : "Next question"))
      }
      #expect(typed, "a vocabulary quiz asks for typed pinyin")
      let finished = try await learner.get("/dangdai/quizzes/\(quizID)")
      #expect(finished.location == "/dangdai/quizzes/\(quizID)/result")
      let result = try await learner.get("/dangdai/quizzes/\(quizID)/result")
      let total = quiz.questions.count
      let score = QuizScore(correct: total - 1, total: total)
      #expect(result.body.contains("\(total - 1)/\(total) correct - \(score.percent)%"))
      #expect(result.body.contains("+\(score.points) points"))
      #expect(result.body.contains("You struggled with:"))
      #expect(!result.body.contains("Chapter Mastered!"))
      let dashboard = try await learner.get("/dangdai/")
      #expect(dashboard.body.contains("\(score.points) points"))
      #expect(dashboard.body.contains("1 day in a row"))
    }
  }

  @Test(
    "typed pinyin: tone numbers are judged, no tones asks again and keeps the text, a second send counts once",
    arguments: TestDatabase.available)
  func typedPinyin(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      let quizID = try await learner.start(.vocabulary, chapter: 101)
      let quiz = try #require(try await harness.store.quiz(quizID, of: learner.id))
      let typed = try #require(quiz.questions.indices.first { quiz.questions[$0].layout == .typed })
      for _ in 0..<typed { _ = try await learner.answerShown(quizID) }
      let shown = try await learner.get("/dangdai/quizzes/\(quizID)")
      #expect(shown.body.contains("name=\"text\""))
      #expect(shown.body.contains("ni3 hao3"), "the tone-number help")
      let answerID = try #require(WebLearner.value(of: "answer_id", in: shown.body))
      guard case .pinyin(_, let readings, _) = quiz.questions[typed].key else { throw Unexpected() }
      let toneless = readings[0].map(\.base).joined(separator: " ")
      let again = try await learner.post(
        "/dangdai/quizzes/\(quizID)/answers", [("answer_id", answerID), ("question", "\(typed)"), ("text", toneless)])
      #expect(again.status == .unprocessableContent)
      #expect(again.body.contains("Add the tones"))
      #expect(again.body.contains("value=\"\(toneless)\""))
      #expect(again.body.contains("value=\"\(answerID)\""), "the same answer id, still unused")
      let numbered = PinyinText.numbered(readings[0])
      let fields = [("answer_id", answerID), ("question", "\(typed)"), ("text", numbered)]
      let judged = try await learner.post("/dangdai/quizzes/\(quizID)/answers", fields)
      #expect(judged.body.contains("Correct!"))
      let twice = try await learner.post("/dangdai/quizzes/\(quizID)/answers", fields)
      #expect(twice.body.contains("Correct!"), "the same form again shows the same answer")
      let elsewhere = try await learner.post(
        "/dangdai/quizzes/\(quizID)/answers",
        [("answer_id", "0123456789abcdef0123456789abcdef"), ("question", "\(typed)"), ("text", numbered)])
      #expect(elsewhere.location == "/dangdai/quizzes/\(quizID)", "answered from another tab: on to where it stands")
      let stored = try #require(try await harness.store.quiz(quizID, of: learner.id))
      #expect(stored.answers.filter { $0.question == typed }.count == 1)
    }
  }

  @Test("a quiz left at question 6 resumes at question 7", arguments: TestDatabase.available)
  func resume(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      let quizID = try await learner.start(.grammar, chapter: 102)
      let total = try #require(try await harness.store.quiz(quizID, of: learner.id)).questions.count
      for _ in 0..<6 { _ = try await learner.answerShown(quizID) }
      let dashboard = try await learner.get("/dangdai/")
      #expect(dashboard.body.contains("href=\"/dangdai/quizzes/\(quizID)\" data-continue"))
      #expect(dashboard.body.contains("from question 7"))
      let resumed = try await learner.get("/dangdai/quizzes/\(quizID)")
      #expect(resumed.body.contains("Question 7 of \(total)"))
      #expect(resumed.body.contains("name=\"question\" value=\"6\""))
    }
  }

  @Test(
    "word order without scripts: tiles placed one tap at a time, taken back, then checked",
    arguments: TestDatabase.available)
  func wordOrder(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      var found: (quiz: String, index: Int)?
      for _ in 0..<6 where found == nil {
        let quizID = try await learner.start(.grammar, chapter: 103)
        let quiz = try #require(try await harness.store.quiz(quizID, of: learner.id))
        if let index = quiz.questions.indices.first(where: { quiz.questions[$0].layout == .tiles }) {
          found = (quizID, index)
        }
      }
      let (quizID, index) = try #require(found, "a grammar quiz has a word-order question")
      for _ in 0..<index { _ = try await learner.answerShown(quizID) }
      let shown = try await learner.get("/dangdai/quizzes/\(quizID)")
      let answerID = try #require(WebLearner.value(of: "answer_id", in: shown.body))
      #expect(shown.body.contains("data-check disabled"), "nothing to check before every tile is placed")
      let right = try await learner.fields(quizID, index)
      let order = try #require(right.first { $0.0 == "placed" }?.1).split(separator: ",").map(String.init)
      var placed: [String] = []
      let path = "/dangdai/quizzes/\(quizID)/answers"
      let base = [("answer_id", answerID), ("question", "\(index)")]
      // One tile, taken back; then all of them, in order.
      var page = try await learner.post(path, base + [("placed", ""), ("pick", order[0])])
      #expect(page.status == .ok)
      #expect(WebLearner.value(of: "placed", in: page.body) == order[0])
      page = try await learner.post(path, base + [("placed", order[0]), ("undo", "1")])
      #expect(WebLearner.value(of: "placed", in: page.body) == "")
      for tile in order {
        page = try await learner.post(path, base + [("placed", placed.joined(separator: ",")), ("pick", tile)])
        placed.append(tile)
      }
      #expect(!page.body.contains("data-check disabled"))
      #expect(try await harness.store.quiz(quizID, of: learner.id)?.answers.count == index, "taps store nothing")
      let checked = try await learner.post(path, base + [("placed", placed.joined(separator: ","))])
      #expect(checked.body.contains("Correct!"))
      let refused = try await learner.post(path, base + [("placed", "0,0")])
      #expect(refused.status == .unprocessableContent, "a tile placed twice is no answer")
    }
  }

  @Test(
    "a chapter mastered: the celebration once, on the quiz that mastered it, then the normal result",
    arguments: TestDatabase.available)
  func mastery(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      var last = ""
      for kind in [QuizKind.vocabulary, .grammar, .test] {
        let quizID = try await learner.start(kind, chapter: 104)
        let total = try #require(try await harness.store.quiz(quizID, of: learner.id)).questions.count
        if kind == .test {
          let page = try await learner.get("/dangdai/quizzes/\(quizID)")
          #expect(page.body.contains("<p class=\"quiz-label\">Chapter Test</p>"))
        }
        for _ in 0..<total { _ = try await learner.answerShown(quizID) }
        last = quizID
      }
      let mastered = try await learner.get("/dangdai/quizzes/\(last)/result")
      #expect(mastered.body.contains("Chapter Mastered!"))
      let chapter = try await learner.get("/dangdai/chapters/104")
      #expect(chapter.body.contains("Mastered"))
      #expect(chapter.body.contains("Practice Again"))
      let again = try await learner.start(.test, chapter: 104)
      let total = try #require(try await harness.store.quiz(again, of: learner.id)).questions.count
      for _ in 0..<total { _ = try await learner.answerShown(again) }
      let later = try await learner.get("/dangdai/quizzes/\(again)/result")
      #expect(later.body.contains("Quiz complete"))
      #expect(!later.body.contains("Chapter Mastered!"))
    }
  }

  @Test(
    "the language switch changes every sentence at once and never the Chinese", arguments: TestDatabase.available)
  func languages(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      let english = try await learner.get("/dangdai/chapters/201")
      for language in [Language.french, .japanese, .korean, .english] {
        let saved = try await learner.post("/dangdai/settings", [("language", language.rawValue)])
        #expect(saved.status == .seeOther)
        #expect(learner.visitor.cookie?.contains("orchard_lang=\(language.rawValue)") == true)
        let text = DangdaiScreenTexts.all.localizer(language)
        for path in ["/dangdai/", "/dangdai/books", "/dangdai/chapters/201", "/dangdai/progress", "/dangdai/settings"] {
          let page = try await learner.get(path)
          #expect(page.status == .ok, "\(path)")
          #expect(page.body.contains("<html lang=\"\(language.rawValue)\""), "\(path)")
          #expect(page.body.contains(">\(text(.tabBooks))</a>"), "\(path) in \(language)")
          if language != .english {
            for key in [DangdaiScreenText.tabHome, .tabProgress, .tabSettings, .thisWeek, .words, .chapterQuizzes] {
              let englishText = HTML.escape(DangdaiScreenTexts.english.messages[key] ?? "")
              #expect(!page.body.contains(">\(englishText)<"), "\(path) in \(language) shows English \(englishText)")
            }
          }
        }
        let chapter = try await learner.get("/dangdai/chapters/201")
        #expect(chapter.body.contains("lang=\"zh-Hant\">請問，到師大怎麼走？"))
        #expect(
          chapter.body.contains(
            CompanionLessons.course.lesson(LessonID(rawValue: 201)!)!.title[language]), "the title in \(language)")
      }
      #expect(english.body.contains("Excuse me, how do I get to Shida?"))
    }
  }

  @Test(
    "the offline screen is there in every language for the worker to keep, and in the learner's own unasked",
    arguments: TestDatabase.available)
  func offlineScreen(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var visitor = Visitor(client: harness.api.client)
      for language in DangdaiScreenTexts.all.languages {
        let text = DangdaiScreenTexts.all.localizer(language)
        let page = try await visitor.get("/dangdai/offline?lang=\(language.rawValue)")
        #expect(page.status == .ok)
        #expect(page.body.contains("<html lang=\"\(language.rawValue)\""))
        #expect(page.body.contains("<h1 id=\"offline-title\">\(HTML.escape(text(.offlineTitle)))</h1>"))
        #expect(page.body.contains(HTML.escape(text(.offlineLead))))
        #expect(page.body.contains("href=\"/dangdai/\" data-primary-action>\(HTML.escape(text(.offlineRetry)))"))
      }
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      _ = try await learner.post("/dangdai/settings", [("language", Language.korean.rawValue)])
      #expect(try await learner.get("/dangdai/offline").body.contains("<html lang=\"ko\""))
      // The worker keeps the screen in the languages the app speaks, under a name that changes
      // with its sentences.
      let worker = try await learner.get("/dangdai/sw.js")
      #expect(worker.status == .ok)
      #expect(worker.body.hasPrefix("self.orchard = {\"cache\":\"dangdai-offline-"))
      #expect(worker.body.contains("\"languages\":[\"en\",\"fr\",\"ja\",\"ko\"],\"offline\":\"/dangdai/offline\""))
    }
  }

  @Test("the calendar turns back a month or a week at a time, and never past today", arguments: TestDatabase.available)
  func calendarPages(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      // The harness's today: 15 January 2027 (UTC).
      let month = try await learner.get("/dangdai/progress")
      #expect(month.body.contains("January 2027"))
      #expect(month.body.contains("href=\"/dangdai/progress?view=month&amp;at=2026-12-31\" rel=\"prev\""))
      #expect(!month.body.contains("rel=\"next\""))
      let december = try await learner.get("/dangdai/progress?view=month&at=2026-12-31")
      #expect(december.body.contains("December 2026"))
      #expect(december.body.contains("href=\"/dangdai/progress?view=month&amp;at=2027-01-01\" rel=\"next\""))
      #expect(
        december.body.components(separatedBy: "class=\"cal-day cal-day--").count - 1 == 31 + 1, "31 days and 1 blank")
      let week = try await learner.get("/dangdai/progress?view=week")
      #expect(week.body.components(separatedBy: "class=\"cal-day cal-day--").count - 1 == ActivityCalendar.recentDays)
      #expect(week.body.contains("at=2027-01-08\" rel=\"prev\""))
      let nonsense = try await learner.get("/dangdai/progress?view=decade&at=yesterday")
      #expect(nonsense.status == .ok, "an unknown view or day shows this month")
      #expect(nonsense.body.contains("January 2027"))
    }
  }

  @Test("a quiz is its learner's alone", arguments: TestDatabase.available)
  func privacy(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var mei = try await WebLearner.signedIn(harness, "mei@example.com")
      var tom = try await WebLearner.signedIn(harness, "tom@example.com")
      let quizID = try await mei.start(.vocabulary, chapter: 101)
      #expect(try await tom.get("/dangdai/quizzes/\(quizID)").status == .notFound)
      #expect(try await tom.get("/dangdai/quizzes/\(quizID)/result").status == .notFound)
      let fields = try await mei.fields(quizID, 0)
      let post = try await tom.post("/dangdai/quizzes/\(quizID)/answers", [("answer_id", "x")] + fields)
      #expect(post.status == .notFound)
      #expect(try await harness.store.quiz(quizID, of: mei.id)?.answers.isEmpty == true)
      #expect(try await mei.get("/dangdai/chapters/999").status == .notFound)
      #expect(try await mei.get("/dangdai/quizzes/nope").status == .notFound)
    }
  }
}

struct Unexpected: Error {}

@Suite("Dangdai's web settings", .timeLimit(.minutes(5)))
struct DangdaiWebSettingsTests {
  @Test("sound and the look follow the learner, on every page and through the API", arguments: TestDatabase.available)
  func soundAndLook(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      var page = try await learner.get("/dangdai/")
      #expect(page.body.contains("<html lang=\"en\">"), "the system's look by default")
      #expect(page.body.contains("data-sound=\"on\""))
      _ = try await learner.post("/dangdai/settings", [("sound", "off"), ("theme", "dark")])
      for path in ["/dangdai/", "/dangdai/chapters/101", "/dangdai/settings"] {
        page = try await learner.get(path)
        #expect(page.body.contains("<html lang=\"en\" class=\"theme-dark\">"), "\(path)")
        #expect(page.body.contains("data-sound=\"off\""), "\(path)")
      }
      #expect(page.body.contains("name=\"theme\" value=\"dark\" checked"))
      #expect(page.body.contains("name=\"sound\" value=\"off\" checked"))
      let token = try #require(
        try await harness.api.send(
          .post, "/dangdai/api/v1/auth/token?grant_type=password",
          json: ["email": "mei@example.com", "password": WebLearner.password]
        ).json?["access_token"] as? String)
      let settings = try #require(try await harness.send(.get, "settings", token).json)
      #expect(settings["sound"] as? Bool == false)
      #expect(settings["theme"] as? String == "dark")
      let changed = try await harness.send(.patch, "settings", token, json: ["theme": "light"])
      #expect(changed.json?["theme"] as? String == "light")
      #expect(try await learner.get("/dangdai/").body.contains("class=\"theme-light\""))
    }
  }

  @Test("a learner's first quiz takes the browser's time zone, and only the first", arguments: TestDatabase.available)
  func browserZone(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      let chapter = try await learner.get("/dangdai/chapters/101")
      #expect(chapter.body.contains("name=\"zone\" value=\"\" data-browser-zone"))
      _ = try await learner.post("/dangdai/chapters/101/quizzes", [("kind", "vocabulary"), ("zone", "Asia/Taipei")])
      #expect(try await harness.store.settings(of: learner.id)?.timeZone == "Asia/Taipei")
      #expect(!(try await learner.get("/dangdai/chapters/101")).body.contains("data-browser-zone"))
      _ = try await learner.post("/dangdai/chapters/101/quizzes", [("kind", "vocabulary"), ("zone", "Europe/Paris")])
      #expect(try await harness.store.settings(of: learner.id)?.timeZone == "Asia/Taipei")
      var other = try await WebLearner.signedIn(harness, "tom@example.com")
      _ = try await other.post("/dangdai/chapters/101/quizzes", [("kind", "vocabulary"), ("zone", "Mars/Olympus")])
      #expect(try await harness.store.settings(of: other.id)?.timeZone ?? "UTC" == "UTC", "no such zone: ignored")
    }
  }

  @Test("a French page holds no sentence of the English catalogs", arguments: TestDatabase.available)
  func noEnglishInFrench(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      _ = try await learner.post("/dangdai/settings", [("language", "fr")])
      let quizID = try await learner.start(.test, chapter: 102)
      var pages = [
        "/dangdai/", "/dangdai/books", "/dangdai/chapters/102", "/dangdai/progress", "/dangdai/settings",
        "/dangdai/quizzes/\(quizID)", "/dangdai/account",
      ].map { ($0, "") }
      let feedback = try await learner.answerShown(quizID, right: false)
      pages.append(("feedback", feedback.page.body))
      // Each English sentence with its French, by key.
      let english =
        DangdaiScreenText.allCases.map {
          ($0.rawValue, DangdaiScreenTexts.english.messages[$0] ?? "", DangdaiScreenTexts.french.messages[$0] ?? "")
        }
        + DangdaiText.allCases.map {
          ($0.rawValue, DangdaiTexts.english.messages[$0] ?? "", DangdaiTexts.french.messages[$0] ?? "")
        }
        + PlatformText.allCases.map {
          ($0.rawValue, PlatformTexts.english.messages[$0] ?? "", PlatformTexts.french.messages[$0] ?? "")
        }
      // Each sentence's longest run of words without a value in it, unless French says it too.
      let fragments = english.compactMap { key, sentence, french -> (String, NSRegularExpression)? in
        let longest =
          sentence.components(separatedBy: CharacterSet(charactersIn: "{}")).enumerated()
          .filter { $0.offset % 2 == 0 }.map(\.element).max { $0.count < $1.count } ?? ""
        let trimmed = longest.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        guard trimmed.count >= 4, !french.contains(trimmed) else { return nil }
        let word = NSRegularExpression.escapedPattern(for: HTML.escape(trimmed))
        return try? (key, NSRegularExpression(pattern: "(?<![\\p{L}])\(word)(?![\\p{L}])"))
      }
      for (path, given) in pages {
        let body = given.isEmpty ? try await learner.get(path).body : given
        #expect(body.contains("<html lang=\"fr\""), "\(path)")
        let range = NSRange(body.startIndex..., in: body)
        for (key, pattern) in fragments where pattern.firstMatch(in: body, range: range) != nil {
          Issue.record("\(path) shows \(key) in English: \(pattern.pattern)")
        }
      }
    }
  }
}
