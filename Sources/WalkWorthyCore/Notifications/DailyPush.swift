import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When a browser that subscribed to Web Push is sent the day's encouragement: at the daily time
/// the person chose, moved out of quiet hours, the moment the app's local daily notification
/// fires; once a day at most, and never for a moment from before it subscribed.
public enum DailyPush {
  /// How long a push service keeps the message for a browser that is away: half a day, after
  /// which the morning's encouragement would arrive out of its day.
  public static let timeToLive: TimeInterval = 12 * 60 * 60

  /// The first daily moment after `since` (the device's time), in the device's zone; nil when
  /// nothing is sent at all (notifications off, or no daily time).
  public static func next(
    after since: Date, settings: NotificationSettings, mode: NotificationMode, timeZone: TimeZone
  ) -> Date? {
    guard mode == .local, settings.isEnabled, let time = settings.effectiveDailyTime else { return nil }
    let clock = ZonedClock(timeZone: timeZone)
    let day = clock.day(of: since)
    let today = clock.instant(on: day, at: time)
    return today > since ? today : clock.instant(on: day.adding(days: 1), at: time)
  }

  /// Where the accounting starts again when a tester moves the device's clock: back before the
  /// last moment accounted for, from the new time (nothing is sent twice for a day gone through
  /// again); forward, unchanged, so a daily moment passed over is sent.
  public static func since(_ since: Date, afterClockMovedTo now: Date) -> Date { min(since, now) }
}

/// A browser's Web Push subscription on this device, and how far its daily messages are done.
public struct PushSubscriptionRecord: Codable, Sendable, Equatable {
  /// The push service's address for this one browser.
  public let endpoint: String
  /// The browser's keys (base64url) its messages are sealed to.
  public let p256dh: String
  public let auth: String
  /// The device's time up to which daily moments are accounted for: the next is the first after it.
  public var since: Date

  public init(endpoint: String, p256dh: String, auth: String, since: Date) {
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
    self.since = since
  }
}
