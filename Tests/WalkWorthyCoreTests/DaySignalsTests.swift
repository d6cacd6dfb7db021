import Foundation
import Testing
import WalkWorthyCore

@Suite("Day signals", .timeLimit(.minutes(5)))
struct DaySignalsTests {
  let now = instant("2026-11-17T15:00:00Z")

  func canvas(assignments: [Assignment] = [], exams: [Exam] = []) -> TodayCanvas {
    TodayCanvas(assignmentsToday: assignments, examsToday: exams)
  }

  func due(_ text: String, points: Int? = nil) -> Assignment {
    Assignment(title: "Problem set", due_at: text, points: points)
  }

  @Test("an exam later today is an exam moment that expires at its start")
  func examAhead() {
    let signals = DaySignals(
      canvas: canvas(exams: [Exam(title: "Midterm", when: "2026-11-17T19:00:00Z")]), now: now, timeZone: utc)
    #expect(signals.moment == .exam)
    #expect(signals.expiry == instant("2026-11-17T19:00:00Z"))
  }

  @Test("of two exams ahead, the earlier one sets the expiry")
  func earliestExam() {
    let exams = [Exam(title: "B", when: "2026-11-17T21:00:00Z"), Exam(title: "A", when: "2026-11-17T17:30:00Z")]
    #expect(DaySignals(canvas: canvas(exams: exams), now: now, timeZone: utc).expiry == instant("2026-11-17T17:30:00Z"))
  }

  @Test("an exam that has already started, or is on another day, is no signal")
  func examPastOrElsewhere() {
    for when in ["2026-11-17T15:00:00Z", "2026-11-17T09:00:00Z", "2026-11-18T09:00:00Z"] {
      let signals = DaySignals(canvas: canvas(exams: [Exam(title: "Quiz", when: when)]), now: now, timeZone: utc)
      #expect(signals.moment == .everyday, "\(when)")
    }
  }

  @Test("today is the student's local day: 21:00 in New York is tomorrow in UTC")
  func examInTimeZone() {
    let exam = Exam(title: "Final", when: "2026-11-18T02:00:00Z")
    #expect(DaySignals(canvas: canvas(exams: [exam]), now: now, timeZone: newYork).moment == .exam)
    #expect(DaySignals(canvas: canvas(exams: [exam]), now: now, timeZone: utc).moment == .everyday)
  }

  @Test(
    "a deadline counts from just after now to exactly 24 hours ahead",
    arguments: [
      ("2026-11-17T15:00:00Z", false),
      ("2026-11-17T15:00:01Z", true),
      ("2026-11-18T15:00:00Z", true),
      ("2026-11-18T15:00:01Z", false),
      ("2026-11-17T14:59:59Z", false),
    ])
  func deadlineWindow(dueAt: String, isDeadline: Bool) {
    let signals = DaySignals(canvas: canvas(assignments: [due(dueAt)]), now: now, timeZone: utc)
    #expect((signals.moment == .deadline) == isDeadline)
    if isDeadline { #expect(signals.expiry == instant(dueAt)) }
  }

  @Test("the earliest deadline in the window sets the expiry")
  func earliestDeadline() {
    let assignments = [due("2026-11-18T10:00:00Z"), due("2026-11-17T16:00:00Z"), due("2026-11-17T12:00:00Z")]
    let signals = DaySignals(canvas: canvas(assignments: assignments), now: now, timeZone: utc)
    #expect(signals.nextDeadline == instant("2026-11-17T16:00:00Z"))
  }

  @Test("three assignments due today make a heavy day, two do not")
  func heavyByCount() {
    let three = ["2026-11-17T01:00:00Z", "2026-11-17T02:00:00Z", "2026-11-17T03:00:00Z"].map { due($0) }
    #expect(DaySignals(canvas: canvas(assignments: three), now: now, timeZone: utc).moment == .heavyDay)
    #expect(
      DaySignals(canvas: canvas(assignments: Array(three.prefix(2))), now: now, timeZone: utc).moment == .everyday)
  }

  @Test("100 points due today make a heavy day, 99 do not; unknown points count as none")
  func heavyByPoints() {
    let hundred = [due("2026-11-17T01:00:00Z", points: 60), due("2026-11-17T02:00:00Z", points: 40)]
    let ninetyNine = [due("2026-11-17T01:00:00Z", points: 59), due("2026-11-17T02:00:00Z", points: nil)]
    #expect(DaySignals(canvas: canvas(assignments: hundred), now: now, timeZone: utc).isHeavyDay)
    #expect(!DaySignals(canvas: canvas(assignments: ninetyNine), now: now, timeZone: utc).isHeavyDay)
  }

  @Test("assignments due on another local day do not make today heavy")
  func heavyOnlyToday() {
    let tomorrow = ["2026-11-18T16:00:00Z", "2026-11-18T17:00:00Z", "2026-11-18T18:00:00Z"].map { due($0, points: 50) }
    #expect(!DaySignals(canvas: canvas(assignments: tomorrow), now: now, timeZone: utc).isHeavyDay)
  }

  @Test("exam beats deadline beats heavy day")
  func priority() {
    let heavy = ["2026-11-17T01:00:00Z", "2026-11-17T02:00:00Z", "2026-11-17T03:00:00Z"].map { due($0) }
    let deadline = due("2026-11-17T20:00:00Z")
    let exam = Exam(title: "Midterm", when: "2026-11-17T19:00:00Z")
    #expect(
      DaySignals(canvas: canvas(assignments: heavy + [deadline], exams: [exam]), now: now, timeZone: utc).moment
        == .exam)
    #expect(DaySignals(canvas: canvas(assignments: heavy + [deadline]), now: now, timeZone: utc).moment == .deadline)
    #expect(DaySignals(canvas: canvas(assignments: heavy), now: now, timeZone: utc).moment == .heavyDay)
  }

  @Test("heavy and everyday encouragements expire at the end of the local day")
  func endOfDay() {
    #expect(DaySignals.everyday(now: now, timeZone: utc).expiry == instant("2026-11-18T00:00:00Z"))
    #expect(DaySignals.everyday(now: now, timeZone: newYork).expiry == instant("2026-11-18T05:00:00Z"))
  }

  @Test("the end of the day follows daylight saving: New York's fall-back day lasts 25 hours")
  func endOfDayAcrossDST() {
    let signals = DaySignals.everyday(now: instant("2026-11-01T12:00:00Z"), timeZone: newYork)
    #expect(signals.expiry == instant("2026-11-02T05:00:00Z"))
  }
}
