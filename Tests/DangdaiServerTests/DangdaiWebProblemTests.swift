import DangdaiCore
import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

/// Ids a learner can type into Dangdai's web addresses: none is a 500 (which the server logs at
/// error level); each is Dangdai's own page, in the learner's language, with the way to the books.
@Suite("Dangdai's web answers a wrong id with its own page", .timeLimit(.minutes(5)))
struct DangdaiWebProblemTests {
  static func text(_ key: DangdaiScreenText, _ language: Language = .english) -> String {
    DangdaiScreenTexts.all.localizer(language)(key)
  }

  /// Ids that are nobody's: letters, out of range, negative, overlong, escapes.
  static let typed = [
    "abc", "999", "0", "-1", "100", "116", "101abc", String(repeating: "1", count: 3_000), "%F0%9F%8C%B8", "%00",
    "..%2F..",
  ]

  /// Dangdai's notice page with `title`, and the way back to the books rather than the launcher.
  static func expectOwnPage(
    _ answer: (status: HTTPResponse.Status, location: String?, body: String), title: DangdaiScreenText,
    language: Language = .english, _ what: String
  ) {
    #expect(answer.status == .notFound, "\(what)")
    #expect(answer.body.contains("class=\"dd page-notice"), "\(what)")
    #expect(answer.body.contains(text(title, language)), "\(what)")
    #expect(answer.body.contains("href=\"/dangdai/books\""), "\(what)")
  }

  @Test("a chapter id that is not a chapter is 404 \"Chapter not found\" with the way to the books")
  func chapters() async throws {
    try await DangdaiHarness.run(.sqlite) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      for id in Self.typed {
        Self.expectOwnPage(try await learner.get("/dangdai/chapters/\(id)"), title: .chapterNotFoundTitle, "GET \(id)")
        let started = try await learner.post("/dangdai/chapters/\(id)/quizzes", [("kind", "vocabulary")])
        Self.expectOwnPage(started, title: .chapterNotFoundTitle, "start a quiz in \(id.prefix(40))")
      }
      #expect(try await learner.get("/dangdai/chapters/101").status == .ok)
    }
  }

  @Test("an address under Dangdai that leads nowhere is Dangdai's \"Page not found\", its API's a problem document")
  func unknownAddresses() async throws {
    try await DangdaiHarness.run(.sqlite) { harness in
      var learner = try await WebLearner.signedIn(harness, "lin@example.com")
      for path in ["/dangdai/nothing", "/dangdai/books/extra/more", "/dangdai/a/b/c"] {
        Self.expectOwnPage(try await learner.get(path), title: .pageNotFoundTitle, "GET \(path)")
        Self.expectOwnPage(try await learner.post(path, []), title: .pageNotFoundTitle, "POST \(path)")
      }
      #expect(try await learner.get("/dangdai/api/v1/nothing").body.contains("\"code\":\"NOT_FOUND\""))
    }
  }

  @Test("said in the learner's language", arguments: [Language.french, .japanese, .korean])
  func translated(_ language: Language) async throws {
    try await DangdaiHarness.run(.sqlite) { harness in
      var learner = try await WebLearner.signedIn(harness, "mei@example.com")
      _ = try await learner.post("/dangdai/settings", [("language", language.rawValue)])
      let answer = try await learner.get("/dangdai/chapters/abc")
      Self.expectOwnPage(answer, title: .chapterNotFoundTitle, language: language, "chapter")
      #expect(answer.body.contains(Self.text(.chapterNotFound, language)))
      #expect(!answer.body.contains(Self.text(.chapterNotFound)))
      Self.expectOwnPage(
        try await learner.get("/dangdai/quizzes/nope"), title: .quizNotFoundTitle, language: language, "quiz")
    }
  }

  @Test("a quiz id that is unknown, malformed or another learner's is 404 \"Quiz not found\"")
  func quizzes() async throws {
    try await DangdaiHarness.run(.sqlite) { harness in
      var mei = try await WebLearner.signedIn(harness, "mei@example.com")
      var tom = try await WebLearner.signedIn(harness, "tom@example.com")
      let meis = try await mei.start(.vocabulary, chapter: 101)
      let answer = [("question", "0"), ("choice", "0"), ("answer_id", "01JBX4Q4S1E0Y8W3F0W2Y6R9ZK")]
      for id in Self.typed + [meis, "01JBX4Q4S1E0Y8W3F0W2Y6R9ZK"] {
        Self.expectOwnPage(try await tom.get("/dangdai/quizzes/\(id)"), title: .quizNotFoundTitle, "quiz \(id)")
        Self.expectOwnPage(
          try await tom.get("/dangdai/quizzes/\(id)/result"), title: .quizNotFoundTitle, "result \(id.prefix(40))")
        Self.expectOwnPage(
          try await tom.post("/dangdai/quizzes/\(id)/answers", answer), title: .quizNotFoundTitle,
          "answer \(id.prefix(40))")
      }
      #expect(try await harness.store.quiz(meis, of: mei.id)?.answers.isEmpty == true)
      #expect(try await mei.get("/dangdai/quizzes/\(meis)").status == .ok)
    }
  }
}
