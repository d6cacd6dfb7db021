// Foundation (not just FoundationEssentials) on purpose: on Linux it links the time zone database
// that `TimeZone(identifier:)` needs, exactly as the server and app executables do.
import Foundation
import OrchardKit
import Testing

@Suite("LocalDay", .timeLimit(.minutes(5)))
struct LocalDayTests {
  struct Row: CustomTestStringConvertible, Sendable {
    let zone: String
    let instant: String
    let startHour: Int
    let expected: String
    let why: String
    var testDescription: String { "\(instant) in \(zone), day from \(startHour):00 → \(expected) (\(why))" }
  }

  static let newYorkSpringForward: [Row] = [
    Row(
      zone: "America/New_York", instant: "2026-03-08T04:59:59Z", startHour: 0, expected: "2026-03-07",
      why: "23:59:59 EST"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T05:00:00Z", startHour: 0, expected: "2026-03-08",
      why: "midnight EST"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T05:00:00Z", startHour: 4, expected: "2026-03-07",
      why: "midnight is before a 04:00 start"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T06:30:00Z", startHour: 4, expected: "2026-03-07",
      why: "01:30 EST belongs to yesterday"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T06:59:59Z", startHour: 4, expected: "2026-03-07",
      why: "01:59:59 EST, just before the jump"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T07:00:00Z", startHour: 4, expected: "2026-03-07",
      why: "03:00 EDT, just after the jump"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T07:59:59Z", startHour: 4, expected: "2026-03-07",
      why: "03:59:59 EDT"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T08:00:00Z", startHour: 4, expected: "2026-03-08",
      why: "04:00 EDT starts the day"),
    Row(
      zone: "America/New_York", instant: "2026-03-09T03:59:59Z", startHour: 0, expected: "2026-03-08",
      why: "23:59:59 EDT, a 23-hour day"),
    Row(
      zone: "America/New_York", instant: "2026-03-09T07:59:59Z", startHour: 4, expected: "2026-03-08",
      why: "03:59:59 EDT next night"),
    Row(
      zone: "America/New_York", instant: "2026-03-09T08:00:00Z", startHour: 4, expected: "2026-03-09",
      why: "04:00 EDT next morning"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T06:59:59Z", startHour: 2, expected: "2026-03-07",
      why: "a 02:00 start skipped by the jump"),
    Row(
      zone: "America/New_York", instant: "2026-03-08T07:00:00Z", startHour: 2, expected: "2026-03-08",
      why: "the day starts right after the gap"),
  ]

  static let newYorkFallBack: [Row] = [
    Row(
      zone: "America/New_York", instant: "2026-11-01T03:59:59Z", startHour: 0, expected: "2026-10-31",
      why: "23:59:59 EDT"),
    Row(
      zone: "America/New_York", instant: "2026-11-01T04:00:00Z", startHour: 0, expected: "2026-11-01",
      why: "midnight EDT"),
    Row(
      zone: "America/New_York", instant: "2026-11-01T04:00:00Z", startHour: 4, expected: "2026-10-31",
      why: "midnight is before a 04:00 start"),
    Row(
      zone: "America/New_York", instant: "2026-11-01T05:30:00Z", startHour: 4, expected: "2026-10-31",
      why: "the first 01:30 (EDT)"),
    Row(
      zone: "America/New_York", instant: "2026-11-01T06:30:00Z", startHour: 4, expected: "2026-10-31",
      why: "the second 01:30 (EST)"),
    Row(
      zone: "America/New_York", instant: "2026-11-01T08:30:00Z", startHour: 4, expected: "2026-10-31",
      why: "03:30 EST, would be 04:30 in EDT"),
    Row(
      zone: "America/New_York", instant: "2026-11-01T08:59:59Z", startHour: 4, expected: "2026-10-31",
      why: "03:59:59 EST"),
    Row(
      zone: "America/New_York", instant: "2026-11-01T09:00:00Z", startHour: 4, expected: "2026-11-01",
      why: "04:00 EST starts the day"),
    Row(
      zone: "America/New_York", instant: "2026-11-02T04:59:59Z", startHour: 0, expected: "2026-11-01",
      why: "23:59:59 EST, a 25-hour day"),
    Row(
      zone: "America/New_York", instant: "2026-11-02T05:00:00Z", startHour: 4, expected: "2026-11-01",
      why: "midnight EST, before 04:00"),
    Row(
      zone: "America/New_York", instant: "2026-11-02T09:00:00Z", startHour: 4, expected: "2026-11-02",
      why: "04:00 EST next morning"),
  ]

