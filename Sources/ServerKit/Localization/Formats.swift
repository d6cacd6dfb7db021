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

  /// A calendar date written out: `November 17, 2026`.
  public func longDate(_ date: Date, in zone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> String {
    date.formatted(Date.FormatStyle(locale: locale, timeZone: zone).year().month(.wide).day())
  }

  /// A number with the language's separators and at most `digits` decimals.
  public func number(_ value: Double, digits: Int = 0) -> String {
    value.formatted(.number.locale(locale).precision(.fractionLength(0...digits)))
  }

  public func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }
}
