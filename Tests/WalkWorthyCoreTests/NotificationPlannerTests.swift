import Foundation
import Testing
import WalkWorthyCore

@Suite("Planning local notifications", .timeLimit(.minutes(5)))
struct NotificationPlannerTests {
  /// 10:00 in New York.
  static let morning = instant("2026-11-17T15:00:00Z")
  /// 23:00 in New York, inside the default quiet hours (22:00–07:00).
  static let lateEvening = instant("2026-11-18T04:00:00Z")

  static func settings(daily: String?, enabled: Bool = true) -> NotificationSettings {
    NotificationSettings(isEnabled: enabled, dailyTime: daily.map(time))
  }

  static let pendingEncouragement = NotificationRequest(
    id: "walkworthy.encouragement.x", kind: .encouragement, fireAt: instant("2026-11-17T16:00:00Z"), title: "t",
    body: "b")

  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let settings: NotificationSettings
    var mode = NotificationMode.local
    var now = morning
    var pending: [NotificationRequest] = []
    var sendingTest = false
    let count: Int
    let first: (kind: NotificationRequest.Kind, fireAt: String)?
  }

  @Test(
    "the planning table",
    arguments: [
      Case(
        testDescription: "off in Settings: nothing at all, not even the test or what was pending",
        settings: settings(daily: "08:00", enabled: false), pending: [pendingEncouragement], sendingTest: true,
        count: 0, first: nil),
      Case(
        testDescription: "NOTIFICATION_MODE=off: nothing at all", settings: settings(daily: "08:00"), mode: .off,
        pending: [pendingEncouragement], sendingTest: true, count: 0, first: nil),
      Case(
        testDescription: "no daily time and nothing pending: nothing", settings: settings(daily: nil), count: 0,
        first: nil),
      Case(
        testDescription: "the test notification fires 10 seconds from now", settings: settings(daily: nil),
        sendingTest: true, count: 1, first: (.test, "2026-11-17T15:00:10Z")),
      Case(
        testDescription: "the test notification ignores quiet hours: the person just asked for it",
        settings: settings(daily: nil), now: lateEvening, sendingTest: true, count: 1,
        first: (.test, "2026-11-18T04:00:10Z")),
      Case(
        testDescription: "daily at 08:00 when today's has passed: from tomorrow, filling the 64",
        settings: settings(daily: "08:00"), count: 64, first: (.daily, "2026-11-18T13:00:00Z")),
      Case(
        testDescription: "daily at 21:00 still ahead today: from today", settings: settings(daily: "21:00"), count: 64,
        first: (.daily, "2026-11-18T02:00:00Z")),
      Case(
        testDescription: "daily at 06:00, inside quiet hours: moved to their end, 07:00",
        settings: settings(daily: "06:00"), count: 64, first: (.daily, "2026-11-18T12:00:00Z")),
      Case(
        testDescription: "daily at 23:30, inside quiet hours that wrap midnight: moved to 07:00",
        settings: settings(daily: "23:30"), count: 64, first: (.daily, "2026-11-18T12:00:00Z")),
      Case(
        testDescription: "a pending encouragement and the test come before the dailies, still 64 in all",
        settings: settings(daily: "08:00"), pending: [pendingEncouragement], sendingTest: true, count: 64,
        first: (.test, "2026-11-17T15:00:10Z")),
    ])
  func table(_ example: Case) {
    let plan = NotificationPlanner.plan(
      settings: example.settings, mode: example.mode, now: example.now, timeZone: newYork, pending: example.pending,
      sendingTest: example.sendingTest, text: english)
    #expect(plan.count == example.count)
    #expect(plan.first?.kind == example.first?.kind)
    #expect(plan.first?.fireAt == example.first.map { instant($0.fireAt) })
    #expect(plan.map(\.fireAt) == plan.map(\.fireAt).sorted())
  }

  @Test(
    "quiet hours contain their start, not their end, and may wrap midnight",
    arguments: [
      ("22:00", "07:00", "22:00", true), ("22:00", "07:00", "23:59", true), ("22:00", "07:00", "00:00", true),
      ("22:00", "07:00", "06:59", true), ("22:00", "07:00", "07:00", false), ("22:00", "07:00", "21:59", false),
      ("13:00", "15:00", "14:00", true), ("13:00", "15:00", "15:00", false), ("13:00", "15:00", "12:59", false),
      ("09:00", "09:00", "09:00", false),
    ])
  func quietHours(start: String, end: String, at: String, quiet: Bool) {
    #expect(QuietHours(start: time(start), end: time(end)).contains(time(at)) == quiet)
  }

  @Test("never more than 64 pending: the earliest are kept, whatever their kind")
  func cap() {
    let pending = (1...70).map { hour in
      NotificationRequest(
        id: "walkworthy.encouragement.\(hour)", kind: .encouragement,
        fireAt: Self.morning.addingTimeInterval(Double(hour) * 3_600),
        title: "t", body: "b")
    }
    let plan = NotificationPlanner.plan(
      settings: Self.settings(daily: "08:00"), mode: .local, now: Self.morning, timeZone: newYork, pending: pending,
      sendingTest: true, text: english)
    #expect(plan.count == NotificationPlanner.maximumPending)
    #expect(plan.first?.kind == .test)
    let kept = Set(plan.map(\.id))
    let dropped = pending.filter { !kept.contains($0.id) }
    #expect(!dropped.isEmpty)
    #expect(dropped.allSatisfy { $0.fireAt >= plan.last!.fireAt })
  }

  @Test("what fired is dropped, old dailies are replaced, a second test replaces the first")
  func pending() {
    let fired = NotificationRequest(
      id: "walkworthy.encouragement.old", kind: .encouragement, fireAt: Self.morning, title: "t", body: "b")
    let oldDaily = NotificationRequest(
      id: "walkworthy.daily.2026-11-18", kind: .daily, fireAt: instant("2026-11-18T14:00:00Z"), title: "t", body: "b")
    let first = NotificationPlanner.plan(
      settings: Self.settings(daily: nil), mode: .local, now: Self.morning, timeZone: newYork,
      pending: [fired, oldDaily, Self.pendingEncouragement], sendingTest: true, text: english)
    #expect(first.map(\.id) == ["walkworthy.test", "walkworthy.encouragement.x"])
    let again = NotificationPlanner.plan(
      settings: Self.settings(daily: nil), mode: .local, now: Self.morning.addingTimeInterval(5), timeZone: newYork,
      pending: first, sendingTest: true, text: english)
    #expect(again.filter { $0.kind == .test }.map(\.fireAt) == [instant("2026-11-17T15:00:15Z")])
  }

  @Test("the daily time is wall-clock time: 08:00 stays 08:00 across the change to summer time")
  func daylightSaving() throws {
    let plan = NotificationPlanner.plan(
      settings: Self.settings(daily: "08:00"), mode: .local, now: instant("2026-03-06T12:00:00Z"), timeZone: newYork,
      text: english)
    let byID = Dictionary(uniqueKeysWithValues: plan.map { ($0.id, $0.fireAt) })
    #expect(byID["walkworthy.daily.2026-03-07"] == instant("2026-03-07T13:00:00Z"))
    #expect(byID["walkworthy.daily.2026-03-08"] == instant("2026-03-08T12:00:00Z"))
  }

  @Test("a daily time the clocks skip arrives just after the gap")
  func skippedTime() {
    let plan = NotificationPlanner.plan(
      settings: NotificationSettings(dailyTime: time("02:30"), quietHours: nil), mode: .local,
      now: instant("2026-03-06T12:00:00Z"), timeZone: newYork, text: english)
    #expect(plan.first { $0.id == "walkworthy.daily.2026-03-08" }?.fireAt == instant("2026-03-08T07:30:00Z"))
    #expect(plan.first { $0.id == "walkworthy.daily.2026-03-09" }?.fireAt == instant("2026-03-09T06:30:00Z"))
  }

  @Test("daily notifications take turns through the cards, and planning again keeps each day's card")
  func dailyCards() {
    let cards = syntheticEntries(count: 3).map { VerseCard($0, in: .kjv) }
    func titles(at now: Date) -> [String: String] {
      let plan = NotificationPlanner.plan(
        settings: Self.settings(daily: "08:00"), mode: .local, now: now, timeZone: utc, dailyCards: cards, text: english
      )
      return Dictionary(uniqueKeysWithValues: plan.map { ($0.id, $0.title) })
    }
    let today = titles(at: Self.morning)
    let tomorrow = titles(at: Self.morning.addingTimeInterval(86_400))
    let days = ["2026-11-18", "2026-11-19", "2026-11-20"].map { "walkworthy.daily.\($0)" }
    #expect(Set(days.compactMap { today[$0] }) == ["Psalm 1:1 (KJV)", "Psalm 2:1 (KJV)", "Psalm 3:1 (KJV)"])
    #expect(today["walkworthy.daily.2026-11-21"] == today["walkworthy.daily.2026-11-18"])
    #expect(days.dropFirst().allSatisfy { today[$0] == tomorrow[$0] })
  }
}

@Suite("When a notification counts as now", .timeLimit(.minutes(5)))
struct ImmediateNotificationTests {
  @Test("a notification due within a second counts as now")
  func immediate() {
    let now = instant("2026-11-17T15:00:00Z")
    func due(_ delay: TimeInterval) -> NotificationRequest {
      NotificationRequest(id: "t", kind: .test, fireAt: now.addingTimeInterval(delay), title: "T", body: "B")
    }
    #expect(due(0).firesImmediately(at: now))
    #expect(due(NotificationPlanner.immediateTolerance).firesImmediately(at: now))
    #expect(!due(NotificationPlanner.immediateTolerance + 0.5).firesImmediately(at: now))
  }

  @Test("the test notification's sentences name its delay")
  func testDelay() {
    let seconds = "\(Int(NotificationPlanner.testDelay))"
    #expect(english(NotificationPlanner.testButton) == "Send test notification (\(seconds) s)")
    #expect(english(NotificationPlanner.testExplainer).contains("in \(seconds) seconds"))
    #expect(english(NotificationPlanner.testOnItsWay).contains("in \(seconds) seconds"))
  }
}
