import Testing

@testable import DangdaiCore

@Suite("A quiz's answers are kept one by one and count once", .timeLimit(.minutes(5)))
struct QuizAttemptTests {
  @Test("interrupted at question 6, it resumes at question 7")
  func resume() {
    var attempt = QuizAttempt(questionCount: 10)
    #expect(attempt.nextQuestion == 0)
    for question in 0..<6 {
      #expect(attempt.record(id: "a\(question)", question: question, correct: question % 2 == 0) == .recorded)
    }
    // Six answered (questions 1 to 6): the next is question 7, index 6.
    #expect(attempt.nextQuestion == 6)
    #expect(!attempt.isFinished)
    for question in 6..<10 { _ = attempt.record(id: "a\(question)", question: question, correct: true) }
    #expect(attempt.isFinished)
    #expect(attempt.nextQuestion == nil)
    #expect(attempt.score == QuizScore(correct: 7, total: 10))
    #expect(attempt.score.points == 70)
  }

  @Test("a retried answer counts once; a second answer to a question, or a reused id, is refused")
  func idempotent() {
    var attempt = QuizAttempt(questionCount: 3)
    #expect(attempt.record(id: "x", question: 0, correct: true) == .recorded)
    #expect(attempt.record(id: "x", question: 0, correct: true) == .repeated)
    #expect(attempt.record(id: "y", question: 0, correct: false) == .conflict)
    #expect(attempt.record(id: "x", question: 1, correct: true) == .conflict)
    #expect(attempt.record(id: "x", question: 0, correct: false) == .conflict)
    #expect(attempt.record(id: "z", question: 3, correct: true) == .outOfRange)
    #expect(attempt.record(id: "z", question: -1, correct: true) == .outOfRange)
    #expect(attempt.answers.count == 1)
    #expect(attempt.score == QuizScore(correct: 1, total: 3))
  }

  @Test("answers may arrive out of order; the next question is the first unanswered")
  func outOfOrder() {
    var attempt = QuizAttempt(questionCount: 4)
    _ = attempt.record(id: "c", question: 2, correct: true)
    _ = attempt.record(id: "a", question: 0, correct: true)
    #expect(attempt.nextQuestion == 1)
  }
}
