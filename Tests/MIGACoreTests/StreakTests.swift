import Foundation
import MIGACore
import OrchardKit
import Testing

/// An instant from a wall-clock time in a zone, "2026-03-08 03:30".
private func wallClock(_ text: String, in zone: String) -> Date {
  let numbers = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = try! TimeZone(ianaIdentifier: zone)
  let parts = DateComponents(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4])
  return calendar.date(from: parts)!
}

/// Records events through the real recorder at chosen instants, as the app would.
private struct Diary {
  let clock = ManualClock(Date(timeIntervalSince1970: 0))
  var recorder: EventRecorder
  var generator = SeededRandomNumberGenerator(seed: 11)
  var log = EventLog()

  init(_ zone: String, startHour: Int = 4) {
    recorder = EventRecorder(clock: clock, boundary: boundary(zone, startHour: startHour))
  }

  /// Records `kind` for instagram at a wall-clock time in the recorder's zone.
  @discardableResult
  mutating func record(_ kind: EventKind, _ localTime: String) -> [MIGAEvent] {
    clock.set(wallClock(localTime, in: recorder.boundary.timeZone.identifier))
    return recorder.record(kind, metadata: EventMetadata(appID: "instagram"), in: &log, using: &generator)
  }

  /// An attempt and an exit a minute later.
  mutating func exit(_ localTime: String) {
    record(.sessionStart, localTime)
    clock.advance(by: 60)
    recorder.record(.exitSelected, metadata: EventMetadata(appID: "instagram"), in: &log, using: &generator)
  }

  func streak(at localTime: String) -> ControlStreak {
    let now = wallClock(localTime, in: recorder.boundary.timeZone.identifier)
    return Stats(log: log, now: now, boundary: recorder.boundary).streak
  }

  func kinds(_ kind: EventKind) -> [MIGAEvent] {
    log.events.filter { $0.kind == kind }
  }
}

@Suite("Control streak", .timeLimit(.minutes(5)))
struct StreakTests {
  /// Builds days from a pattern: "E" an attempt and an exit, "A" an attempt only, "." nothing.
  private func log(from first: String, _ pattern: String) -> LogBuilder {
    var builder = LogBuilder()
    for (offset, mark) in pattern.enumerated() {
      let dayISO = day(first).adding(days: offset).description
      if mark != "." { builder.add(1, .sessionStart, on: dayISO) }
      if mark == "E" { builder.add(1, .exitSelected, on: dayISO) }
    }
    return builder
  }

  private func streak(_ builder: LogBuilder, today: String) -> ControlStreak {
    Stats(log: builder.log, now: instant("\(today)T15:00:00Z"), boundary: boundary("UTC", startHour: 0)).streak
  }

  // MARK: The kept rule

  @Test("a day with attempts and no exit breaks the streak")
  func attemptWithoutExitBreaks() {
    let s = streak(log(from: "2026-03-01", "EEAEEEEEE"), today: "2026-03-10")
    // Kept 03-01, 03-02; lost 03-03; kept 03-04...03-09 = 6. Today (03-10) has nothing yet.
    #expect((s.current, s.longest, s.currentStart) == (6, 6, day("2026-03-04")))
  }

  @Test("a day without attempts is kept")
  func quietDaysKept() {
    let s = streak(log(from: "2026-03-01", "E........"), today: "2026-03-10")
    #expect(s.current == 9)
  }

  @Test("days before the first event do not count")
  func startsAtFirstEvent() {
    #expect(streak(log(from: "2026-03-08", "EE"), today: "2026-03-10").current == 2)
  }

  @Test("the first day is the earliest frozen day, not the first one recorded")
  func firstDayIsEarliest() {
    var builder = LogBuilder()
    builder.add(1, .exitSelected, on: "2026-03-05")  // recorded in Tokyo
    builder.add(1, .exitSelected, on: "2026-03-04")  // then New York, a date behind
    #expect(streak(builder, today: "2026-03-06").current == 2)
  }

  @Test("today's attempt without an exit yet shows the streak through yesterday, not 0")
  func todayInProgress() {
    #expect(streak(log(from: "2026-03-07", "EEEA"), today: "2026-03-10").current == 3)
    #expect(streak(log(from: "2026-03-07", "EEEE"), today: "2026-03-10").current == 4)
  }

  @Test("a quiet today counts only once it is over")
  func quietTodayPending() {
    #expect(streak(log(from: "2026-03-07", "EEE"), today: "2026-03-10").current == 3)
    #expect(streak(log(from: "2026-03-07", "EEE"), today: "2026-03-11").current == 4)
  }

