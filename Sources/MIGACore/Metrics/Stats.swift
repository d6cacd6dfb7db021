import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The knobs of the stats that a person or a study may change.
public struct StatsSettings: Sendable, Hashable {
  /// Minutes one avoided session is worth (L); research §C argues for 2.
  public var minutesPerExit: Double
  /// The person's onboarding estimate of daily social media minutes; caps each day's reclaimed
  /// minutes. `nil` means no cap.
  public var dailyCapMinutes: Double?
  /// How many days the trend shows.
  public var trendDays: Int

  /// Creates settings; the defaults are the research's.
  public init(minutesPerExit: Double = 2, dailyCapMinutes: Double? = nil, trendDays: Int = 30) {
    self.minutesPerExit = minutesPerExit
    self.dailyCapMinutes = dailyCapMinutes
    self.trendDays = trendDays
  }
}

/// Everything the stats screen shows, computed from the local log alone (the server's copy is a
/// backup, never a source of numbers).
///
/// Pure and cheap: one pass over the events plus work per day and per exit. Each event's frozen
/// `localDay` is used as is; the only time zone conversion is the one that finds today. To
/// benchmark, time `Stats(log:now:boundary:)` on a large log — that call is the whole cost.
public struct Stats: Sendable, Hashable {
  /// Lifetime totals.
  public let lifetime: LifetimeCounts
  /// The time-won-back estimate.
  public let hoursReclaimed: HoursReclaimed
  /// The 7-day intentionality score.
  public let intentionality: IntentionalityScore
  /// The control streak as of today.
  public let streak: ControlStreak
  /// Daily attempts and exits, with the week-1 baseline.
  public let trend: DailyTrend

  /// Computes the stats as of `now`, whose local day `boundary` decides.
  public init(log: EventLog, now: Date, boundary: DayBoundary, settings: StatsSettings = StatsSettings()) {
    self.init(events: log.events, now: now, boundary: boundary, settings: settings)
  }

  /// Computes the stats from events in recording order.
  public init(
    events: some Sequence<MIGAEvent>, now: Date, boundary: DayBoundary, settings: StatsSettings = StatsSettings()
  ) {
    let scan = LogScan(events)
    let today = boundary.day(containing: now)
    lifetime = scan.lifetime
    hoursReclaimed = HoursReclaimed(
      exits: scan.exits, opensByApp: scan.opensByApp, minutesPerExit: settings.minutesPerExit,
      dailyCapMinutes: settings.dailyCapMinutes)
    intentionality = IntentionalityScore(days: scan.days, today: today)
    streak = ControlStreak(days: scan.days, today: today)
    trend = DailyTrend(days: scan.days, today: today, dayCount: settings.trendDays)
  }

  /// The hours-reclaimed method in words, with this build's numbers.
  public static var hoursReclaimedFormula: Message<MIGAText> {
    Message(
      .hoursReclaimedFormula,
      ["minutes": Int(StatsSettings().minutesPerExit), "window": Int(HoursReclaimed.deferralWindow / 60)])
  }

  /// The reader's own numbers behind a score, in words, with the sum that gives it.
  public static func intentionalityCounts(_ score: IntentionalityScore) -> Message<MIGAText> {
    Message(
      .intentionalityCounts,
      [
        "days": IntentionalityScore.windowDays, "exits": score.exits, "intentional": score.intentionalOpens,
        "attempts": score.attempts, "weight": Int(IntentionalityScore.priorWeight),
        "rate": IntentionalityScore.priorRate, "score": score.rounded,
      ])
  }

  /// Why some exits are missing from the hours reclaimed; nil when none is.
  public var deferredExitsNote: Message<MIGAText>? {
    guard hoursReclaimed.deferredExits > 0 else { return nil }
    return Message(
      .deferredExits,
      ["count": hoursReclaimed.deferredExits, "window": Int(HoursReclaimed.deferralWindow / 60)])
  }

  /// The intentionality method in words, with this build's numbers.
  public static var intentionalityFormula: Message<MIGAText> {
    Message(
      .intentionalityFormula,
      [
        "days": IntentionalityScore.windowDays, "weight": Int(IntentionalityScore.priorWeight),
        "rate": IntentionalityScore.priorRate, "empty": Int((IntentionalityScore.priorRate * 100).rounded()),
      ])
  }
}
