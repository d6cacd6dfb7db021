import OrchardKit

/// How deliberate the last 7 local days were: `IS = 100 × (E + I + α·p₀) / (A + α)` (research §C).
///
/// The prior `α·p₀` is worth 10 attempts at the PNAS average exit rate of 36 %, so with no
/// attempts the score is 36 and one or two attempts cannot swing it to 0 or 100.
public struct IntentionalityScore: Sendable, Hashable {
  /// The prior's weight, in attempts (α).
  public static let priorWeight = 10.0
  /// The prior exit rate (p₀).
  public static let priorRate = 0.36
  /// Today and the 6 days before it.
  public static let windowDays = 7

  /// Exits in the window (E).
  public let exits: Int
  /// Proceeds with an intention in the window (I).
  public let intentionalOpens: Int
  /// Attempts in the window (A).
  public let attempts: Int

  /// Creates the score from the window's counts.
  public init(exits: Int, intentionalOpens: Int, attempts: Int) {
    self.exits = exits
    self.intentionalOpens = intentionalOpens
    self.attempts = attempts
  }

  init(days: DailyCounts, today: LocalDay) {
    let start = today.adding(days: -(Self.windowDays - 1))
    self.init(
      exits: days.total(from: start, through: today) { $0.exits },
      intentionalOpens: days.total(from: start, through: today) { $0.intentionalOpens },
      attempts: days.total(from: start, through: today) { $0.attempts })
  }

  /// The score, 0...100. Clamped because a log could hold more exits than attempts (an attempt
  /// recorded before a zone change, say), and a score above 100 would mean nothing.
  public var score: Double {
    let prior = Self.priorWeight * (100 * Self.priorRate)
    let value = (100 * Double(exits + intentionalOpens) + prior) / (Double(attempts) + Self.priorWeight)
    return min(100, max(0, value))
  }

  /// The score rounded to a whole number, halves away from zero.
  public var rounded: Int { Int(score.rounded()) }
}
