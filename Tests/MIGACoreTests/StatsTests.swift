import Foundation
import MIGACore
import OrchardKit
import Testing

@Suite("Stats", .timeLimit(.minutes(5)))
struct StatsTests {
  /// Today is 2026-03-10 in UTC with midnight day starts, so frozen days read plainly.
  private let now = instant("2026-03-10T15:00:00Z")
  private let utc = boundary("UTC", startHour: 0)

  private func stats(_ builder: LogBuilder, settings: StatsSettings = StatsSettings()) -> Stats {
    Stats(log: builder.log, now: now, boundary: utc, settings: settings)
  }

  // MARK: Lifetime

  @Test("lifetime counts E, C, R, RR, A and P separately; A needs an app id")
  func lifetime() {
    var log = LogBuilder()
    log.add(3, .sessionStart, on: "2026-03-01")
    log.add(1, .sessionStart, on: "2026-03-01", app: nil)
    log.add(2, .gatewayCompleted, on: "2026-03-01")
    log.add(2, .exitSelected, on: "2026-03-02")
    log.add(1, .openSelected, on: "2026-03-02")
    log.add(2, .contentRead, on: "2026-03-02")
    log.add(1, .contentReread, on: "2026-03-02")
    log.add(1, .streakStarted, on: "2026-03-02", app: nil)
    let counts = stats(log).lifetime
    #expect(
      [counts.attempts, counts.completions, counts.exits, counts.proceeds, counts.reads, counts.rereads] as [Int]
        == [3, 2, 2, 1, 2, 1])
  }

  // MARK: Hours reclaimed

  @Test("hours reclaimed: exits count 2 minutes each unless the same app opened within 10 minutes after")
  func hoursReclaimed() {
    var log = LogBuilder()
    log.add(.exitSelected, at: "2026-03-10T10:00:00Z", day: "2026-03-10")  // k = 0: reopened at 10:05
    log.add(.openSelected, at: "2026-03-10T10:05:00Z", day: "2026-03-10")
    log.add(.exitSelected, at: "2026-03-10T11:00:00Z", day: "2026-03-10", app: "tiktok")  // k = 1: other app opened
    log.add(.openSelected, at: "2026-03-10T11:02:00Z", day: "2026-03-10")
    log.add(.openSelected, at: "2026-03-10T12:59:00Z", day: "2026-03-10")
    log.add(.exitSelected, at: "2026-03-10T13:00:00Z", day: "2026-03-10")  // k = 1: the open came before
    log.add(.exitSelected, at: "2026-03-10T14:00:00Z", day: "2026-03-10", app: nil)  // k = 1: no app
    let h = stats(log).hoursReclaimed
    // H = (0 + 1 + 1 + 1) × 2 / 60 = 6 / 60 = 0.1 h
    #expect((h.countedExits, h.deferredExits) == (3, 1))
    #expect(h.minutes == 6)
    #expect(abs(h.hours - 0.1) < 1e-12)
  }

  @Test("an Exit put off by a Proceed within 10 minutes is named, with the reason; none, no note")
  func deferredNote() throws {
    var log = LogBuilder()
    log.add(.exitSelected, at: "2026-03-10T10:00:00Z", day: "2026-03-10")
    #expect(stats(log).deferredExitsNote == nil)
    log.add(.openSelected, at: "2026-03-10T10:05:00Z", day: "2026-03-10")
    let note = try #require(stats(log).deferredExitsNote)
    #expect(
      MIGATexts.all.localizer(.english)(note)
        == "1 Exit is not counted: you opened the same app within 10 minutes, so that session was put off, not avoided."
    )
  }

  @Test(
    "the 10-minute rule: a reopen at 9:59 or 10:00 cancels the exit, one at 10:01 does not",
    arguments: [("10:09:59", 0.0), ("10:10:00", 0.0), ("10:10:01", 2.0)])
  func tenMinuteBoundary(_ reopen: String, _ minutes: Double) {
    var log = LogBuilder()
    log.add(.exitSelected, at: "2026-03-10T10:00:00Z", day: "2026-03-10")
    log.add(.openSelected, at: "2026-03-10T\(reopen)Z", day: "2026-03-10")
    #expect(stats(log).hoursReclaimed.minutes == minutes)
  }

  @Test("proceeds logged out of time order still cancel the exit they follow")
  func opensOutOfOrder() {
    var log = LogBuilder()
    log.add(.exitSelected, at: "2026-03-10T10:00:00Z", day: "2026-03-10")
    log.add(.openSelected, at: "2026-03-10T10:30:00Z", day: "2026-03-10")
    log.add(.openSelected, at: "2026-03-10T10:05:00Z", day: "2026-03-10")
    #expect(stats(log).hoursReclaimed.deferredExits == 1)
  }

  @Test("the daily cap applies per local day")
  func dailyCap() {
    var log = LogBuilder()
    log.add(4, .exitSelected, on: "2026-03-08")
    log.add(1, .exitSelected, on: "2026-03-09")
    // Uncapped: 5 × 2 = 10 min. Capped at 3 min/day: min(8, 3) + min(2, 3) = 5 min.
    #expect(stats(log).hoursReclaimed.minutes == 10)
    #expect(stats(log, settings: StatsSettings(dailyCapMinutes: 3)).hoursReclaimed.minutes == 5)
  }

  @Test("L is a parameter and hours are minutes ÷ 60")
  func customMinutesPerExit() {
    var log = LogBuilder()
    log.add(3, .exitSelected, on: "2026-03-09")
    let h = stats(log, settings: StatsSettings(minutesPerExit: 5)).hoursReclaimed
    // 3 × 5 = 15 min = 0.25 h
    #expect((h.minutes, h.hours) == (15, 0.25))
  }

  // MARK: Intentionality

  @Test("with no events the intentionality score is the prior, 36")
  func intentionalityPrior() {
    let score = stats(LogBuilder()).intentionality
    // 100 × (0 + 0 + 10 × 0.36) / (0 + 10) = 36
    #expect(score.score == 36)
    #expect(score.rounded == 36)
  }

  @Test("intentionality, worked: A = 20, E = 6, I = 2 gives 38.67, shown as 39")
  func intentionalityWorked() {
    var log = LogBuilder()
    log.add(20, .sessionStart, on: "2026-03-09")
    log.add(3, .sessionStart, on: "2026-03-09", app: nil)  // no app: not an attempt
    log.add(6, .exitSelected, on: "2026-03-09")
    log.add(.openSelected, at: "2026-03-10T09:00:00Z", day: "2026-03-10", intention: .reply)
    log.add(.openSelected, at: "2026-03-10T09:30:00Z", day: "2026-03-10", intention: .browse)
    log.add(.openSelected, at: "2026-03-10T10:00:00Z", day: "2026-03-10")  // no intention: not I
    let score = stats(log).intentionality
    // 100 × (6 + 2 + 10 × 0.36) / (20 + 10) = 100 × 11.6 / 30 = 38.666…
    #expect((score.attempts, score.exits, score.intentionalOpens) == (20, 6, 2))
    #expect(abs(score.score - 38.666_666_666_666_664) < 1e-9)
    #expect(score.rounded == 39)
  }

  @Test("the 7-day window is today and the 6 days before it, by frozen local day")
  func intentionalityWindow() {
    var log = LogBuilder()
    for dayISO in ["2026-03-03", "2026-03-04", "2026-03-10", "2026-03-11"] {
      log.add(1, .sessionStart, on: dayISO)
      log.add(1, .exitSelected, on: dayISO)
    }
    let score = stats(log).intentionality
    // 03-03 is 7 days back and 03-11 is tomorrow: both outside. A = 2, E = 2.
    // 100 × (2 + 3.6) / (2 + 10) = 46.666…
    #expect((score.attempts, score.exits) == (2, 2))
    #expect(score.rounded == 47)
  }

  @Test("the score stays within 0...100 when exits outnumber attempts")
  func intentionalityClamped() {
    var log = LogBuilder()
    log.add(30, .exitSelected, on: "2026-03-10")
    // Unclamped: 100 × (30 + 3.6) / 10 = 336
    #expect(stats(log).intentionality.score == 100)
  }

  // MARK: Trend

  @Test("the trend shows the last 30 days oldest first, zero-filled, with attempts and exits")
  func trendDays() {
    var log = LogBuilder()
    log.add(4, .sessionStart, on: "2026-02-09")
    log.add(1, .exitSelected, on: "2026-02-09")
    log.add(2, .sessionStart, on: "2026-03-10")
    log.add(9, .sessionStart, on: "2026-02-08")  // 31 days back: outside
    let days = stats(log).trend.days
    #expect(days.count == 30)
    #expect(days.first == DailyTrend.Day(day: day("2026-02-09"), attempts: 4, exits: 1))
    #expect(days.last == DailyTrend.Day(day: day("2026-03-10"), attempts: 2, exits: 0))
    #expect(days.dropFirst().dropLast().allSatisfy { $0.attempts == 0 && $0.exits == 0 })
    #expect(zip(days, days.dropFirst()).allSatisfy { $1.day.days(from: $0.day) == 1 })
  }

  @Test("week-1 baseline against the last 7 complete days: 10/day then 5/day is −50 %")
  func trendBaseline() {
    var log = LogBuilder()
    for offset in 0..<7 {
      log.add(10, .sessionStart, on: day("2026-02-01").adding(days: offset).description)
      log.add(5, .sessionStart, on: day("2026-03-03").adding(days: offset).description)
    }
    log.add(40, .sessionStart, on: "2026-03-10")  // today, unfinished: not in the recent mean
    let trend = stats(log).trend
    // baseline = 70 / 7 = 10; recent = 35 / 7 = 5; change = 5 / 10 − 1 = −0.5
    #expect(trend.baselineAttemptsPerDay == 10)
    #expect(trend.recentAttemptsPerDay == 5)
    #expect(trend.changeFromBaseline == -0.5)
  }

  @Test("there is no baseline until the first 7 days are over")
  func trendBaselinePending() {
    var young = LogBuilder()
    young.add(1, .sessionStart, on: "2026-03-04")  // day 7 is today, 03-10
    #expect(stats(young).trend.baselineAttemptsPerDay == nil)
    #expect(stats(young).trend.changeFromBaseline == nil)
    var week = LogBuilder()
    week.add(7, .sessionStart, on: "2026-03-03")  // 03-03...03-09 is over
    #expect(stats(week).trend.baselineAttemptsPerDay == 1)
  }

  @Test("the formulas shown in the app agree with the constants used")
  func formulas() {
    let english = MIGATexts.all.localizer(.english)
    let hours = english(Stats.hoursReclaimedFormula)
    #expect(hours.contains("about 2 minutes"))
    #expect(hours.contains("within 10 minutes afterwards"))
    let intentionality = english(Stats.intentionalityFormula)
    #expect(intentionality.contains("over the last 7 days"))
    #expect(intentionality.contains("from 10 imagined reaches"))
    #expect(intentionality.contains("0.36 of them ending in an Exit"))
    #expect(intentionality.contains("With no reaches yet, it is 36."))
    // Plain words: none of the model's symbols reach the reader.
    for symbol in ["α", "p₀", "Σ", " k ", "L ×"] {
      #expect(!hours.contains(symbol) && !intentionality.contains(symbol), "\(symbol)")
    }
  }

  @Test("the reader's own numbers add up to the score shown")
  func countsInWords() {
    let english = MIGATexts.all.localizer(.english)
    var log = LogBuilder()
    log.add(3, .sessionStart, on: "2026-03-09")
    log.add(1, .exitSelected, on: "2026-03-09")
    let score = stats(log).intentionality
    let line = english(Stats.intentionalityCounts(score))
    #expect(line.hasPrefix("Your last 7 days: 1 Exit, 0 opens with an intention, out of 3 reaches for an app."))
    #expect(line.hasSuffix("= \(score.rounded)."))
  }

  @Test(
    "durations read as people say them, never \"1 h 0 min\"",
    arguments: [(0, "0 min"), (45, "45 min"), (60, "1 h"), (61, "1 h 1 min"), (141, "2 h 21 min"), (180, "3 h")])
  func durations(minutes: Int, expected: String) {
    #expect(MIGATexts.all.localizer(.english)(durationMessage(minutes: minutes)) == expected)
  }

  // MARK: Scale

  /// 100,000 events over 500 days, 200 a day, 432 s apart, in cycles of 10:
  /// 0 start(instagram) 1 completed 2 exit(instagram) 3 read 4 start(tiktok)
  /// 5 open(tiktok, intention) 6 start(instagram) 7 open(instagram, 36 min after the exit: k = 1)
  /// 8 exit(tiktok) 9 open(tiktok, 432 s after the exit: k = 0)
  static func largeLog() -> (log: EventLog, lastDay: LocalDay) {
    let first = day("2025-01-01")
    let start = instant("2025-01-01T00:00:00Z")
    var generator = SeededRandomNumberGenerator(seed: 100_000)
    let cycle: [(EventKind, String?, Intention?)] = [
      (.sessionStart, "instagram", nil), (.gatewayCompleted, "instagram", nil), (.exitSelected, "instagram", nil),
      (.contentRead, nil, nil), (.sessionStart, "tiktok", nil), (.openSelected, "tiktok", .reply),
      (.sessionStart, "instagram", nil), (.openSelected, "instagram", nil), (.exitSelected, "tiktok", nil),
      (.openSelected, "tiktok", nil),
    ]
    var log = EventLog()
    for index in 0..<100_000 {
      let (kind, app, intention) = cycle[index % 10]
      log.append(
        MIGAEvent(
          id: IdempotencyID(using: &generator), kind: kind, occurredAt: start.addingTimeInterval(Double(index) * 432),
          timeZone: "UTC", localDay: first.adding(days: index / 200),
          metadata: EventMetadata(appID: app, intention: intention)))
    }
    return (log, first.adding(days: 499))
  }

  @Test("100,000 events give exactly the hand-counted stats")
  func largeLogCounts() {
    let (log, lastDay) = Self.largeLog()
    let now = instant("\(lastDay)T23:59:59Z")
    let stats = Stats(log: log, now: now, boundary: utc)
    // Per cycle (10,000 cycles): A 3, C 1, E 2, R 1, P 3, I 1.
    let counts = stats.lifetime
    #expect(
      [counts.attempts, counts.completions, counts.exits, counts.reads, counts.rereads, counts.proceeds] as [Int]
        == [30_000, 10_000, 20_000, 10_000, 0, 30_000])
    // One exit per cycle counts: 10,000 × 2 min = 20,000 min.
    #expect((stats.hoursReclaimed.countedExits, stats.hoursReclaimed.deferredExits) == (10_000, 10_000))
    #expect(stats.hoursReclaimed.minutes == 20_000)
    // 20 cycles a day; 7 days: A = 420, E = 280, I = 140 → 100 × (420 + 3.6) / 430 = 98.51
    #expect(stats.intentionality.rounded == 99)
    // Every day has exits: all 500 days kept, freezes at the cap.
    #expect((stats.streak.current, stats.streak.longest, stats.streak.freezesHeld) == (500, 500, 2))
    #expect(stats.trend.days.allSatisfy { $0.attempts == 60 && $0.exits == 40 })
    #expect(stats.trend.changeFromBaseline == 0)
  }
}

