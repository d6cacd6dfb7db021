import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decides which local notifications should be pending, as a pure function of the settings, the
/// clock and what is pending already. The app replaces its pending notifications with the result.
///
/// The rules: nothing at all when notifications are off; the test notification 10 seconds from
/// now, even in quiet hours (the person just asked for it); a daily encouragement at the chosen
/// time, moved to the end of quiet hours if it falls inside them, for as many days ahead as fit;
/// pending encouragements kept until they fire; never more than ``maximumPending`` (the system's
/// limit), keeping the earliest.
public enum NotificationPlanner {
  /// iOS keeps at most 64 pending local notifications per app.
  public static let maximumPending = 64
  public static let testDelay: TimeInterval = 10
  /// The longest a browser's service worker is trusted to hold a notification before showing it:
  /// a worker is not kept alive for hours, so one due later (after quiet hours) stays in the page.
  public static let browserHoldLimit: TimeInterval = 240
  /// A notification due within this long of now is said to arrive now, not at a time.
  public static let immediateTolerance: TimeInterval = 1

  /// - Parameters:
  ///   - pending: what is scheduled now; daily ones are planned afresh, fired ones dropped.
  ///   - sendingTest: the person pressed "Send test notification".
  ///   - dailyCards: the daily notifications take turns through these, one per day; with none, a
  ///     general line invites the person into the app.
  public static func plan(
    settings: NotificationSettings, mode: NotificationMode, now: Date, timeZone: TimeZone,
    pending: [NotificationRequest] = [], sendingTest: Bool = false, dailyCards: [VerseCard] = [],
    text: Localizer<WalkWorthyText>
  ) -> [NotificationRequest] {
    guard mode == .local, settings.isEnabled else { return [] }
    var requests = pending.filter { $0.kind != .daily && $0.fireAt > now }
    if sendingTest {
      requests.removeAll { $0.kind == .test }
      requests.append(testNotification(now: now, text: text))
    }
    if let time = settings.effectiveDailyTime {
      requests += daily(at: time, after: now, clock: ZonedClock(timeZone: timeZone), cards: dailyCards, text: text)
    }
    var seen: Set<String> = []
    let distinct = requests.filter { seen.insert($0.id).inserted }
    return Array(distinct.sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }.prefix(maximumPending))
  }

  static func testNotification(now: Date, text: Localizer<WalkWorthyText>) -> NotificationRequest {
    NotificationRequest(
      id: "walkworthy.test", kind: .test, fireAt: now.addingTimeInterval(testDelay),
      title: text(.testNotificationTitle), body: text(.testNotificationBody))
  }

  /// One a day from the first `time` after `now`, enough to fill the cap on their own.
  private static func daily(
    at time: TimeOfDay, after now: Date, clock: ZonedClock, cards: [VerseCard], text: Localizer<WalkWorthyText>
  ) -> [NotificationRequest] {
    let today = clock.day(of: now)
    let first = clock.instant(on: today, at: time) > now ? today : today.adding(days: 1)
    return (0..<maximumPending).map { offset in
      let day = first.adding(days: offset)
      // Counted from a fixed day, so planning again tomorrow gives each day the same card.
      let card = cards.isEmpty ? nil : cards[day.days(from: ZonedClock.epoch) % cards.count]
      return NotificationRequest(
        id: "walkworthy.daily.\(day)", kind: .daily, fireAt: clock.instant(on: day, at: time),
        title: card.map { text(.cardTitle, ["ref": $0.ref, "translation": $0.label]) } ?? text(.dailyTitle),
        body: card?.encouragement ?? text(.dailyBody))
    }
  }
}

extension NotificationPlanner {
  /// What the test notification's card says, naming ``testDelay``.
  public static var testExplainer: Message<WalkWorthyText> { testMessage(.testNotificationExplainer) }
  /// The test notification's button, naming ``testDelay``.
  public static var testButton: Message<WalkWorthyText> { testMessage(.testNotificationButton) }
  /// What the settings say once a test is sent, naming ``testDelay``.
  public static var testOnItsWay: Message<WalkWorthyText> { testMessage(.testNotificationOnItsWay) }

  private static func testMessage(_ key: WalkWorthyText) -> Message<WalkWorthyText> {
    Message(key, ["seconds": Int(testDelay)])
  }
}
