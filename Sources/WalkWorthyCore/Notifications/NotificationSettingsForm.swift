import OrchardKit

/// The Settings screen's notification fields as the person typed them, then the validated
/// ``NotificationSettings``. A time field is text until it reads as `HH:MM`, so a form shown again
/// after a problem keeps exactly what was typed.
public struct NotificationSettingsForm: Sendable, Equatable {
  /// The fields that can be wrong, each named as the form names its input.
  public enum Field: String, Sendable, CaseIterable {
    case dailyTime = "daily"
    case quietStart = "quiet-start"
    case quietEnd = "quiet-end"
  }

  public var isEnabled: Bool
  public var dailyTime: String
  public var quietHoursOn: Bool
  public var quietStart: String
  public var quietEnd: String

  public init(isEnabled: Bool, dailyTime: String, quietHoursOn: Bool, quietStart: String, quietEnd: String) {
    self.isEnabled = isEnabled
    self.dailyTime = dailyTime.trimmed
    self.quietHoursOn = quietHoursOn
    self.quietStart = quietStart.trimmed
    self.quietEnd = quietEnd.trimmed
  }

  /// The form showing saved settings; quiet hours that are off still offer the usual span.
  public init(_ settings: NotificationSettings) {
    let quiet = settings.quietHours ?? NotificationSettings().quietHours
    self.init(
      isEnabled: settings.isEnabled, dailyTime: settings.dailyTime?.description ?? "",
      quietHoursOn: settings.quietHours != nil, quietStart: quiet?.start.description ?? "",
      quietEnd: quiet?.end.description ?? "")
  }

  /// Everything wrong with the form, in the order of its fields.
  public var problems: [NotificationSettingsProblem] {
    var problems: [NotificationSettingsProblem] = []
    // With notifications off, an empty daily time simply means none; a typed one must still read.
    if isEnabled || !dailyTime.isEmpty,
      let problem = Self.problem(dailyTime, missing: .dailyTimeMissing, invalid: .dailyTimeInvalid)
    {
      problems.append(problem)
    }
    guard quietHoursOn else { return problems }
    let start = Self.problem(quietStart, missing: .quietStartMissing, invalid: .quietStartInvalid)
    let end = Self.problem(quietEnd, missing: .quietEndMissing, invalid: .quietEndInvalid)
    problems += [start, end].compactMap { $0 }
    if start == nil, end == nil, quietStart == quietEnd { problems.append(.quietHoursEmpty) }
    return problems
  }

  /// The first problem with `field`, for the sentence beside it.
  public func problem(_ field: Field) -> NotificationSettingsProblem? {
    problems.first { $0.field == field }
  }

  /// The settings to keep, or every problem at once.
  public func validated() -> Result<NotificationSettings, NotificationSettingsError> {
    let problems = problems
    guard problems.isEmpty else { return .failure(NotificationSettingsError(problems: problems)) }
    var quiet: QuietHours?
    if quietHoursOn, let start = TimeOfDay(quietStart), let end = TimeOfDay(quietEnd) {
      quiet = QuietHours(start: start, end: end)
    }
    return .success(NotificationSettings(isEnabled: isEnabled, dailyTime: TimeOfDay(dailyTime), quietHours: quiet))
  }

  /// The two notification switches on the Settings screen.
  public enum Switch: String, Sendable, CaseIterable {
    case notifications
    case quietHours = "quiet"
  }

  /// Flips one switch on its own, as the screen saves it the moment it is flipped. A switch that
  /// needs times takes them from `shown` (the screen) when none are saved: quiet hours that were
  /// off keep no times, and notifications that were off may have no daily time.
  public mutating func flip(_ toggle: Switch, on: Bool, shown: NotificationSettingsForm) {
    switch toggle {
    case .notifications:
      isEnabled = on
      if on, dailyTime.isEmpty { dailyTime = shown.dailyTime }
    case .quietHours:
      if on, !quietHoursOn { (quietStart, quietEnd) = (shown.quietStart, shown.quietEnd) }
      quietHoursOn = on
    }
  }

  static func problem(
    _ text: String, missing: NotificationSettingsProblem, invalid: NotificationSettingsProblem
  ) -> NotificationSettingsProblem? {
    if text.isEmpty { return missing }
    return TimeOfDay(text) == nil ? invalid : nil
  }
}

/// One thing wrong with the notification fields: a stable code and the sentence to show beside
/// its field.
public enum NotificationSettingsProblem: String, Sendable, Hashable, CaseIterable {
  case dailyTimeMissing = "DAILY_TIME_MISSING"
  case dailyTimeInvalid = "DAILY_TIME_INVALID"
  case quietStartMissing = "QUIET_START_MISSING"
  case quietStartInvalid = "QUIET_START_INVALID"
  case quietEndMissing = "QUIET_END_MISSING"
  case quietEndInvalid = "QUIET_END_INVALID"
  /// Quiet hours on, starting and ending at the same minute: they would silence nothing.
  case quietHoursEmpty = "QUIET_HOURS_EMPTY"

  public var code: String { rawValue }

  public var field: NotificationSettingsForm.Field {
    switch self {
    case .dailyTimeMissing, .dailyTimeInvalid: .dailyTime
    case .quietStartMissing, .quietStartInvalid: .quietStart
    case .quietEndMissing, .quietEndInvalid, .quietHoursEmpty: .quietEnd
    }
  }

  public var message: Message<WalkWorthyText> {
    switch self {
    case .dailyTimeMissing: Message(.dailyTimeMissing)
    case .dailyTimeInvalid: Message(.dailyTimeInvalid)
    case .quietStartMissing: Message(.quietStartMissing)
    case .quietStartInvalid, .quietEndInvalid: Message(.quietTimeInvalid)
    case .quietEndMissing: Message(.quietEndMissing)
    case .quietHoursEmpty: Message(.quietHoursEmpty)
    }
  }
}

/// Everything wrong with the notification fields, all at once so the form can mark every field.
public struct NotificationSettingsError: Error, Sendable, Equatable {
  public let problems: [NotificationSettingsProblem]

  public init(problems: [NotificationSettingsProblem]) { self.problems = problems }
}
