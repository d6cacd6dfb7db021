/// The kinds of quiz a chapter offers.
public enum QuizKind: String, Sendable, Codable, CaseIterable {
  case vocabulary, grammar, test, review

  /// The quizzes a chapter offers, in the order a learner takes them (a review spans chapters).
  public static let ofAChapter: [QuizKind] = [.vocabulary, .grammar, .test]

  /// Whether a finished quiz of this kind counts towards its chapter's completion and mastery: a
  /// review (mixed chapters, spaced repetition) never does.
  public var countsTowardMastery: Bool { ChapterProgress.weights[self] != nil }
}

/// A finished quiz's score: +10 points a correct answer, none for a wrong one.
public struct QuizScore: Hashable, Sendable, Codable {
  public static let pointsPerCorrectAnswer = 10

  public let correct: Int
  public let total: Int

  public init(correct: Int, total: Int) {
    precondition(total > 0 && (0...total).contains(correct), "a score of answered questions")
    self.correct = correct
    self.total = total
  }

  public var points: Int { Self.points(correctAnswers: correct) }

  /// The points `correctAnswers` right answers earn: the one formula behind a quiz's points, an
  /// answer's and a learner's total.
  public static func points(correctAnswers: Int) -> Int { correctAnswers * pointsPerCorrectAnswer }

  /// The share of correct answers, in whole percent rounded down ("8/10 correct - 80%"), so a
  /// score shown as 80 % is never 79.5 %.
  public var percent: Int { correct * 100 / total }
}

/// Where a chapter stands.
public enum ChapterStatus: String, Sendable, Codable {
  /// 0 %.
  case notStarted
  /// 1–79 %.
  case inProgress
  /// 80 % or more. A mastered chapter can still be practised; it stays mastered.
  case mastered

  public static let masteryThreshold = 80

  public init(completion: Int) {
    switch completion {
    case ..<1: self = .notStarted
    case ..<Self.masteryThreshold: self = .inProgress
    default: self = .mastered
    }
  }
}

/// A chapter's completion, worked out from the learner's finished quizzes.
///
/// The weighting: the best vocabulary score counts 30 %, the best grammar score 30 %, and the best
/// chapter test 40 %, each as the share of its questions answered correctly. So vocabulary and
/// grammar alone reach 60 % at most. A chapter is mastered when its completion reaches 80 %, or
/// when a chapter test alone scores 80 % or more (the spec's stories 5.2–5.3: the test is the
/// chapter's assessment). Review quizzes (mixed chapters, spaced repetition) do not count towards
/// one chapter. The result is in whole percent, rounded down and clamped to 0–100.
public struct ChapterProgress: Hashable, Sendable {
  public static let weights: [QuizKind: Int] = [.vocabulary: 30, .grammar: 30, .test: 40]

  /// The best score of each kind.
  public let best: [QuizKind: QuizScore]

  public init(scores: some Sequence<(QuizKind, QuizScore)>) {
    var best: [QuizKind: QuizScore] = [:]
    for (kind, score) in scores where kind.countsTowardMastery {
      if let held = best[kind], held.correct * score.total >= score.correct * held.total { continue }
      best[kind] = score
    }
    self.best = best
  }

  public var completion: Int {
    // Summed over a common denominator so no rounding happens before the end.
    var numerator = 0
    var denominator = 1
    for score in best.values { denominator *= score.total }
    for (kind, score) in best {
      numerator += (Self.weights[kind] ?? 0) * score.correct * (denominator / score.total)
    }
    return min(100, max(0, numerator / denominator))
  }

  public var status: ChapterStatus {
    if masteredByTest { return .mastered }
    return ChapterStatus(completion: completion)
  }

  /// Whether the best chapter test scored the mastery threshold or more, which masters the chapter
  /// whatever the drills' scores.
  public var masteredByTest: Bool { (best[.test]?.percent ?? 0) >= ChapterStatus.masteryThreshold }

  /// One part of the completion: a kind of quiz, the share of the chapter it weighs, its best score
  /// (nil before one is finished) and what that brings to the completion.
  public struct Part: Hashable, Sendable {
    public let kind: QuizKind
    public let weight: Int
    public let best: Int?
    public let earned: Int
  }

  /// What the completion is made of, in the order a chapter offers its quizzes: what a chapter
  /// page explains (95 % on a test and nothing else is 38 of the chapter's 100, and mastered).
  public var parts: [Part] {
    QuizKind.ofAChapter.compactMap { kind in
      guard let weight = Self.weights[kind] else { return nil }
      let score = best[kind]
      return Part(
        kind: kind, weight: weight, best: score?.percent, earned: score.map { weight * $0.correct / $0.total } ?? 0)
    }
  }

  /// Whether reaching `after` from `before` is the chapter's first mastery, which is celebrated
  /// once; practising a mastered chapter again is not.
  public static func isFirstMastery(before: ChapterProgress, after: ChapterProgress) -> Bool {
    before.status != .mastered && after.status == .mastered
  }
}
