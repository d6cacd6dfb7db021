import Foundation
import OrchardKit
import Testing

@testable import DangdaiCore

@Suite("The streak counts days with a finished quiz, in the learner's time zone", .timeLimit(.minutes(5)))
struct LearningStreakTests {
  /// An instant given as local wall-clock time in `zone`.
  func at(_ text: String, _ zone: TimeZone) throws -> Date {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return try #require(formatter.date(from: text))
  }

  @Test("yesterday extends, a second quiz the same day changes nothing, a missed day starts again at 1")
  func rules() throws {
    let taipei = try TimeZone(ianaIdentifier: "Asia/Taipei")
    var quizzes = [try at("2026-11-20 08:00", taipei), try at("2026-11-21 22:30", taipei)]
    #expect(LearningStreak.streak(quizzes, at: try at("2026-11-21 23:00", taipei), in: taipei).current == 2)
    // Today not kept yet: yesterday's run is still alive.
    #expect(LearningStreak.streak(quizzes, at: try at("2026-11-22 09:00", taipei), in: taipei).current == 2)
    quizzes.append(try at("2026-11-22 09:05", taipei))
    quizzes.append(try at("2026-11-22 21:00", taipei))
    #expect(LearningStreak.streak(quizzes, at: try at("2026-11-22 21:01", taipei), in: taipei).current == 3)
    // The 23rd passes without a quiz: on the 24th the streak is gone, and a quiz starts it at 1.
    #expect(LearningStreak.streak(quizzes, at: try at("2026-11-24 08:00", taipei), in: taipei).current == 0)
    quizzes.append(try at("2026-11-24 08:10", taipei))
    let after = LearningStreak.streak(quizzes, at: try at("2026-11-24 08:11", taipei), in: taipei)
    #expect(after.current == 1)
    #expect(after.longest == 3)
  }

  @Test("days follow the learner's clock across a daylight-saving change")
  func daylightSaving() throws {
    let newYork = try TimeZone(ianaIdentifier: "America/New_York")
    // 2026-03-08: clocks jump from 02:00 to 03:00, so that day has 23 hours.
    let quizzes = [
      try at("2026-03-07 23:30", newYork), try at("2026-03-08 23:30", newYork), try at("2026-03-09 00:15", newYork),
    ]
    let streak = LearningStreak.streak(quizzes, at: try at("2026-03-09 00:20", newYork), in: newYork)
    #expect(streak.current == 3)
    // 23:30 on the 8th and 00:15 on the 9th are 45 minutes apart and on two of the learner's days;
    // in UTC they are one day (03:30 and 04:15 on the 9th), which would lose a day of the streak.
    let utc = try TimeZone(ianaIdentifier: "UTC")
    #expect(LearningStreak.days(quizzes, in: newYork).count == 3)
    #expect(LearningStreak.days(quizzes, in: utc).count == 2)
  }

  @Test("the calendar counts quizzes a day in the learner's zone; the dashboard shows the seven days ending today")
  func calendar() throws {
    let taipei = try TimeZone(ianaIdentifier: "Asia/Taipei")
    let quizzes = [
      try at("2026-11-14 23:59", taipei), try at("2026-11-15 00:01", taipei), try at("2026-11-15 20:00", taipei),
      try at("2026-11-21 07:00", taipei),
    ]
    let counts = ActivityCalendar.counts(quizzes, in: taipei)
    let today = try #require(LocalDay("2026-11-21"))
    let week = ActivityCalendar.recent(counts, today: today)
    #expect(week.map(\.day.description) == (15...21).map { "2026-11-\($0)" })
    #expect(week.map(\.quizzes) == [2, 0, 0, 0, 0, 0, 1])
    #expect(ActivityCalendar.days(counts, from: today.adding(days: -7), to: today).first?.quizzes == 1)
    // A range runs forwards and holds at most 400 days; by default 53 weeks ending today.
    #expect(ActivityCalendar.range(from: nil, to: nil, today: today)?.from == today.adding(days: -(53 * 7 - 1)))
    #expect(ActivityCalendar.range(from: today, to: today.adding(days: -1), today: today) == nil)
    #expect(ActivityCalendar.range(from: today.adding(days: -399), to: today, today: today) != nil)
    #expect(ActivityCalendar.range(from: today.adding(days: -400), to: today, today: today) == nil)
  }
}

@Suite("The activity calendar's weeks and months", .timeLimit(.minutes(5)))
struct ActivityCalendarPageTests {
  let today = LocalDay(year: 2026, month: 11, day: 25)!

  func day(_ month: Int, _ day: Int, year: Int = 2026) -> LocalDay { LocalDay(year: year, month: month, day: day)! }

  @Test("a week is the seven days ending on its day; the later week stops at today")
  func weeks() {
    let now = ActivityCalendar.page(.week, at: nil, today: today)
    #expect(now == .init(from: day(11, 19), to: today, earlier: day(11, 18), later: nil))
    let before = ActivityCalendar.page(.week, at: now.earlier, today: today)
    #expect(before == .init(from: day(11, 12), to: day(11, 18), earlier: day(11, 11), later: today))
    let tuesday = ActivityCalendar.page(.week, at: day(11, 21), today: today)
    #expect(tuesday.later == today, "never a week past today")
    #expect(ActivityCalendar.page(.week, at: day(12, 30), today: today) == now, "a day to come is today")
  }

  @Test("a month runs from its first day to its last, or to today; December turns into January")
  func months() {
    let now = ActivityCalendar.page(.month, at: nil, today: today)
    #expect(now == .init(from: day(11, 1), to: today, earlier: day(10, 31), later: nil))
    let october = ActivityCalendar.page(.month, at: now.earlier, today: today)
    #expect(october == .init(from: day(10, 1), to: day(10, 31), earlier: day(9, 30), later: day(11, 1)))
    let december = ActivityCalendar.page(.month, at: day(12, 5, year: 2025), today: today)
    #expect(december.to == day(12, 31, year: 2025))
    #expect(december.later == day(1, 1))
    let february = ActivityCalendar.page(.month, at: day(2, 10, year: 2028), today: day(6, 1, year: 2028))
    #expect(february.to == day(2, 29, year: 2028), "a leap year's February")
  }

  @Test("a month's first day sits in its weekday's column, Monday first; a week starts at once")
  func columns() {
    #expect(ActivityCalendar.weekdayIndex(day(11, 23)) == 0, "23 November 2026 is a Monday")
    #expect(ActivityCalendar.weekdayIndex(day(11, 1)) == 6, "1 November 2026 is a Sunday")
    #expect(ActivityCalendar.weekdayIndex(day(1, 1, year: 1970)) == 3, "a Thursday, before the reference")
    #expect(ActivityCalendar.leadingBlanks(.month, ActivityCalendar.page(.month, at: nil, today: today)) == 6)
    #expect(ActivityCalendar.leadingBlanks(.week, ActivityCalendar.page(.week, at: nil, today: today)) == 0)
  }

  @Test("a day's colour deepens a step a quiz, up to three")
  func levels() {
    #expect([0, 1, 2, 3, 4, 40].map(ActivityCalendar.level) == [0, 1, 2, 3, 3, 3])
  }
}
