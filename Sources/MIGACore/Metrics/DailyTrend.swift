import OrchardKit

/// Attempts against exits per day, and attempts against the week-1 baseline (research §C: the PNAS
/// average fell 37 % by week 6).
public struct DailyTrend: Sendable, Hashable {
  /// One day's bars.
  public struct Day: Sendable, Hashable {
    /// The local day.
    public let day: LocalDay
    /// Attempts (A) that day.
    public let attempts: Int
    /// Exits (E) that day.
    public let exits: Int

    /// Creates one day's bars.
    public init(day: LocalDay, attempts: Int, exits: Int) {
      self.day = day
      self.attempts = attempts
      self.exits = exits
    }
  }

  /// The last N local days through today, oldest first, days without events as zeros.
  public let days: [Day]
  /// Mean attempts per day over the first 7 days of the log; `nil` until those 7 days are over.
  public let baselineAttemptsPerDay: Double?
  /// Mean attempts per day over the last 7 complete days (yesterday and the 6 before), so the
  /// unfinished today cannot look like progress; `nil` while there is no baseline.
  public let recentAttemptsPerDay: Double?

  /// `recent / baseline − 1`: −0.37 means 37 % fewer attempts than in week 1. `nil` without a
  /// baseline or when the baseline is 0.
  public var changeFromBaseline: Double? {
    guard let baseline = baselineAttemptsPerDay, let recent = recentAttemptsPerDay, baseline > 0 else { return nil }
    return recent / baseline - 1
  }

  init(days counts: DailyCounts, today: LocalDay, dayCount: Int) {
    days = (0..<max(0, dayCount)).reversed().map { back in
      let day = today.adding(days: -back)
      let counts = counts[day]
      return Day(day: day, attempts: counts.attempts, exits: counts.exits)
    }
    guard let first = counts.firstDay, first.adding(days: 6) < today else {
      baselineAttemptsPerDay = nil
      recentAttemptsPerDay = nil
      return
    }
    baselineAttemptsPerDay = Double(counts.total(from: first, through: first.adding(days: 6)) { $0.attempts }) / 7
    recentAttemptsPerDay =
      Double(counts.total(from: today.adding(days: -7), through: today.adding(days: -1)) { $0.attempts }) / 7
  }
}
