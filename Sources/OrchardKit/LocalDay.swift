/// A calendar day as a person experiences it — "2026-03-08" — with no time and no time zone.
///
/// Streaks, daily cards and "one per day" limits are about days, not instants, so they compare
/// `LocalDay`s. Turn an instant into one with ``init(containing:in:dayStartHour:)``; after that all
/// arithmetic is plain proleptic Gregorian calendar arithmetic, the same in every zone.
///
/// Years are limited to 1...9999 so that the ISO 8601 form always has four digits.
public struct LocalDay: Sendable, Hashable {
  /// The years a `LocalDay` can represent.
  public static let supportedYears = 1...9999

  /// The year, 1...9999.
  public let year: Int
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, 1...31.
  public let day: Int

  /// Creates the day, or returns `nil` if no such date exists (e.g. 2026-02-29).
  public init?(year: Int, month: Int, day: Int) {
    guard Self.supportedYears.contains(year), (1...12).contains(month),
      (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  init(dayNumber: Int) {
    let date = CivilCalendar.date(dayNumber: dayNumber)
    precondition(Self.supportedYears.contains(date.year), "LocalDay out of range: year \(date.year)")
    (year, month, day) = date
  }

  /// Days since 1970-01-01; the one number all day arithmetic goes through.
  var dayNumber: Int {
    CivilCalendar.dayNumber(year: year, month: month, day: day)
  }

  /// The day `days` days later (earlier, if negative). Traps outside ``supportedYears``.
  public func adding(days: Int) -> LocalDay {
    LocalDay(dayNumber: dayNumber + days)
  }

  /// The number of days from `other` to this day: `tomorrow.days(from: today) == 1`.
  public func days(from other: LocalDay) -> Int {
    dayNumber - other.dayNumber
  }
}

extension LocalDay: Comparable {
  public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
