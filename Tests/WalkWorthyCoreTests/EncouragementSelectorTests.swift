import Foundation
import OrchardKit
import Testing
import WalkWorthyCore

@Suite("Choosing the next encouragement", .timeLimit(.minutes(5)))
struct EncouragementSelectorTests {
  let selector = EncouragementSelector(library: .bundled)
  let now = instant("2026-11-17T15:00:00Z")

  var examDay: TodayCanvas {
    TodayCanvas(assignmentsToday: [], examsToday: [Exam(title: "Midterm", when: "2026-11-17T19:00:00Z")])
  }

  @Test("every moment has entries written for it, and the pick comes from the moment's own")
  func picksFromMoment() {
    var generator = SeededRandomNumberGenerator(seed: 1)
    for moment in Moment.allCases { #expect(!selector.entries(for: moment).isEmpty, "\(moment)") }
    let signals = DaySignals(canvas: examDay, now: now, timeZone: utc)
    let selection = selector.next(after: SelectionState(), signals: signals, now: now, using: &generator)
    #expect(selection.entry.moments.contains(.exam))
    #expect(selection.isNew)
    #expect(selection.state.current?.moment == .exam)
    #expect(selection.state.current?.expiresAt == instant("2026-11-17T19:00:00Z"))
  }

  @Test("the same encouragement stays, not new, until it expires; then a different one is chosen")
  func staysUntilExpiry() {
    var generator = SeededRandomNumberGenerator(seed: 2)
    let signals = DaySignals.everyday(now: now, timeZone: utc)
    let first = selector.next(after: SelectionState(), signals: signals, now: now, using: &generator)
    let later = now.addingTimeInterval(3_600)
    let again = selector.next(
      after: first.state, signals: .everyday(now: later, timeZone: utc), now: later, using: &generator)
    #expect(!again.isNew)
    #expect(again.entry == first.entry)
    #expect(again.state == first.state)
    let expiry = instant("2026-11-18T00:00:00Z")
    let next = selector.next(
      after: first.state, signals: .everyday(now: expiry, timeZone: utc), now: expiry, using: &generator)
    #expect(next.isNew)
    #expect(next.entry != first.entry)
    #expect(next.state.current?.expiresAt == instant("2026-11-19T00:00:00Z"))
  }

  @Test("a change of moment replaces an unexpired encouragement")
  func momentChange() {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let everyday = selector.next(
      after: SelectionState(), signals: .everyday(now: now, timeZone: utc), now: now, using: &generator)
    let exam = selector.next(
      after: everyday.state, signals: DaySignals(canvas: examDay, now: now, timeZone: utc), now: now,
      using: &generator)
    #expect(exam.isNew)
    #expect(exam.state.current?.moment == .exam)
  }

  @Test("a moment's entries rotate without repeats until all are offered, never twice in a row")
  func rotation() {
    for seed in UInt64(0)..<20 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      var state = SelectionState()
      var time = now
      let pool = Set(selector.entries(for: .everyday).map(\.id))
      var seen: [String] = []
      for _ in 0..<(pool.count * 3) {
        let selection = selector.next(
          after: state, signals: .everyday(now: time, timeZone: utc), now: time, using: &generator)
        #expect(selection.isNew)
        if let last = seen.last { #expect(selection.entry.id != last) }
        seen.append(selection.entry.id)
        state = selection.state
        time = state.current!.expiresAt
      }
      for cycle in 0..<3 {
        let ids = seen[(cycle * pool.count)..<((cycle + 1) * pool.count)]
        #expect(Set(ids) == pool, "seed \(seed), cycle \(cycle)")
      }
    }
  }

  @Test("the same seed chooses the same sequence")
  func deterministic() {
    func run() -> [String] {
      var generator = SeededRandomNumberGenerator(seed: 42)
      var state = SelectionState()
      var time = now
      return (0..<10).map { _ in
        let selection = selector.next(
          after: state, signals: .everyday(now: time, timeZone: utc), now: time, using: &generator)
        state = selection.state
        time = state.current!.expiresAt
        return selection.entry.id
      }
    }
    #expect(run() == run())
  }

  @Test("each encouragement handed out gets its own payload id, even the same passage in a later cycle")
  func payloadIDs() {
    var generator = SeededRandomNumberGenerator(seed: 5)
    var state = SelectionState()
    var time = now
    var ids: Set<String> = []
    let count = selector.entries(for: .everyday).count * 2
    for _ in 0..<count {
      let selection = selector.next(
        after: state, signals: .everyday(now: time, timeZone: utc), now: time, using: &generator)
      ids.insert(selection.payload(in: .bsb).id)
      state = selection.state
      time = state.current!.expiresAt
    }
    #expect(ids.count == count)
  }

  @Test("the payload pairs the text with its translation's label and expires in UTC with Z")
  func payload() throws {
    var generator = SeededRandomNumberGenerator(seed: 6)
    let selection = selector.next(
      after: SelectionState(), signals: .everyday(now: now, timeZone: newYork), now: now, using: &generator)
    for translation in Translation.allCases {
      let payload = selection.payload(in: translation)
      #expect(payload.translation == translation.abbreviation)
      #expect(payload.text == VerseCard(selection.entry, in: translation).text)
      #expect(payload.ref == selection.entry.reference)
      #expect(payload.encouragement == selection.entry.encouragement)
      #expect(payload.expiresAt == "2026-11-18T05:00:00Z")
      #expect(payload.id == "\(selection.entry.id).1")
    }
  }

  @Test("without opt-in the calendar is never read: an exam day is an everyday day")
  func noOptIn() {
    let signals = EncouragementSelector.signals(personalized: false, canvas: examDay, now: now, timeZone: utc)
    #expect(signals == .everyday(now: now, timeZone: utc))
    #expect(signals.moment == .everyday)
  }

  @Test("with opt-in the canvas decides; with no canvas the day is everyday")
  func optIn() {
    #expect(
      EncouragementSelector.signals(personalized: true, canvas: examDay, now: now, timeZone: utc).moment == .exam)
    #expect(
      EncouragementSelector.signals(personalized: true, canvas: nil, now: now, timeZone: utc).moment == .everyday)
  }
}