  static let utc: [Row] = [
    Row(zone: "UTC", instant: "2026-06-15T00:00:00Z", startHour: 0, expected: "2026-06-15", why: "midnight"),
    Row(
      zone: "UTC", instant: "2026-06-15T00:00:00Z", startHour: 4, expected: "2026-06-14",
      why: "before a 04:00 start"),
    Row(
      zone: "UTC", instant: "2026-06-15T03:59:59Z", startHour: 4, expected: "2026-06-14",
      why: "last second before 04:00"),
    Row(zone: "UTC", instant: "2026-06-15T04:00:00Z", startHour: 4, expected: "2026-06-15", why: "04:00"),
    Row(
      zone: "UTC", instant: "2026-12-31T23:59:59Z", startHour: 0, expected: "2026-12-31",
      why: "end of the year"),
    Row(zone: "UTC", instant: "2027-01-01T00:00:00Z", startHour: 0, expected: "2027-01-01", why: "new year"),
    Row(
      zone: "UTC", instant: "2027-01-01T03:00:00Z", startHour: 4, expected: "2026-12-31",
      why: "new year's night still counts as the old year"),
    Row(
      zone: "UTC", instant: "1969-12-31T23:59:59Z", startHour: 0, expected: "1969-12-31",
      why: "before the epoch rounds down"),
    Row(
      zone: "UTC", instant: "1970-01-01T03:00:00Z", startHour: 4, expected: "1969-12-31",
      why: "before the epoch with a late start"),
  ]

  static let eastOfUTC: [Row] = [
    Row(
      zone: "Asia/Tokyo", instant: "2026-03-07T14:59:59Z", startHour: 0, expected: "2026-03-07",
      why: "23:59:59 JST"),
    Row(
      zone: "Asia/Tokyo", instant: "2026-03-07T15:00:00Z", startHour: 0, expected: "2026-03-08",
      why: "midnight JST is still the 7th in UTC"),
    Row(
      zone: "Asia/Tokyo", instant: "2026-03-07T18:59:59Z", startHour: 4, expected: "2026-03-07",
      why: "03:59:59 JST"),
    Row(
      zone: "Asia/Tokyo", instant: "2026-03-07T19:00:00Z", startHour: 4, expected: "2026-03-08",
      why: "04:00 JST"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-04-04T11:00:00Z", startHour: 0, expected: "2026-04-05",
      why: "midnight NZDT"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-04-04T13:30:00Z", startHour: 4, expected: "2026-04-04",
      why: "the first 02:30 (NZDT)"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-04-04T14:30:00Z", startHour: 4, expected: "2026-04-04",
      why: "the second 02:30 (NZST)"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-04-04T15:30:00Z", startHour: 4, expected: "2026-04-04",
      why: "03:30 NZST, would be 04:30 in NZDT"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-04-04T16:00:00Z", startHour: 4, expected: "2026-04-05",
      why: "04:00 NZST"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-09-26T13:59:59Z", startHour: 4, expected: "2026-09-26",
      why: "01:59:59 NZST before spring forward"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-09-26T14:30:00Z", startHour: 4, expected: "2026-09-26",
      why: "03:30 NZDT, would be 02:30 in NZST"),
    Row(
      zone: "Pacific/Auckland", instant: "2026-09-26T15:00:00Z", startHour: 4, expected: "2026-09-27",
      why: "04:00 NZDT"),
  ]

  @Test(
    "the day of an instant follows the zone's wall clock and the day-start hour, across DST",
    arguments: newYorkSpringForward + newYorkFallBack + utc + eastOfUTC)
  func dayOfInstant(row: Row) throws {
    let zone = try TimeZone(ianaIdentifier: row.zone)
    let instant = try Date(row.instant, strategy: .iso8601)
    #expect(LocalDay(containing: instant, in: zone, dayStartHour: row.startHour).description == row.expected)
  }

