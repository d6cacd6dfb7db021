/// A learner's best score, in whole percent, of each kind of quiz on each chapter: what their
/// chapters' progress is worked out from. It moves only when a chapter's quiz is finished with a
/// better score than the best of its kind; a review never moves it.
public struct BestScores: Hashable, Sendable {
  /// The best percent of each kind on each chapter that has one.
  public private(set) var percents: [LessonID: [QuizKind: Int]]

  public init(_ percents: [LessonID: [QuizKind: Int]] = [:]) { self.percents = percents }

  /// The best scores of quizzes finished in any order (a quiz on no chapter is a review).
  public init(finished: some Sequence<(lesson: LessonID?, kind: QuizKind, score: QuizScore)>) {
    self.init()
    for quiz in finished { _ = finish(quiz.kind, on: quiz.lesson, scoring: quiz.score) }
  }

  /// What finishing one quiz did to its chapter's best scores.
  public struct Finish: Hashable, Sendable {
    /// Whether its score is now the best of its kind on its chapter (one to keep).
    public let raised: Bool
    /// Whether it mastered its chapter for the first time (celebrated once).
    public let firstMastery: Bool

    static let unchanged = Finish(raised: false, firstMastery: false)
  }

  /// Takes in a quiz of `kind` on `lesson` finished with `score`.
  public mutating func finish(_ kind: QuizKind, on lesson: LessonID?, scoring score: QuizScore) -> Finish {
    guard let lesson, kind.countsTowardMastery else { return .unchanged }
    let before = percents[lesson] ?? [:]
    guard score.percent > before[kind] ?? -1 else { return .unchanged }
    var after = before
    after[kind] = score.percent
    percents[lesson] = after
    return Finish(
      raised: true,
      firstMastery: ChapterProgress.isFirstMastery(
        before: ChapterProgress(percents: before), after: ChapterProgress(percents: after)))
  }
}
