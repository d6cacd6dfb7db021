import Foundation
import OrchardKit

/// Dates, times and numbers as a page in `language` shows them.
public struct Formats: Sendable {
  public let language: Language
  let locale: Locale

  public init(_ language: Language) {
    self.language = language
    locale = Locale(identifier: language.rawValue)
  }

  /// A time of day, `3:00 PM` or `15:00` as the language writes it.
  public func time(_ date: Date, in zone: TimeZone) -> String {
    date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: zone))
  }

  /// A weekday, day, month and time: `Tue, Nov 17, 3:00 PM`.
  public func dayAndTime(_ date: Date, in zone: TimeZone) -> String {
    date.formatted(
      Date.FormatStyle(locale: locale, timeZone: zone).weekday(.abbreviated).day().month(.abbreviated).hour()
        .minute())
  }

  /// How long ago `date` was, as the language says it: `2 hours ago`, `yesterday`.
  public func ago(_ date: Date, now: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.locale = locale
    return Date.AnchoredRelativeFormatStyle(
      anchor: now, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar
    ).format(min(date, now))
  }

  /// A calendar date written out: `November 17, 2026`.
  public func longDate(_ date: Date, in zone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> String {
    date.formatted(Date.FormatStyle(locale: locale, timeZone: zone).year().month(.wide).day())
  }

  /// A calendar day as a label: `Monday, November 23`.
  public func day(_ day: LocalDay) -> String {
    Self.noon(day).formatted(Date.FormatStyle(locale: locale, timeZone: .gmt).weekday(.wide).month(.wide).day())
  }

  /// A calendar day's weekday, as short as the language writes it: `M`, `月`.
  public func weekdayInitial(_ day: LocalDay) -> String {
    Self.noon(day).formatted(Date.FormatStyle(locale: locale, timeZone: .gmt).weekday(.narrow))
  }

  /// A calendar day's month and year: `November 2026`.
  public func month(_ day: LocalDay) -> String {
    Self.noon(day).formatted(Date.FormatStyle(locale: locale, timeZone: .gmt).month(.wide).year())
  }

  /// Noon UTC on `day`: an instant that falls on that day whatever is formatted in UTC.
  static func noon(_ day: LocalDay) -> Date {
    let epoch = LocalDay(year: 1970, month: 1, day: 1)!
    return Date(timeIntervalSince1970: Double(day.days(from: epoch)) * 86_400 + 43_200)
  }

  /// A number with the language's separators and at most `digits` decimals.
  public func number(_ value: Double, digits: Int = 0) -> String {
    value.formatted(.number.locale(locale).precision(.fractionLength(0...digits)))
  }

  public func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }

  /// An amount of money given in cents of `currency` (ISO 4217), as the language writes it: `€4.99`.
  public func money(cents: Int, currency: String) -> String {
    (Decimal(cents) / 100).formatted(.currency(code: currency).locale(locale))
  }
}
