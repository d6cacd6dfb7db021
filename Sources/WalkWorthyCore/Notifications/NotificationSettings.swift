/// The person's notification choices, saved on the device.
public struct NotificationSettings: Codable, Sendable, Equatable {
  /// The Settings toggle; off (or `NOTIFICATION_MODE=off`) means nothing is scheduled at all.
  public var isEnabled: Bool
  /// When the daily encouragement arrives; nil for none.
  public var dailyTime: TimeOfDay?
  public var quietHours: QuietHours?

  /// The defaults: on, daily at 08:00, quiet from 22:00 to 07:00.
  public init(
    isEnabled: Bool = true, dailyTime: TimeOfDay? = TimeOfDay(hour: 8),
    quietHours: QuietHours? = QuietHours(start: TimeOfDay(hour: 22)!, end: TimeOfDay(hour: 7)!)
  ) {
    self.isEnabled = isEnabled
    self.dailyTime = dailyTime
    self.quietHours = quietHours
  }

  /// The daily time actually used: one inside quiet hours moves to their end.
  var effectiveDailyTime: TimeOfDay? {
    guard let dailyTime, let quietHours, quietHours.contains(dailyTime) else { return dailyTime }
    return quietHours.end
  }
}
