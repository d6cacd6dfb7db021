import DangdaiCore
import Foundation
import OrchardKit
import SQLKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

@Suite("Answers stored together: each decided as if alone", .timeLimit(.minutes(5)))
struct AnswerBatchTests {
  @Test(
    "one batch: retries, conflicts, unknown questions, other learners' quizzes, a word answered twice, points in order",
    arguments: TestDatabase.available)
  func batch(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let bo = try await harness.learner("bo@example.com")
      let adaQuiz = try #require(
        try await harness.startQuiz("vocabulary", chapter: 101, ada.token)["quiz_id"] as? String)
      let boQuiz = try #require(try await harness.startQuiz("grammar", chapter: 102, bo.token)["quiz_id"] as? String)
      let ours = try #require(try await harness.store.quiz(adaQuiz, of: ada.id)).content
      let theirs = try #require(try await harness.store.quiz(boQuiz, of: bo.id)).content
      let at = harness.clock.now

      func write(
        _ quiz: QuizContent, _ question: Int, id: String, correct: Bool, choice: Int = 0, word: String? = nil
      ) -> AnswerWrite {
        AnswerWrite(
          quiz: quiz,
          answer: StoredAnswer(
            id: id, question: question, response: .choice(choice), verdict: correct ? .correct : .wrong,
            toneErrors: [], sandhiHint: false, answeredAt: at),
          word: word.map { (LessonID(rawValue: 101)!, $0) })
      }
      // Ada answers all ten, the first three wrong, the first two about the same word.
      var writes = (0..<10).map { index in
        write(ours, index, id: "a\(index)", correct: index > 2, word: index < 2 ? "你" : nil)
      }
      writes += [
        write(ours, 3, id: "a3", correct: true),  // a retry: the same answer again
        write(ours, 3, id: "a3", correct: true, choice: 2),  // the same id, answered otherwise
        write(ours, 4, id: "other", correct: true),  // the question answered already
        write(ours, 12, id: "far", correct: true),  // no such question
        write(theirs, 0, id: "b0", correct: true),  // Bo's first
        write(
          QuizContent(
            id: theirs.id, accountID: ada.id, lesson: theirs.lesson, kind: theirs.kind, language: theirs.language,
            questions: theirs.questions, createdAt: theirs.createdAt), 1, id: "mine", correct: true),  // not Ada's
      ]
      let results = try await harness.store.record(writes)
      #expect(results.count == writes.count)

      // Ada's answers in order: points counting up by the correct ones, the last finishing the quiz.
      var correctSoFar = 0
      for index in 0..<10 {
        guard case .stored(let answer, let progress, let correctAnswers, let best) = results[index] else {
          Issue.record("answer \(index) was not stored: \(results[index])")
          continue
        }
        if writes[index].answer.isCorrect { correctSoFar += 1 }
        #expect(answer.id == "a\(index)")
        #expect(correctAnswers == correctSoFar)
        #expect(progress.attempt.answers.count == index + 1 && progress.correct == correctSoFar)
        #expect(progress.attempt.nextQuestion == (index == 9 ? nil : index + 1))
        #expect((progress.finishedAt != nil) == (index == 9))
        #expect(best == (index == 9 ? [.vocabulary: 70] : nil))
      }
      #expect(correctSoFar == 7)
      guard case .repeated(let again, let progress) = results[10] else {
        Issue.record("a retry was not the same answer: \(results[10])")
        return
      }
      #expect(again.id == "a3" && again.isCorrect && again.response == .choice(0))
      #expect(progress.finishedAt == at && progress.attempt.answers.count == QuizGenerator.questionCount)
      #expect(results[11] == .conflict)
      #expect(results[12] == .conflict)
      #expect(results[13] == .noSuchQuestion)
      guard case .stored(_, _, let boCorrect, nil) = results[14] else {
        Issue.record("Bo's answer was not stored: \(results[14])")
        return
      }
      #expect(boCorrect == 1)
      #expect(results[15] == .noSuchQuiz)

