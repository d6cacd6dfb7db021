import DangdaiCore
import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

/// What a walkthrough as a new learner tripped on, each held to its fix.
@Suite("Dangdai's walkthrough, fixed", .timeLimit(.minutes(5)))
struct WalkthroughTests {
  @Test(
    "a quiz left unfinished is offered to resume or start over, never thrown away", arguments: TestDatabase.available)
  func resumeOrStartOver(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let first = try await ada.start(.vocabulary, chapter: 104)
      _ = try await ada.answerShown(first)
      let chapter = try await ada.get("/dangdai/chapters/104")
      #expect(chapter.body.contains("href=\"/dangdai/quizzes/\(first)\" data-resume"))
      #expect(chapter.body.contains("Resume from question 2"))
      #expect(chapter.body.contains("Start over"))
      // Starting over makes a new quiz; the one left is still there to resume from the dashboard.
      let second = try await ada.start(.vocabulary, chapter: 104)
      #expect(second != first)
      let adaID = ada.id
      #expect(try await harness.store.quiz(first, of: adaID)?.answers.count == 1)
    }
  }

  @Test("You struggled with shows what a reading question gave, not only its answer", arguments: TestDatabase.available)
  func struggledReading(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var web = try await WebLearner.signedIn(harness, "bea@example.com")
      for _ in 0..<30 {
        let quiz = try await web.start(.vocabulary, chapter: 107)
        let webID = web.id
        let questions = try #require(try await harness.store.quiz(quiz, of: webID)).questions
        guard let index = questions.firstIndex(where: { $0.kind == .readingToCharacter }) else {
          // Leave this one unfinished and try another quiz.
          continue
        }
        let token = try await TeachingTests.token(harness, "bea@example.com")
        try await harness.finish(quiz, of: (token, webID)) { $0 != index }
        let result = try await web.get("/dangdai/quizzes/\(quiz)/result")
        let reading = try #require(questions[index].reading)
        #expect(
          result.body.contains(
            "<span class=\"missed-asked\"><span class=\"pinyin\" lang=\"zh-Latn-pinyin\">\(reading.pinyin)</span>"))
        return
      }
      Issue.record("no quiz asked a reading question")
    }
  }

  @Test("a quiz continued after switching language speaks the new language", arguments: TestDatabase.available)
  func languageSwitch(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let token = try await TeachingTests.token(harness, "ada@example.com")
      // A quiz in English whose first question asks a word's meaning, then French before it is answered.
      let found = try await TeachingTests.find(harness, (token, ada.id), "vocabulary", chapter: 105) { question in
        question.kind == .characterToMeaning
      }
      let (quiz, _, question) = try #require(found)
      guard case .word(let hanzi) = question.subject,
        let word = CompanionLessons.course.lessons.flatMap(\.vocabulary).first(where: { $0.hanzi == hanzi })
      else { return }
      let adaID = ada.id
      try await harness.finish(quiz, of: (token, adaID)) { _ in true }
      let localized = CompanionLessons.course.localized(question, madeIn: .english, for: .french)
      #expect(localized.options.contains(word.meaning[.french]))
      #expect(!localized.options.contains(word.meaning[.english]) || word.meaning[.english] == word.meaning[.french])
      #expect(localized.key == question.key)
      #expect(localized.chinese == question.chinese)
      // On the page: a new quiz, the language switched, its question in French.
      let next = try await ada.start(.vocabulary, chapter: 105)
      _ = try await ada.post("/dangdai/settings", [("language", "fr")])
      let stored = try #require(try await harness.store.quiz(next, of: adaID))
      let shown = try await ada.get("/dangdai/quizzes/\(next)")
      let first = stored.questions[0]
      let french = CompanionLessons.course.localized(first, madeIn: .english, for: .french)
      for option in french.options where first.kind == .characterToMeaning {
        #expect(shown.body.contains(HTML("\(option)").rendered), "\(option)")
      }
      if let meaning = french.meaning, first.kind == .meaningToCharacter {
        #expect(shown.body.contains(HTML("\(meaning)").rendered))
      }
      #expect(shown.body.contains("lang=\"fr\""))
    }
  }

  @Test("one chapter mastered is said in the singular in French")
  func frenchPlural() {
    let french = DangdaiScreenTexts.all.localizer(.french)
    #expect(french(.bookMastered, ["mastered": 1, "total": 15]) == "1 chapitre maîtrisé sur 15")
    #expect(french(.bookMastered, ["mastered": 3, "total": 15]) == "3 chapitres maîtrisés sur 15")
  }

  @Test(
    "Home's Continue names the chapter and where it stands, and starts its next quiz", arguments: TestDatabase.available
  )
  func continueCard(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let token = try await TeachingTests.token(harness, "ada@example.com")
      let vocabulary = try #require(
        try await harness.startQuiz("vocabulary", chapter: 101, token)["quiz_id"] as? String)
      try await harness.finish(vocabulary, of: (token, ada.id))
      let home = try await ada.get("/dangdai/")
      #expect(home.body.contains("name=\"kind\" value=\"grammar\""), "the chapter's next quiz not yet taken")
      #expect(home.body.contains("<span class=\"continue-chapter\">Lesson 1 \u{00B7} Welcome to Taiwan!</span>"))
      #expect(home.body.contains("Book 1 \u{00B7} Lesson 1 \u{00B7} 30%"))
      #expect(home.body.contains("<time class=\"recent-when\""))
    }
  }
}
