import Foundation
import OrchardKit
import Testing
import WalkWorthyCore

/// A feed wrapping `body` (lines joined with CRLF, as RFC 5545 writes them).
private func feed(_ body: [String]) -> String {
  (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"] + body + ["END:VCALENDAR"]).joined(separator: "\r\n")
}

private func event(_ properties: String...) -> [String] {
  ["BEGIN:VEVENT"] + properties + ["END:VEVENT"]
}

private func parse(_ body: [String], zone: TimeZone = newYork) throws -> [CalendarEvent] {
  try ICalendar.parse(feed(body), defaultTimeZone: zone)
}

@Suite("Reading iCalendar feeds", .timeLimit(.minutes(5)))
struct ICalendarTests {
  @Test("a folded line continues after CRLF or LF and a space or tab")
  func foldedLines() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:fold-1\r\nSUMMARY:Organic che\r\n mistry\n\tlab\r\n"
      + "DTSTART:20261117T150000Z\nEND:VEVENT\nEND:VCALENDAR\n"
    let events = try ICalendar.parse(text, defaultTimeZone: utc)
    #expect(events.map(\.summary) == ["Organic chemistrylab"])
    #expect(events.first?.uid == "fold-1")
  }

  @Test("an all-day event starts at midnight of its day in the feed's zone")
  func allDay() throws {
    let events = try parse(event("SUMMARY:Reading day", "DTSTART;VALUE=DATE:20261117", "DTEND;VALUE=DATE:20261118"))
    let reading = try #require(events.first)
    #expect(reading.isAllDay)
    #expect(reading.start == instant("2026-11-17T05:00:00Z"))
    #expect(reading.end == instant("2026-11-18T05:00:00Z"))
    #expect(LocalDay(containing: reading.start, in: newYork) == LocalDay(year: 2026, month: 11, day: 17))
  }

  @Test(
    "a TZID time is that zone's wall clock",
    arguments: [
      ("America/New_York", "20261117T090000", "2026-11-17T14:00:00Z"),
      ("Europe/London", "20260715T090000", "2026-07-15T08:00:00Z"),
      ("\"Europe/London\"", "20260115T090000", "2026-01-15T09:00:00Z"),
    ])
  func tzid(zone: String, value: String, expected: String) throws {
    let events = try parse(event("SUMMARY:Lecture", "DTSTART;TZID=\(zone):\(value)"), zone: utc)
    #expect(events.first?.start == instant(expected))
    #expect(events.first?.isAllDay == false)
  }

  @Test("an unknown TZID falls back to the default zone instead of failing")
  func unknownZone() throws {
    let events = try parse(event("SUMMARY:Lecture", "DTSTART;TZID=Eastern Standard Time:20261117T090000"))
    #expect(events.first?.start == instant("2026-11-17T14:00:00Z"))
  }

  @Test("a Z time is UTC whatever the default zone")
  func utcTime() throws {
    let events = try parse(event("SUMMARY:Lecture", "DTSTART:20261117T153045Z", "DTEND:20261117T163045Z"))
    #expect(events.first?.start == instant("2026-11-17T15:30:45Z"))
    #expect(events.first?.end == instant("2026-11-17T16:30:45Z"))
  }

  @Test("a floating time is read in the default zone")
  func floatingTime() throws {
    let events = try parse(event("SUMMARY:Lecture", "DTSTART:20261117T090000"))
    #expect(events.first?.start == instant("2026-11-17T14:00:00Z"))
  }

  @Test("escaped text is unescaped")
  func escapedText() throws {
    let events = try parse(event(#"SUMMARY:Labs\, essays\; more\\less\nnext line"#, "DTSTART:20261117T150000Z"))
    #expect(events.first?.summary == "Labs, essays; more\\less\nnext line")
  }

  @Test(
    "exams and deadlines are recognised by whole words",
    arguments: [
      (["SUMMARY:CHEM 101 Midterm"], CalendarEvent.Kind.exam),
      (["SUMMARY:Quiz 3"], .exam),
      (["SUMMARY:Finals week"], .exam),
      (["SUMMARY:Unit test"], .exam),
      (["SUMMARY:Load testing workshop"], .event),
      (["SUMMARY:Examples session"], .event),
      (["SUMMARY:Organic chemistry", "CATEGORIES:Lecture,EXAM"], .exam),
      (["SUMMARY:Essay 2 due"], .deadline),
      (["SUMMARY:Submit lab report"], .deadline),
      (["SUMMARY:Final project due"], .deadline),
      (["SUMMARY:Office hours"], .event),
    ])
  func kinds(properties: [String], kind: CalendarEvent.Kind) throws {
    let events = try parse(["BEGIN:VEVENT", "DTSTART:20261117T150000Z"] + properties + ["END:VEVENT"])
    #expect(events.first?.kind == kind)
    #expect((events.first?.due != nil) == (kind == .deadline))
  }

  @Test("a VTODO with DUE is a deadline; one without DUE is left out")
  func todo() throws {
    let events = try parse([
      "BEGIN:VTODO", "SUMMARY:Problem set 4", "DUE;TZID=America/New_York:20261117T235900", "END:VTODO",
      "BEGIN:VTODO", "SUMMARY:Someday", "END:VTODO",
    ])
    #expect(events.count == 1)
    #expect(events.first?.kind == .deadline)
    #expect(events.first?.due == instant("2026-11-18T04:59:00Z"))
  }

  @Test("an event with a malformed date is skipped and counted, the rest are read")
  func malformedDate() throws {
    let body =
      event("SUMMARY:Bad month", "DTSTART:20261317T090000") + event("SUMMARY:No start")
      + event("SUMMARY:Good", "DTSTART:20261117T090000Z")
    let result = try ICalendar.parseFeed(feed(body), defaultTimeZone: utc)
    #expect(result.events.map(\.summary) == ["Good"])
    #expect(result.skippedCount == 2)
  }

  @Test("alarm properties do not override the event's")
  func nestedAlarm() throws {
    let events = try parse(
      event("SUMMARY:Lecture", "DTSTART:20261117T150000Z", "BEGIN:VALARM", "SUMMARY:Alarm", "END:VALARM"))
    #expect(events.map(\.summary) == ["Lecture"])
  }

  @Test(
    "input that is not a calendar, or is cut short, is refused",
    arguments: ["", "hello", "BEGIN:VEVENT\r\nEND:VEVENT", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x"])
  func notICalendar(text: String) {
    #expect(throws: ICalendarError.notICalendar) { try ICalendar.parse(text, defaultTimeZone: utc) }
  }

  @Test("more than 5,000 events is too large")
  func tooManyEvents() throws {
    let one = event("SUMMARY:x", "DTSTART:20261117T150000Z")
    #expect(try parse(Array(repeating: one, count: 5_000).flatMap { $0 }).count == 5_000)
    #expect(throws: ICalendarError.tooLarge(.events)) {
      try parse(Array(repeating: one, count: 5_001).flatMap { $0 })
    }
  }

  @Test("an unfolded line over 10,000 characters is too large, even when folded")
  func lineTooLong() throws {
    let long = "SUMMARY:" + String(repeating: "a", count: 10_000)
    #expect(throws: ICalendarError.tooLarge(.lineLength)) { try parse(event(long)) }
    let folded = "SUMMARY:" + Array(repeating: String(repeating: "a", count: 70), count: 150).joined(separator: "\r\n ")
    #expect(throws: ICalendarError.tooLarge(.lineLength)) { try parse(event(folded)) }
  }
}

@Suite("A student's day from their calendar", .timeLimit(.minutes(5)))
struct CalendarDayTests {
  /// 10:00 on 17 November 2026 in New York.
  static let now = instant("2026-11-17T15:00:00Z")

  static let events = try! parse(
    event("SUMMARY:Physics midterm", "DTSTART;TZID=America/New_York:20261117T140000")
      + event("SUMMARY:History final", "DTSTART;TZID=America/New_York:20261118T090000")
      + event("SUMMARY:Essay due", "DTSTART:20261118T040000Z")
      + event("SUMMARY:Lab report due", "DTSTART;TZID=America/New_York:20261118T080000")
      + event("SUMMARY:Thesis due", "DTSTART;TZID=America/New_York:20261119T090000")
      + event("SUMMARY:Choir practice", "DTSTART;TZID=America/New_York:20261117T180000")
      + ["BEGIN:VTODO", "SUMMARY:Reading log", "DUE:20261117T130000Z", "END:VTODO"])

  @Test("today's exams only, and deadlines due today or within 24 hours, in time order")
  func todayCanvas() {
    let canvas = CalendarDay.todayCanvas(from: Self.events, now: Self.now, timeZone: newYork)
    #expect(
      canvas
        == TodayCanvas(
          assignmentsToday: [
            Assignment(title: "Reading log", due_at: "2026-11-17T13:00:00Z", points: nil),
            Assignment(title: "Essay due", due_at: "2026-11-18T04:00:00Z", points: nil),
            Assignment(title: "Lab report due", due_at: "2026-11-18T13:00:00Z", points: nil),
          ],
          examsToday: [Exam(title: "Physics midterm", when: "2026-11-17T19:00:00Z")]))
  }

  @Test("the day is the student's: the same feed in Tokyo is already the 18th")
  func studentZone() {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let canvas = CalendarDay.todayCanvas(from: Self.events, now: Self.now, timeZone: tokyo)
    #expect(canvas.examsToday.map(\.title) == ["Physics midterm", "History final"])
  }
}

@Suite("What a linked feed keeps", .timeLimit(.minutes(5)))
struct KeptEventsTests {
  @Test("a stored feed keeps exams and deadlines up to a day old, and no plain event")
  func kept() throws {
    let now = instant("2026-11-17T15:00:00Z")
    func stamp(_ date: Date) -> String {
      WireTimestamp.format(date, precision: .seconds).replacingOccurrences(of: "-", with: "")
        .replacingOccurrences(of: ":", with: "")
    }
    let justOver = now.addingTimeInterval(-CalendarDay.lookback - 3_600)
    let justUnder = now.addingTimeInterval(-CalendarDay.lookback + 3_600)
    let text = feed(
      event("SUMMARY:CHEM 101 Midterm", "DTSTART:\(stamp(justOver))")
        + event("SUMMARY:BIO 110 Final Exam", "DTSTART:\(stamp(justUnder))")
        + event("SUMMARY:Essay 2 due", "DTSTART:\(stamp(justUnder))")
        + event("SUMMARY:Old essay due", "DTSTART:\(stamp(justOver))")
        + event("SUMMARY:Club meeting", "DTSTART:\(stamp(now))"))
    let parsed = try ICalendar.parseFeed(text, defaultTimeZone: utc)
    #expect(parsed.events.count == 5)
    let kept = CalendarDay.keptEvents(of: parsed, now: now)
    #expect(kept.map(\.summary) == ["BIO 110 Final Exam", "Essay 2 due"])
  }
}
