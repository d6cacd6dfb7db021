import Foundation
import Testing
import WalkWorthyCore

@Suite("When the daily encouragement is pushed", .timeLimit(.minutes(1)))
struct DailyPushTests {
  static func settings(_ daily: String?, enabled: Bool = true, quiet: Bool = true) -> NotificationSettings {
    NotificationSettings(
      isEnabled: enabled, dailyTime: daily.map(time),
      quietHours: quiet ? QuietHours(start: time("22:00"), end: time("07:00")) : nil)
  }

  @Test("the daily time after the last moment accounted for, in the device's zone: today if still ahead, else tomorrow")
  func next() {
    // 07:30 in New York.
    let morning = instant("2026-11-17T12:30:00Z")
    #expect(
      DailyPush.next(after: morning, settings: Self.settings("08:00"), mode: .local, timeZone: newYork)
        == instant("2026-11-17T13:00:00Z"))
    #expect(
      DailyPush.next(after: morning, settings: Self.settings("07:30"), mode: .local, timeZone: newYork)
        == instant("2026-11-18T12:30:00Z"), "a moment is never sent for the instant it was accounted at")
    #expect(
      DailyPush.next(after: morning, settings: Self.settings("08:00"), mode: .local, timeZone: utc)
        == instant("2026-11-18T08:00:00Z"))
  }

  @Test("a daily time inside quiet hours is pushed at their end, as the local notification would be")
  func quietHours() {
    let evening = instant("2026-11-18T01:00:00Z")  // 20:00 in New York
    #expect(
      DailyPush.next(after: evening, settings: Self.settings("23:30"), mode: .local, timeZone: newYork)
        == instant("2026-11-18T12:00:00Z"), "07:00, when quiet hours end")
    #expect(
      DailyPush.next(after: evening, settings: Self.settings("23:30", quiet: false), mode: .local, timeZone: newYork)
        == instant("2026-11-18T04:30:00Z"))
  }

  @Test("nothing is pushed with notifications off, NOTIFICATION_MODE=off, or no daily time")
  func nothing() {
    let now = instant("2026-11-17T12:00:00Z")
    #expect(
      DailyPush.next(after: now, settings: Self.settings("08:00", enabled: false), mode: .local, timeZone: utc) == nil)
    #expect(DailyPush.next(after: now, settings: Self.settings("08:00"), mode: .off, timeZone: utc) == nil)
    #expect(DailyPush.next(after: now, settings: Self.settings(nil), mode: .local, timeZone: utc) == nil)
  }

  @Test("a tester's clock moved back starts the accounting there; moved forward, a moment passed over is due")
  func clockMoved() {
    let since = instant("2026-12-02T09:00:00Z")
    let back = instant("2026-11-17T12:00:00Z")
    #expect(DailyPush.since(since, afterClockMovedTo: back) == back)
    let forward = instant("2026-12-03T09:00:00Z")
    #expect(DailyPush.since(since, afterClockMovedTo: forward) == since)
    let due = DailyPush.next(after: since, settings: Self.settings("08:00"), mode: .local, timeZone: utc)!
    #expect(due <= forward, "the 08:00 passed over is due at once")
  }
}