  @Test("with the 04:00 day start, an exit at 03:30 keeps the previous day")
  func earlyExitKeepsYesterday() {
    var diary = Diary("America/New_York")
    diary.exit("2026-03-08 12:00")
    diary.record(.sessionStart, "2026-03-09 20:00")
    diary.record(.exitSelected, "2026-03-10 03:30")
    #expect(diary.log.events.last { $0.kind == .exitSelected }?.localDay == day("2026-03-09"))
    #expect(diary.streak(at: "2026-03-10 12:00").current == 2)

    var midnight = Diary("America/New_York", startHour: 0)
    midnight.exit("2026-03-08 12:00")
    midnight.record(.sessionStart, "2026-03-09 20:00")
    midnight.record(.exitSelected, "2026-03-10 03:30")
    // With midnight days, 03-09 had an attempt and no exit; the 03:30 exit keeps 03-10 instead.
    #expect(midnight.streak(at: "2026-03-10 12:00").current == 1)
  }

  // MARK: DST and travel

  @Test(
    "a nightly exit at 03:30 keeps every day across a New York DST change",
    arguments: [("2026-03-05", "2026-03-13"), ("2026-10-29", "2026-11-06")])
  func dst(_ first: String, _ today: String) {
    var diary = Diary("America/New_York")
    let days = (0..<8).map { day(first).adding(days: $0) }
    for kept in days {
      diary.record(.sessionStart, "\(kept) 22:00")
      // 03:30 the next morning: on 8 March that is EDT just after the jump, on 1 November EST after
      // the repeated hour; with a 04:00 start it still belongs to `kept`.
      diary.record(.exitSelected, "\(kept.adding(days: 1)) 03:30")
    }
    #expect(diary.kinds(.exitSelected).map(\.localDay) == days)
    let s = diary.streak(at: "\(today) 12:00")
    #expect((s.current, s.currentStart) == (8, day(first)))
  }

  @Test("both 01:30s of the fall-back night belong to 31 October")
  func fallBackNight() {
    var diary = Diary("America/New_York")
    diary.exit("2026-10-30 12:00")
    diary.clock.set(instant("2026-11-01T05:30:00Z"))  // 01:30 EDT
    diary.recorder.record(.sessionStart, metadata: EventMetadata(appID: "x"), in: &diary.log, using: &diary.generator)
    diary.clock.set(instant("2026-11-01T06:30:00Z"))  // 01:30 EST, an hour later
    diary.recorder.record(.exitSelected, metadata: EventMetadata(appID: "x"), in: &diary.log, using: &diary.generator)
    #expect(diary.log.events.suffix(2).map(\.localDay) == [day("2026-10-31"), day("2026-10-31")])
    #expect(diary.streak(at: "2026-11-01 12:00").current == 2)
  }

  @Test("flying Tokyo to New York repeats a date without counting it twice or leaving a gap")
  func travelWest() {
    var diary = Diary("Asia/Tokyo")
    for offset in 0..<6 {
      diary.exit("\(day("2026-03-01").adding(days: offset)) 12:00")  // 03-01...03-06 in Tokyo
    }
    diary.recorder.boundary = boundary("America/New_York")
    diary.exit("2026-03-06 17:00")  // landed: still 6 March in New York
    diary.exit("2026-03-07 09:00")
    diary.exit("2026-03-08 09:00")
    #expect(Set(diary.kinds(.exitSelected).map(\.timeZone)) == ["Asia/Tokyo", "America/New_York"])
    #expect(diary.streak(at: "2026-03-08 20:00").current == 8)
  }

  @Test("flying New York to Tokyo skips a date, which counts as a quiet (kept) day")
  func travelEast() {
    var diary = Diary("America/New_York")
    diary.exit("2026-03-01 12:00")
    diary.recorder.boundary = boundary("Asia/Tokyo")
    diary.exit("2026-03-03 14:00")  // 2 March passed in the air
    #expect(diary.kinds(.exitSelected).map(\.localDay) == [day("2026-03-01"), day("2026-03-03")])
    #expect(diary.streak(at: "2026-03-03 20:00").current == 3)
  }

  // MARK: Freezes

  @Test("a freeze is earned at 7 kept days and at most 2 are banked", arguments: [(6, 0), (7, 1), (14, 2), (21, 2)])
  func freezesEarned(_ keptDays: Int, _ freezes: Int) {
    // Evaluated the day after the run, which is still in progress.
    let s = streak(
      log(from: "2026-02-01", String(repeating: "E", count: keptDays)),
      today: day("2026-02-01").adding(days: keptDays).description)
    #expect((s.current, s.freezesHeld) == (keptDays, freezes))
  }

  @Test("a lost day after 7 kept days is bridged by the freeze they earned")
  func freezeBridgesBreak() {
    let s = streak(log(from: "2026-03-01", "EEEEEEEAE"), today: "2026-03-10")
    // 7 kept earn 1 freeze; 03-08 lost uses it; 03-09 kept: 8 kept days, the lost one not counted.
    #expect((s.current, s.longest, s.freezesHeld, s.currentStart) == (8, 8, 0, day("2026-03-01")))
  }

