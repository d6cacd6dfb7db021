import Testing

@testable import DangdaiCore

@Suite("Points, completion and mastery", .timeLimit(.minutes(5)))
struct ChapterProgressTests {
  func progress(_ scores: [(QuizKind, Int, Int)]) -> ChapterProgress {
    ChapterProgress(scores: scores.map { ($0.0, QuizScore(correct: $0.1, total: $0.2)) })
  }

  @Test("+10 a correct answer, none for a wrong one; percent rounded down")
  func score() {
    let score = QuizScore(correct: 8, total: 10)
    #expect(score.points == 80)
    #expect(score.percent == 80)
    #expect(QuizScore(correct: 0, total: 12).points == 0)
    #expect(QuizScore(correct: 2, total: 3).percent == 66)
    #expect(QuizScore(correct: 15, total: 15).percent == 100)
  }

  @Test("not started at 0, in progress at 1 to 79, mastered at 80: 80 counts, 79 does not")
  func thresholds() {
    #expect(ChapterStatus(completion: 0) == .notStarted)
    #expect(ChapterStatus(completion: 1) == .inProgress)
    #expect(ChapterStatus(completion: 79) == .inProgress)
    #expect(ChapterStatus(completion: 80) == .mastered)
    #expect(ChapterStatus(completion: 100) == .mastered)
  }

  @Test("completion weighs the best vocabulary 30, grammar 30 and test 40, rounded down")
  func weighting() {
    #expect(progress([]).completion == 0)
    #expect(progress([]).status == .notStarted)
    #expect(progress([(.vocabulary, 10, 10)]).completion == 30)
    #expect(progress([(.vocabulary, 10, 10), (.grammar, 10, 10)]).completion == 60)
    #expect(progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 10, 20)]).completion == 80)
    #expect(progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 10, 20)]).status == .mastered)
    // 30 + 30 + 40 × 9/20 = 78; 30 + 30 + 40 × 19/40 = 79 (not yet); 100 at the top.
    #expect(progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 9, 20)]).completion == 78)
    #expect(progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 19, 40)]).completion == 79)
    #expect(progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 19, 40)]).status == .inProgress)
    #expect(progress([(.vocabulary, 12, 12), (.grammar, 15, 15), (.test, 20, 20)]).completion == 100)
    // 30 × 7/9 = 23.3; 23.3 + 26.7 + 26 = 76.0 (30 × 7/9, 30 × 8/9, 40 × 13/20); 23.3 + 23.3 + 34 = 80.7.
    #expect(progress([(.vocabulary, 7, 9)]).completion == 23)
    #expect(progress([(.vocabulary, 7, 9), (.grammar, 8, 9), (.test, 13, 20)]).completion == 76)
    #expect(progress([(.vocabulary, 7, 9), (.grammar, 7, 9), (.test, 17, 20)]).completion == 80)
    #expect(progress([(.vocabulary, 0, 10)]).status == .notStarted)
  }

  @Test("the best attempt of each kind counts; reviews do not count towards a chapter")
  func bestAttempts() {
    let scores = progress([(.vocabulary, 9, 10), (.vocabulary, 3, 10), (.grammar, 5, 10), (.review, 10, 10)])
    #expect(scores.best[.vocabulary] == QuizScore(correct: 9, total: 10))
    #expect(scores.best[.review] == nil)
    #expect(scores.completion == 27 + 15)
  }

  @Test("the first mastery is celebrated once; practising a mastered chapter is not a new one")
  func firstMastery() {
    let before = progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 9, 20)])
    let after = progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 9, 20), (.test, 16, 20)])
    let again = progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 16, 20), (.test, 20, 20)])
    #expect(ChapterProgress.isFirstMastery(before: before, after: after))
    #expect(!ChapterProgress.isFirstMastery(before: after, after: again))
    #expect(!ChapterProgress.isFirstMastery(before: before, after: before))
  }

  @Test("a chapter test at 80 % or more masters the chapter on its own; 79 % does not")
  func masteredByTest() {
    let test = progress([(.test, 19, 20)])
    #expect(test.completion == 38)
    #expect(test.status == .mastered)
    #expect(test.masteredByTest)
    #expect(progress([(.test, 16, 20)]).status == .mastered)
    #expect(progress([(.test, 15, 20)]).status == .inProgress)
    #expect(progress([(.vocabulary, 10, 10), (.grammar, 10, 10), (.test, 15, 20)]).status == .mastered)
    #expect(ChapterProgress.isFirstMastery(before: progress([(.vocabulary, 8, 10)]), after: test))
  }

  @Test("the completion's parts: each quiz's weight, best score and what it brings")
  func parts() {
    let parts = progress([(.grammar, 7, 10), (.test, 19, 20)]).parts
    #expect(parts.map(\.kind) == [.vocabulary, .grammar, .test])
    #expect(parts.map(\.weight) == [30, 30, 40])
    #expect(parts.map(\.best) == [nil, 70, 95])
    #expect(parts.map(\.earned) == [0, 21, 38])
    #expect(parts.map(\.weight).reduce(0, +) == 100)
  }
}