      // What the database holds agrees, as if each had been stored alone.
      let stored = try #require(try await harness.store.quiz(adaQuiz, of: ada.id))
      #expect(stored.answers.map(\.id).sorted() == (0..<10).map { "a\($0)" })
      #expect(stored.finishedAt == at)
      #expect(try await harness.store.correctAnswers(of: ada.id) == 7)
      #expect(try await harness.store.correctAnswers(of: bo.id) == 1)
      #expect(try await harness.store.quiz(boQuiz, of: bo.id)?.answers.map(\.id) == ["b0"])
      #expect(try await harness.store.bestScores(of: ada.id) == [LessonID(rawValue: 101)!: [.vocabulary: 70]])
      let once = try #require(ReviewSchedule.next(nil, correct: false, at: at))
      let twice = try #require(ReviewSchedule.next(once, correct: false, at: at))
      #expect(
        try await harness.store.reviews(of: ada.id) == [
          ReviewEntry(lesson: LessonID(rawValue: 101)!, hanzi: "你", card: twice)
        ])
      #expect(twice != once)
    }
  }

  @Test(
    "twenty answers posted at once (each twice) keep one each; the dashboard shows them at once",
    arguments: TestDatabase.available)
  func together(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let quizID = try #require(
        try await harness.startQuiz("vocabulary", chapter: 103, ada.token)["quiz_id"] as? String)
      let before = try #require(try await harness.send(.get, "dashboard", ada.token).json)
      #expect(before["points"] as? Int == 0)
      var bodies: [[String: JSONValue]] = []
      for index in 0..<10 { bodies.append(try await harness.answer(quizID, index, of: ada.id, right: index % 2 == 0)) }
      let outcomes = try await withThrowingTaskGroup(of: (Int, Int, String?).self) { group in
        for (index, body) in (bodies + bodies).enumerated() {
          group.addTask {
            let answer = try await harness.send(.post, "quizzes/\(quizID)/answers", ada.token, json: body)
            let verdict = (answer.json?["answer"] as? [String: Any])?["verdict"] as? String
            return (index % 10, answer.status.code, verdict)
          }
        }
        var outcomes: [(Int, Int, String?)] = []
        for try await outcome in group { outcomes.append(outcome) }
        return outcomes
      }
      #expect(outcomes.allSatisfy { $0.1 == 200 })
      for (question, _, verdict) in outcomes {
        #expect(verdict == (question % 2 == 0 ? "correct" : "wrong"), "question \(question)")
      }
      let quiz = try #require(try await harness.store.quiz(quizID, of: ada.id))
      #expect(quiz.answers.count == QuizGenerator.questionCount && quiz.finishedAt != nil)
      let after = try #require(try await harness.send(.get, "dashboard", ada.token).json)
      // The dashboard written before the OpenAPI layer is the generated handler's (a query sends
      // the request on to the handler): the same JSON, member for member.
      let remembered = try await harness.send(.get, "dashboard", ada.token)
      let generated = try await harness.send(.get, "dashboard?via=handler", ada.token)
      #expect(generated.status == .ok && remembered.headers[.contentType] == generated.headers[.contentType])
      let parse = { (body: Data) in try JSONSerialization.jsonObject(with: body) as? NSDictionary }
      #expect(try parse(remembered.body) == parse(generated.body) && parse(generated.body) != nil)
      #expect(after["points"] as? Int == QuizScore.points(correctAnswers: 5))
      #expect((after["recent_quizzes"] as? [[String: Any]])?.first?["quiz_id"] as? String == quizID)
      #expect((after["streak"] as? [String: Any])?["current"] as? Int == 1)
      #expect((after["streak"] as? [String: Any])?["active_today"] as? Bool == true)
      // The next day the same learner's dashboard moves on with the calendar.
      harness.clock.advance(by: 86_400)
      let signIn = try await harness.api.send(
        .post, "/dangdai/api/v1/auth/token?grant_type=password",
        json: ["email": "ada@example.com", "password": "tulip-91 at dawn"])
      let token = try #require(signIn.json?["access_token"] as? String)
      let tomorrow = try #require(try await harness.send(.get, "dashboard", token).json)
      #expect((tomorrow["streak"] as? [String: Any])?["active_today"] as? Bool == false)
      #expect((tomorrow["streak"] as? [String: Any])?["current"] as? Int == 1)
      let days = try #require(tomorrow["recent_days"] as? [[String: Any]])
      #expect(
        days.count == ActivityCalendar.recentDays && days.last?["quizzes"] as? Int == 0
          && days.dropLast().last?["quizzes"] as? Int == 1)
    }
  }
  @Test(
    "best scores kept before answers kept them are filled in as the core picks them, reviews aside",
    arguments: TestDatabase.available)
  func backfill(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      for wrong in [3, 1, 5] {
        let id = try #require(try await harness.startQuiz("vocabulary", chapter: 101, ada.token)["quiz_id"] as? String)
        try await harness.finish(id, of: ada) { $0 >= wrong }
      }
      let grammar = try #require(try await harness.startQuiz("grammar", chapter: 102, ada.token)["quiz_id"] as? String)
      try await harness.finish(grammar, of: ada) { $0 % 2 == 0 }
      harness.clock.advance(by: 5 * 60)
      let review = try #require(try await harness.startQuiz("review", chapter: nil, ada.token)["quiz_id"] as? String)
      try await harness.finish(review, of: ada)
      let kept = try await harness.store.bestScores(of: ada.id)
      #expect(kept[LessonID(rawValue: 101)!] == [.vocabulary: QuizScore(correct: 9, total: 10).percent])

      try await harness.database.delete(from: "dangdai_best").run()
      try await DangdaiStore.backfillBest(on: harness.database)
      #expect(try await harness.store.bestScores(of: ada.id) == kept)
    }
  }
  @Test(
    "two batches finishing one learner's quizzes at once keep the better score as the best",
    arguments: TestDatabase.available)
  func concurrentBest(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      let ada = try await harness.learner("ada@example.com")
      let lesson = LessonID(rawValue: 101)!
      func quiz() async throws -> QuizContent {
        let id = try #require(try await harness.startQuiz("vocabulary", chapter: 101, ada.token)["quiz_id"] as? String)
        return try #require(try await harness.store.content(id, of: ada.id))
      }
      func finishing(_ quiz: QuizContent, correct: Int) -> [AnswerWrite] {
        quiz.questions.indices.map { index in
          AnswerWrite(
            quiz: quiz,
            answer: StoredAnswer(
              id: "\(quiz.id)-\(index)", question: index, response: .choice(0),
              verdict: index < correct ? .correct : .wrong, toneErrors: [], sandhiHint: false,
              answeredAt: harness.clock.now),
            word: nil)
        }
      }
      // Each round both quizzes beat the best so far, one by more: whichever commits last, the
      // better one stays the best (a batch reading the best before the other's commit would not).
      for round in 1...4 {
        let (better, worse) = (try await quiz(), try await quiz())
        async let first = harness.store.record(finishing(better, correct: 2 * round))
        async let second = harness.store.record(finishing(worse, correct: 2 * round - 1))
        _ = try await (first, second)
        let best = QuizScore(correct: 2 * round, total: better.questions.count).percent
        #expect(try await harness.store.bestScores(of: ada.id)[lesson] == [.vocabulary: best], "round \(round)")
      }
    }
  }
}