@Suite("MIGA's sentences", .timeLimit(.minutes(5)))
struct MIGATextTests {
  @Test("every language MIGA declares has every sentence")
  func complete() {
    for catalog in MIGATexts.all.catalogs {
      #expect(catalog.missing.isEmpty, "\(catalog.language) lacks \(catalog.missing.map(\.rawValue))")
    }
  }
}

@Suite("The trend's words", .timeLimit(.minutes(5)))
struct TrendTextTests {
  private let english = MIGATexts.all.localizer(.english)

  @Test("the trend covers trendDays days and compares with the first baselineDays")
  func windows() throws {
    let now = instant("2026-03-10T15:00:00Z")
    var log = LogBuilder()
    let first = day("2026-02-01")
    for offset in 0..<DailyTrend.baselineDays {
      log.add(10, .sessionStart, on: first.adding(days: offset).description)
      log.add(5, .sessionStart, on: day("2026-03-10").adding(days: -1 - offset).description)
    }
    let trend = Stats(log: log.log, now: now, boundary: boundary("UTC", startHour: 0), settings: .init(trendDays: 14))
      .trend
    #expect(trend.days.count == 14)
    #expect(english(trend.title) == "Last 14 days")
    #expect(english(trend.chartLabel).contains("over the last 14 days"))
    #expect(trend.changePercent == -50)
    let change = english(try #require(trend.changeMessage))
    #expect(change == "Reaching for your apps is down 50 % from your first week.")
    #expect(
      english(Message(.trendUp, ["percent": 5, "baselineDays": 10])).hasSuffix("up 5 % from your first 10 days."))
    let standard = Stats(log: log.log, now: now, boundary: boundary("UTC", startHour: 0)).trend
    #expect(english(standard.title) == "Last \(StatsSettings().trendDays) days")
  }
}