  @Test("the start hour defaults to midnight")
  func defaultStartIsMidnight() throws {
    let instant = try Date("2026-03-08T05:00:00Z", strategy: .iso8601)
    #expect(
      LocalDay(containing: instant, in: try TimeZone(ianaIdentifier: "America/New_York")) == day("2026-03-08")
    )
  }

  @Test(
    "adding days crosses months, leap days and years",
    arguments: [
      ("2024-02-28", 1, "2024-02-29"), ("2023-02-28", 1, "2023-03-01"), ("2100-02-28", 1, "2100-03-01"),
      ("2000-02-28", 1, "2000-02-29"), ("2026-12-31", 1, "2027-01-01"), ("2026-03-01", -1, "2026-02-28"),
      ("2026-03-08", 0, "2026-03-08"), ("1970-01-01", -1, "1969-12-31"), ("2026-01-31", 365, "2027-01-31"),
      ("0001-01-01", 3_652_058, "9999-12-31"),
    ])
  func addingDays(start: String, days: Int, expected: String) {
    #expect(day(start).adding(days: days) == day(expected))
    #expect(day(expected).days(from: day(start)) == days)
  }

  @Test("days from counts forward as positive and backward as negative")
  func daysFromSign() {
    #expect(day("2026-03-09").days(from: day("2026-03-08")) == 1)
    #expect(day("2026-03-08").days(from: day("2026-03-09")) == -1)
    #expect(day("2027-03-08").days(from: day("2026-03-08")) == 365)
    #expect(day("2028-03-08").days(from: day("2027-03-08")) == 366)
  }

  @Test("every day from 0001-01-01 to 9999-12-31 follows the one before it on the calendar")
  func consecutiveDaysAreCalendarSuccessors() throws {
    var current = day("0001-01-01")
    var count = 0
    while current != day("9999-12-31") {
      let next = current.adding(days: 1)
      let expected =
        LocalDay(year: current.year, month: current.month, day: current.day + 1)
        ?? LocalDay(year: current.year, month: current.month + 1, day: 1)
        ?? LocalDay(year: current.year + 1, month: 1, day: 1)
      guard next == expected else {
        Issue.record("after \(current) came \(next)")
        return
      }
      current = next
      count += 1
    }
    #expect(count == 3_652_058)
  }

  @Test("days order by date")
  func ordering() {
    let days = ["2026-03-08", "2025-12-31", "2026-03-07", "2026-02-28", "2026-11-01"].map(day)
    #expect(
      days.sorted().map(\.description) == [
        "2025-12-31", "2026-02-28", "2026-03-07", "2026-03-08", "2026-11-01",
      ])
  }

  @Test("the ISO form pads to four-digit years and two-digit months and days")
  func isoForm() throws {
    #expect(try #require(LocalDay(year: 7, month: 3, day: 8)).description == "0007-03-08")
    #expect(day("2026-11-01").description == "2026-11-01")
  }

  @Test(
    "parsing accepts only real dates written exactly YYYY-MM-DD",
    arguments: [
      "2026-3-8", "2026-03-8", "26-03-08", " 2026-03-08", "2026-03-08 ", "2026-03-08T00:00", "2026/03/08",
      "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01", "+2026-03-08", "２０２６-03-08",
      "2026-03-0８", "", "2026-03--8",
    ])
  func parsingRejects(text: String) {
    #expect(LocalDay(text) == nil)
  }

  @Test(
    "invalid components make no day",
    arguments: [(2026, 2, 29), (2026, 13, 1), (2026, 1, 0), (0, 1, 1), (10_000, 1, 1)])
  func invalidComponents(year: Int, month: Int, day: Int) {
    #expect(LocalDay(year: year, month: month, day: day) == nil)
  }

  @Test("a leap day parses in a leap year")
  func leapDayParses() {
    #expect(LocalDay("2024-02-29") == LocalDay(year: 2024, month: 2, day: 29))
  }

  @Test("JSON carries a day as its ISO string and refuses anything else")
  func codable() throws {
    let encoded = try JSONEncoder().encode([day("2026-03-08")])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["2026-03-08"]"#)
    #expect(try JSONDecoder().decode([LocalDay].self, from: encoded) == [day("2026-03-08")])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([LocalDay].self, from: Data(#"["2026-3-8"]"#.utf8))
    }
  }

  @Test("an unknown zone name is reported as unknown, not silently GMT")
  func unknownZone() {
    #expect(throws: TimeZoneLookupError.unknownIdentifier("Mars/Olympus_Mons")) {
      try TimeZone(ianaIdentifier: "Mars/Olympus_Mons")
    }
  }
}