@Suite("The fake Canvas", .timeLimit(.minutes(5)))
struct FakeCanvasTests {
  @Test("on the mock's own day it is the mock file exactly")
  func mockDay() {
    #expect(FakeCanvas.today(now: instant("2026-11-17T15:00:00Z"), timeZone: utc) == FakeCanvas.mock)
  }

  @Test("on another day every time moves by whole days and nothing else changes")
  func moved() {
    let canvas = FakeCanvas.today(now: instant("2026-11-22T15:00:00Z"), timeZone: utc)
    #expect(canvas.examsToday.map(\.when) == ["2026-11-22T19:00:00Z"])
    #expect(
      canvas.assignmentsToday.map(\.due_at) == ["2026-11-22T16:00:00Z", "2026-11-22T22:00:00Z", "2026-11-23T04:59:59Z"])
    #expect(canvas.assignmentsToday.map(\.title) == FakeCanvas.mock.assignmentsToday.map(\.title))
    #expect(canvas.assignmentsToday.map(\.points) == [40, nil, 25])
  }

  @Test("the day is the student's: late evening in New York is still their today")
  func localDay() {
    let canvas = FakeCanvas.today(now: instant("2026-11-23T03:00:00Z"), timeZone: newYork)
    #expect(canvas.examsToday.map(\.when) == ["2026-11-22T19:00:00Z"])
  }

  @Test("the fake day gives real signals: before the exam it is an exam moment")
  func signals() {
    let now = instant("2026-11-22T15:00:00Z")
    let signals = DaySignals(canvas: FakeCanvas.today(now: now, timeZone: utc), now: now, timeZone: utc)
    #expect(signals.moment == .exam)
  }
}
