/// How many quizzes one learner keeps at most, so that what is stored grows with learning rather
/// than with requests: quizzes started and not finished stop at `unfinished` (a script that only
/// starts quizzes gets no further), and no learner keeps more than `stored` in all (ten quizzes a
/// day for more than five years). Answers need no quota of their own: a quiz keeps at most one
/// per question.
public struct QuizQuota: Sendable, Equatable {
  public let unfinished: Int
  public let stored: Int

  public static let standard = QuizQuota(unfinished: 100, stored: 20_000)

  public init(unfinished: Int, stored: Int) {
    self.unfinished = unfinished
    self.stored = stored
  }

  /// Why a learner who keeps `kept` may not start another quiz; nil when they may.
  public func refusal(_ kept: QuizzesKept) -> Refusal? {
    if kept.stored >= stored { return .full(limit: stored) }
    if kept.unfinished >= unfinished { return .tooManyUnfinished(limit: unfinished) }
    return nil
  }

  /// A quota reached, with the limit it reached.
  public enum Refusal: Sendable, Equatable {
    case tooManyUnfinished(limit: Int)
    case full(limit: Int)
  }
}

/// The quizzes a learner keeps: all of them, and those not yet finished.
public struct QuizzesKept: Sendable, Equatable {
  public var stored: Int
  public var unfinished: Int

  public init(stored: Int, unfinished: Int) {
    self.stored = stored
    self.unfinished = unfinished
  }
}
