import Foundation
import Testing

@testable import DangdaiCore

/// One review of a scenario and the card after it, from FSRS's reference implementation
/// (`tests/fsrs/golden.py`: PyPI `fsrs` 6.3.2, fuzz off). Times are seconds after the first review.
struct Step: Sendable {
  let rating: ReviewRating
  let at: Int
  let state: ReviewCard.State
  let step: Int?
  let stability: Double
  let difficulty: Double
  let due: Int

  init(
    _ rating: ReviewRating, _ at: Int, _ state: ReviewCard.State, _ step: Int?, _ stability: Double,
    _ difficulty: Double, _ due: Int
  ) {
    (self.rating, self.at, self.state, self.step) = (rating, at, state, step)
    (self.stability, self.difficulty, self.due) = (stability, difficulty, due)
  }
}

let goldenSchedules: [(String, [Step])] = [
  (
    "good all the way",
    [
      Step(.good, 0, .learning, 1, 2.3065, 2.118103970459016, 600),
      Step(.good, 60, .review, nil, 2.3065, 2.111214235785395, 172860),
      Step(.good, 660, .review, nil, 2.3065, 2.1043313908464483, 173460),
      Step(.good, 259200, .review, nil, 10.977757474408312, 2.0974554287524403, 1209600),
      Step(.good, 1296000, .review, nil, 48.59848233418512, 2.0905863426205262, 5529600),
      Step(.good, 5184000, .review, nil, 164.15352942757008, 2.083724125574744, 19353600),
    ]
  ),
  (
    "a lapse and relearning",
    [
      Step(.good, 0, .learning, 1, 2.3065, 2.118103970459016, 600),
      Step(.good, 60, .review, nil, 2.3065, 2.111214235785395, 172860),
      Step(.good, 660, .review, nil, 2.3065, 2.1043313908464483, 173460),
      Step(.good, 259200, .review, nil, 10.977757474408312, 2.0974554287524403, 1209600),
      Step(.again, 1728000, .relearning, 0, 1.6246675119147225, 7.387715706030851, 1728600),
      Step(.good, 1728600, .review, nil, 1.6534206068934878, 7.375556359621658, 1901400),
      Step(.good, 2160000, .review, nil, 6.87572758806536, 7.363409172558875, 2764800),
    ]
  ),
  (
    "easy at once",
    [
      Step(.easy, 0, .review, nil, 8.2956, 1.0, 691200),
      Step(.easy, 777600, .review, nil, 70.63155368576176, 1.0, 6912000),
      Step(.hard, 3456000, .review, nil, 129.96589808206997, 4.010608969296839, 14688000),
    ]
  ),
  (
    "again and hard while learning",
    [
      Step(.again, 0, .learning, 0, 0.212, 6.4133, 60),
      Step(.hard, 60, .learning, 0, 0.212, 7.604209769076838, 390),
      Step(.again, 120, .learning, 0, 0.08335671711031604, 9.197748411765964, 180),
      Step(.good, 180, .learning, 1, 0.10314065007785231, 9.183779032651035, 780),
      Step(.good, 900, .review, nil, 0.12584423732556518, 9.16982362291522, 87300),
      Step(.hard, 172800, .review, nil, 0.44953526878072053, 9.43411860396879, 259200),
    ]
  ),
  (
    "reviewed early the same day",
    [
      Step(.good, 0, .learning, 1, 2.3065, 2.118103970459016, 600),
      Step(.easy, 60, .review, nil, 3.946054067969477, 1.0, 345660),
      Step(.good, 3600, .review, nil, 3.946054067969477, 1.0, 349200),
      Step(.again, 7200, .relearning, 0, 1.2800093588060393, 7.0269895692968385, 7800),
      Step(.good, 7800, .review, nil, 1.3232614904764382, 7.0151909490243805, 94200),
    ]
  ),
]

@Suite("FSRS-6 schedules reviews as the reference implementation does", .timeLimit(.minutes(5)))
struct FSRSTests {
  static let start = Date(timeIntervalSince1970: 1_788_249_600)

  @Test("every review of every scenario", arguments: goldenSchedules.map(\.0))
  func golden(_ name: String) throws {
    let steps = try #require(goldenSchedules.first { $0.0 == name }?.1)
    let fsrs = FSRS()
    var card = ReviewCard.new(at: Self.start)
    for (index, expected) in steps.enumerated() {
      card = fsrs.review(card, expected.rating, at: Self.start.addingTimeInterval(TimeInterval(expected.at)))
      #expect(card.state == expected.state, "review \(index)")
      #expect(card.step == expected.step, "review \(index)")
      #expect(abs((card.stability ?? 0) - expected.stability) < 1e-9, "review \(index)")
      #expect(abs((card.difficulty ?? 0) - expected.difficulty) < 1e-9, "review \(index)")
      #expect(card.due == Self.start.addingTimeInterval(TimeInterval(expected.due)), "review \(index)")
    }
  }

  @Test("recall is 90 % after one stability's worth of days, and intervals stay within bounds")
  func curve() {
    let fsrs = FSRS()
    var card = ReviewCard.new(at: Self.start)
    card.state = .review
    card.stability = 10
    card.difficulty = 5
    card.lastReview = Self.start
    #expect(abs(fsrs.retrievability(card, at: Self.start.addingTimeInterval(10 * 86_400)) - 0.9) < 1e-12)
    #expect(fsrs.retrievability(card, at: Self.start) == 1)
    #expect(fsrs.nextInterval(10) == 10)
    #expect(fsrs.nextInterval(0.001) == 1)
    #expect(fsrs.nextInterval(1e9) == 36_500)
  }
}
