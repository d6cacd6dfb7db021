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

  /// Days in the baseline (the first days of the log) and in the recent window it is compared with.
  public static let baselineDays = 7

  /// The last N local days through today, oldest first, days without events as zeros.
  public let days: [Day]
  /// Mean attempts per day over the first ``baselineDays`` days of the log; `nil` until those days
  /// are over.
  public let baselineAttemptsPerDay: Double?
  /// Mean attempts per day over the last ``baselineDays`` complete days (yesterday and the days
  /// before), so the unfinished today cannot look like progress; `nil` while there is no baseline.
  public let recentAttemptsPerDay: Double?

  /// `recent / baseline − 1`: −0.37 means 37 % fewer attempts than in week 1. `nil` without a
  /// baseline or when the baseline is 0.
  public var changeFromBaseline: Double? {
    guard let baseline = baselineAttemptsPerDay, let recent = recentAttemptsPerDay, baseline > 0 else { return nil }
    return recent / baseline - 1
  }

  /// The change from the baseline in whole percent, signed: −37 means 37 % fewer attempts.
  public var changePercent: Int? { changeFromBaseline.map { Int(($0 * 100).rounded()) } }

  /// The chart's heading: "Last 30 days".
  public var title: Message<MIGAText> { Message(.trendTitle, ["days": days.count]) }

  /// What the chart shows, for a screen reader.
  public var chartLabel: Message<MIGAText> { Message(.trendChartLabel, ["days": days.count]) }

  /// "Reaching for your apps is down 37 % from your first week"; nil without a baseline.
  public var changeMessage: Message<MIGAText>? {
    guard let percent = changePercent else { return nil }
    return Message(
      percent <= 0 ? .trendDown : .trendUp, ["percent": abs(percent), "baselineDays": Self.baselineDays])
  }

  init(days counts: DailyCounts, today: LocalDay, dayCount: Int) {
    days = (0..<max(0, dayCount)).reversed().map { back in
      let day = today.adding(days: -back)
      let counts = counts[day]
      return Day(day: day, attempts: counts.attempts, exits: counts.exits)
    }
    let span = Self.baselineDays
    guard let first = counts.firstDay, first.adding(days: span - 1) < today else {
      baselineAttemptsPerDay = nil
      recentAttemptsPerDay = nil
      return
    }
    baselineAttemptsPerDay =
      Double(counts.total(from: first, through: first.adding(days: span - 1)) { $0.attempts }) / Double(span)
    recentAttemptsPerDay =
      Double(counts.total(from: today.adding(days: -span), through: today.adding(days: -1)) { $0.attempts })
      / Double(span)
  }
}
