#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
// exp and pow: the C library's, which FoundationEssentials does not bring.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How well an item was recalled, as FSRS rates a review.
public enum ReviewRating: Int, Sendable, Codable, CaseIterable {
  case again = 1, hard, good, easy
}

/// Where an item stands in its reviews: still being learned (short steps, minutes apart), in
/// review (days apart, set by its stability), or relearned after a lapse.
public struct ReviewCard: Hashable, Sendable, Codable {
  public enum State: String, Sendable, Codable {
    case learning, review, relearning
  }

  public var state: State
  /// The learning or relearning step it is on; nil in review.
  public var step: Int?
  /// Days until recall falls to 90 %; nil before the first review.
  public var stability: Double?
  /// 1 (easy) to 10 (hard); nil before the first review.
  public var difficulty: Double?
  public var due: Date
  public var lastReview: Date?

  /// An item never reviewed, due at once.
  public static func new(at now: Date) -> ReviewCard {
    ReviewCard(state: .learning, step: 0, stability: nil, difficulty: nil, due: now, lastReview: nil)
  }
}

/// FSRS-6, the scheduler Anki uses: the forgetting curve R = (1 + F·t/S)^−w20, with stability and
/// difficulty updated at each review by the model's 21 published default parameters (research §D).
/// Deterministic (no fuzz on intervals), so the same answers always give the same schedule.
public struct FSRS: Sendable {
  public static let defaultParameters: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
    1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  public let w: [Double]
  /// The recall probability intervals aim at.
  public let retention: Double
  public let learningSteps: [TimeInterval]
  public let relearningSteps: [TimeInterval]
  public let maximumInterval: Int

  let decay: Double
  let factor: Double

  public init(
    parameters: [Double] = FSRS.defaultParameters, retention: Double = 0.9, learningSteps: [TimeInterval] = [60, 600],
    relearningSteps: [TimeInterval] = [600], maximumInterval: Int = 36_500
  ) {
    precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
    w = parameters
    self.retention = retention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    decay = -parameters[20]
    factor = pow(0.9, 1 / decay) - 1
  }

  static let minimumStability = 0.001

  /// The probability the item is recalled at `now`, by whole days since its last review.
  public func retrievability(_ card: ReviewCard, at now: Date) -> Double {
    guard let last = card.lastReview, let stability = card.stability else { return 0 }
    let days = max(0, Self.wholeDays(from: last, to: now))
    return pow(1 + factor * Double(days) / stability, decay)
  }

  /// The card after a review rated `rating` at `now`, and when it is due next.
  public func review(_ card: ReviewCard, _ rating: ReviewRating, at now: Date) -> ReviewCard {
    var card = card
    let elapsed = card.lastReview.map { Self.wholeDays(from: $0, to: now) }
    let grade = Double(rating.rawValue)
    if let stability = card.stability, let difficulty = card.difficulty {
      if let elapsed, elapsed < 1 {
        card.stability = shortTermStability(stability, grade: grade, rating: rating)
      } else {
        card.stability = nextStability(
          difficulty: difficulty, stability: stability, retrievability: retrievability(card, at: now), rating: rating)
      }
      card.difficulty = nextDifficulty(difficulty, grade: grade)
    } else {
      card.stability = max(w[rating.rawValue - 1], Self.minimumStability)
      card.difficulty = clampDifficulty(initialDifficulty(grade))
    }
    let interval: TimeInterval
    switch card.state {
    case .learning, .relearning:
      let steps = card.state == .learning ? learningSteps : relearningSteps
      let step = card.step ?? 0
      if steps.isEmpty || (step >= steps.count && rating != .again) {
        interval = graduate(&card)
      } else {
        switch rating {
        case .again:
          card.step = 0
          interval = steps[0]
        case .hard:
          interval =
            step == 0
            ? (steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2) : steps[min(step, steps.count - 1)]
        case .good:
          if step + 1 >= steps.count {
            interval = graduate(&card)
          } else {
            card.step = step + 1
            interval = steps[step + 1]
          }
        case .easy:
          interval = graduate(&card)
        }
      }
    case .review:
      if rating == .again, !relearningSteps.isEmpty {
        card.state = .relearning
        card.step = 0
        interval = relearningSteps[0]
      } else {
        interval = days(nextInterval(card.stability ?? Self.minimumStability))
      }
    }
    card.due = now.addingTimeInterval(interval)
    card.lastReview = now
    return card
  }

  /// Into review, due after the interval its stability gives.
  func graduate(_ card: inout ReviewCard) -> TimeInterval {
    card.state = .review
    card.step = nil
    return days(nextInterval(card.stability ?? Self.minimumStability))
  }

  /// Whole days until recall falls to the target retention, from 1 to the maximum.
  public func nextInterval(_ stability: Double) -> Int {
    let raw = stability / factor * (pow(retention, 1 / decay) - 1)
    return min(max(Int(raw.rounded(.toNearestOrEven)), 1), maximumInterval)
  }

  func initialDifficulty(_ grade: Double) -> Double { w[4] - exp(w[5] * (grade - 1)) + 1 }

  func clampDifficulty(_ difficulty: Double) -> Double { min(max(difficulty, 1), 10) }

  func nextDifficulty(_ difficulty: Double, grade: Double) -> Double {
    let delta = -w[6] * (grade - 3)
    let damped = difficulty + (10 - difficulty) * delta / 9
    return clampDifficulty(w[7] * initialDifficulty(4) + (1 - w[7]) * damped)
  }

  func shortTermStability(_ stability: Double, grade: Double, rating: ReviewRating) -> Double {
    var increase = exp(w[17] * (grade - 3 + w[18])) * pow(stability, -w[19])
    if rating != .again { increase = max(increase, 1) }
    return max(stability * increase, Self.minimumStability)
  }

  func nextStability(difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating) -> Double {
    let next: Double
    if rating == .again {
      let longTerm =
        w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1) * exp((1 - retrievability) * w[14])
      next = min(longTerm, stability / exp(w[17] * w[18]))
    } else {
      let hard = rating == .hard ? w[15] : 1
      let easy = rating == .easy ? w[16] : 1
      next =
        stability
        * (1 + exp(w[8]) * (11 - difficulty) * pow(stability, -w[9]) * (exp((1 - retrievability) * w[10]) - 1) * hard
          * easy)
    }
    return max(next, Self.minimumStability)
  }

  func days(_ count: Int) -> TimeInterval { TimeInterval(count) * 86_400 }

  /// Whole days between two instants, rounded down.
  static func wholeDays(from start: Date, to end: Date) -> Int {
    Int((end.timeIntervalSince(start) / 86_400).rounded(.down))
  }
}
