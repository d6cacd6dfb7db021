import DangdaiCore
import Foundation
import HTTPTypes
import HummingbirdTesting
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

/// Dangdai's main pages as a learner receives them — status, headers and body — compared with the
/// committed snapshots in `__Snapshots__/`.
@Suite("Dangdai pages, as served", .timeLimit(.minutes(5)))
struct DangdaiSnapshotTests {
  /// Fetches a page with the learner's cookie and returns its snapshot text, with the ids the
  /// server draws (a quiz's, the next answer's) written as placeholders.
  static func page(
    _ learner: WebLearner, _ path: String, quiz: String? = nil
  ) async throws -> String {
    var headers: HTTPFields = [:]
    if let cookie = learner.visitor.cookie { headers[.cookie] = cookie }
    let response = try await learner.visitor.client.execute(uri: path, method: .get, headers: headers)
    return placeholders(
      snapshotText(status: response.status, headers: response.headers, body: String(buffer: response.body)), quiz: quiz)
  }

  static func placeholders(_ text: String, quiz: String?) -> String {
    var text = text
    if let quiz { text = text.replacing(quiz, with: "{QUIZ}") }
    if let answerID = WebLearner.value(of: "answer_id", in: text) {
      text = text.replacing("value=\"\(answerID)\"", with: "value=\"{ANSWER_ID}\"")
    }
    return text
  }

  @Test("the welcome, the dashboard, books, a chapter, a question and its feedback, the result, progress, settings")
  func pages() async throws {
    try await DangdaiHarness.run(.sqlite) { harness in
      var visitor = Visitor(client: harness.api.client)
      let welcome = try await visitor.client.execute(uri: "/dangdai/", method: .get, headers: [:])
      expectSnapshot(
        snapshotText(status: welcome.status, headers: welcome.headers, body: String(buffer: welcome.body)),
        named: "welcome")
      visitor.cookie = nil

      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      for (path, name) in [
        ("/dangdai/", "dashboard-new"), ("/dangdai/books", "books"), ("/dangdai/chapters/101", "chapter"),
        ("/dangdai/settings", "settings"), ("/dangdai/chapters/999", "chapter-not-found"),
      ] {
        expectSnapshot(try await Self.page(learner, path), named: name)
      }

      let quizID = try await learner.start(.vocabulary, chapter: 101)
      expectSnapshot(try await Self.page(learner, "/dangdai/quizzes/\(quizID)", quiz: quizID), named: "question")
      // The feedback comes back from the answer's form.
      for (right, name) in [(true, "right"), (false, "wrong")] {
        let answered = try await learner.answerShown(quizID, right: right).page
        let text = snapshotText(status: answered.status, headers: [:], body: answered.body)
        expectSnapshot(Self.placeholders(text, quiz: quizID), named: name)
      }
      let total = try #require(try await harness.store.quiz(quizID, of: learner.id)).questions.count
      for _ in 2..<total { _ = try await learner.answerShown(quizID) }
      expectSnapshot(try await Self.page(learner, "/dangdai/quizzes/\(quizID)/result", quiz: quizID), named: "result")
      expectSnapshot(try await Self.page(learner, "/dangdai/", quiz: quizID), named: "dashboard")
      expectSnapshot(try await Self.page(learner, "/dangdai/progress", quiz: quizID), named: "progress")
    }
  }
}

/// The web version and the API are two faces of one service: the same action gives one answer.
@Suite("Dangdai's web and API give one answer", .timeLimit(.minutes(5)))
struct DangdaiOneServiceTests {
  @Test("an answer's verdict and the learner's points, and the dashboard, are the same through either face")
  func sameAnswer() async throws {
    try await DangdaiHarness.run(.sqlite) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      let token = try #require(
        try await harness.api.send(
          .post, "/dangdai/api/v1/auth/token?grant_type=password",
          json: ["email": "mei@example.com", "password": WebLearner.password]
        ).json?["access_token"] as? String)
      let quizID = try await learner.start(.vocabulary, chapter: 101)
      let text = DangdaiScreenTexts.all.localizer(.english)

      // The first question answered wrongly on the web, the second rightly through the API.
      let web = try await learner.answerShown(quizID, right: false)
      let stored = try #require(try await harness.store.quiz(quizID, of: learner.id))
      let webAnswer = try #require(stored.answers.first { $0.question == web.index })
      #expect(webAnswer.verdict != .correct)
      #expect(web.page.body.contains(HTML.escape(text(.wrong))))
      // An id as the web's forms make them, so the web takes it as the same answer's.
      let answerID = "0123456789abcdef0123456789abcd01"
      let apiBody = try await harness.answer(quizID, web.index + 1, of: learner.id, id: answerID)
      let api = try #require(try await harness.send(.post, "quizzes/\(quizID)/answers", token, json: apiBody).json)
      #expect((api["answer"] as? [String: Any])?["verdict"] as? String == Verdict.Code.correct.rawValue)
      #expect(api["points"] as? Int == QuizScore.points(correctAnswers: 1))

      // The API reads back the web's answer with the verdict the web showed.
      let quiz = try #require(try await harness.send(.get, "quizzes/\(quizID)", token).json)
      let answers = try #require(quiz["answers"] as? [[String: Any]])
      #expect(
        answers.first { $0["question"] as? Int == web.index }?["verdict"] as? String == webAnswer.verdict.rawValue)

      // The same answer sent again through the other face is the same answer, counted once.
      let again = try await learner.post(
        "/dangdai/quizzes/\(quizID)/answers",
        [("answer_id", answerID)] + (try await learner.fields(quizID, web.index + 1)))
      #expect(again.body.contains(HTML.escape(text(.correct))))
      #expect(try await harness.store.correctAnswers(of: learner.id) == 1)

      // The dashboard: the same points and streak on the page and in the JSON.
      let dashboard = try #require(try await harness.send(.get, "dashboard", token).json)
      let points = try #require(dashboard["points"] as? Int)
      #expect(points == QuizScore.points(correctAnswers: 1))
      let page = try await learner.get("/dangdai/")
      #expect(page.body.contains(HTML.escape(text(.points, ["points": points]))))
      let streak = try #require((dashboard["streak"] as? [String: Any])?["current"] as? Int)
      #expect(page.body.contains(HTML.escape(text(.streak, ["days": streak]))))
    }
  }
}