  @Test("without a freeze the same lost day breaks the streak")
  func noFreezeNoBridge() {
    let s = streak(log(from: "2026-03-02", "EEEEEEAE"), today: "2026-03-10")
    #expect((s.current, s.longest, s.freezesHeld) == (1, 6, 0))
  }

  // MARK: Streak events

  @Test("streak_broken is emitted once, at the first activity after the lost day")
  func brokenOnce() {
    var diary = Diary("America/New_York")
    diary.exit("2026-03-01 12:00")  // starts a run
    diary.record(.sessionStart, "2026-03-02 12:00")  // no exit: 03-02 is lost, but only once it ends
    #expect(diary.kinds(.streakBroken).isEmpty)
    let first = diary.record(.sessionStart, "2026-03-03 09:00")
    diary.record(.sessionStart, "2026-03-03 10:00")
    diary.record(.sessionStart, "2026-03-04 10:00")
    diary.record(.gatewayCompleted, "2026-03-05 10:00")
    #expect(first.map(\.kind) == [.sessionStart, .streakBroken])
    #expect(diary.kinds(.streakBroken).map(\.localDay) == [day("2026-03-03")])
    #expect(diary.kinds(.streakStarted).map(\.localDay) == [day("2026-03-01")])
  }

  @Test("streak_started is emitted with the first exit of a new run, not with a bare attempt")
  func startedOnFirstKeptDay() {
    var diary = Diary("America/New_York")
    #expect(diary.record(.sessionStart, "2026-03-01 12:00").map(\.kind) == [.sessionStart])
    #expect(diary.record(.exitSelected, "2026-03-01 12:01").map(\.kind) == [.exitSelected, .streakStarted])
    diary.exit("2026-03-02 12:00")
    #expect(diary.kinds(.streakStarted).count == 1)
  }

  @Test("a run lost and a new one begun since the last activity give broken, then started")
  func brokenThenStarted() {
    var diary = Diary("America/New_York")
    diary.exit("2026-03-01 12:00")
    diary.record(.sessionStart, "2026-03-02 12:00")
    let events = diary.record(.exitSelected, "2026-03-04 12:00")
    // 03-03 was quiet (kept), but 03-02 was lost, so the run now alive began on 03-03.
    #expect(events.map(\.kind) == [.exitSelected, .streakBroken, .streakStarted])
  }

  @Test("a day bridged by a freeze emits no streak_broken")
  func bridgedNoBroken() {
    var diary = Diary("America/New_York")
    for offset in 0..<7 {
      diary.exit("\(day("2026-03-01").adding(days: offset)) 12:00")
    }
    diary.record(.sessionStart, "2026-03-08 12:00")
    diary.exit("2026-03-09 12:00")
    diary.record(.sessionStart, "2026-03-10 12:00")
    #expect(diary.kinds(.streakBroken).isEmpty)
    #expect(diary.kinds(.streakStarted).count == 1)
  }

  @Test("asking for due streak events again after appending them adds nothing")
  func idempotent() {
    var diary = Diary("America/New_York")
    diary.exit("2026-03-01 12:00")
    diary.record(.sessionStart, "2026-03-02 12:00")
    diary.record(.sessionStart, "2026-03-03 12:00")
    let now = wallClock("2026-03-03 12:05", in: "America/New_York")
    #expect(StreakEvents.due(in: diary.log, at: now, boundary: diary.recorder.boundary).isEmpty)
  }

  @Test("due streak events carry the key kind:local_day")
  func dueKey() {
    var builder = LogBuilder()
    builder.add(1, .sessionStart, on: "2026-03-10")
    builder.add(1, .exitSelected, on: "2026-03-10")
    let due = StreakEvents.due(
      in: builder.log, at: instant("2026-03-10T15:00:00Z"), boundary: boundary("UTC", startHour: 0))
    #expect(due.map(\.key) == ["streak_started:2026-03-10"])
  }

  @Test("an event with the same key already logged is not due again")
  func keyDedupe() {
    var builder = LogBuilder()
    builder.add(1, .sessionStart, on: "2026-03-09")
    builder.add(1, .exitSelected, on: "2026-03-09")
    builder.add(1, .streakBroken, on: "2026-03-10", app: nil)
    // The last announcement is a break, so a start is due: unless one is already logged today.
    let now = instant("2026-03-10T15:00:00Z")
    let utc = boundary("UTC", startHour: 0)
    #expect(StreakEvents.due(in: builder.log, at: now, boundary: utc).map(\.kind) == [.streakStarted])
    builder.add(1, .streakStarted, on: "2026-03-10", app: nil)
    builder.add(1, .streakBroken, on: "2026-03-10", app: nil)
    #expect(StreakEvents.due(in: builder.log, at: now, boundary: utc).isEmpty)
  }
}
