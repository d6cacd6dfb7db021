#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The APIs' spellings of an instant in UTC, `YYYY-MM-DDTHH:MM:SS.sssZ` (milliseconds) or
/// `YYYY-MM-DDTHH:MM:SSZ` (whole seconds), and of a day, `YYYY-MM-DD`, read and written field by
/// field: exactly what a contract's pattern allows, and far cheaper than a general ISO 8601 parser.
public enum WireTimestamp {
  /// How many digits follow the seconds.
  public enum Precision: Sendable {
    /// `.sss`, as MIGA's events carry them.
    case milliseconds
    /// None, as WalkWorthy's Canvas times are written.
    case seconds
  }

  /// What a string that should hold a date or an instant turned out to be.
  public enum Parsed<Value> {
    case value(Value)
    /// Fits the contract's pattern but names no real date (30 February).
    case impossible
    /// Does not fit the pattern.
    case malformed
  }

  private static let epoch = LocalDay(year: 1970, month: 1, day: 1)!
  private static let msPerDay: Int64 = 86_400_000
  /// Days since 1970 that `LocalDay` can represent (years 1...9999).
  private static let supportedDays =
    LocalDay(year: 1, month: 1, day: 1)!.days(from: epoch)...LocalDay(year: 9999, month: 12, day: 31)!.days(from: epoch)

  public static func day(_ text: String) -> Parsed<LocalDay> {
    let bytes = Array(text.utf8)
    guard bytes.count == 10 else { return .malformed }
    return day(bytes[0..<10])
  }

  public static func instant(_ text: String, precision: Precision = .milliseconds) -> Parsed<Date> {
    let bytes = Array(text.utf8)
    let length = precision == .milliseconds ? 24 : 20
    guard bytes.count == length, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[length - 1] == UInt8(ascii: "Z"),
      let hour = number(bytes[11..<13]), hour < 24, let minute = number(bytes[14..<16]), minute < 60,
      let second = number(bytes[17..<19]), second < 60
    else { return .malformed }
    var ms: Int64 = 0
    if precision == .milliseconds {
      guard bytes[19] == UInt8(ascii: "."), let fraction = number(bytes[20..<23]) else { return .malformed }
      ms = fraction
    }
    switch day(bytes[0..<10]) {
    case .malformed: return .malformed
    case .impossible: return .impossible
    case .value(let day):
      let total = Int64(day.days(from: epoch)) * msPerDay + (hour * 3600 + minute * 60 + second) * 1000 + ms
      return .value(Date(timeIntervalSince1970: Double(total) / 1000))
    }
  }

  /// Any ISO 8601 date-time with a zone: the wire spellings field by field, anything else (an
  /// offset, another fraction) through Foundation's general parser. Nil for text that names no
  /// instant, 30 February included (the general parser would roll it over into March).
  public static func parse(_ text: String) -> Date? {
    for precision in [Precision.seconds, .milliseconds] {
      switch instant(text, precision: precision) {
      case .value(let date): return date
      case .impossible: return nil
      case .malformed: continue
      }
    }
    return try? Date(text, strategy: .iso8601)
  }

  /// The instant rounded to the nearest millisecond, as events store it, so that it survives a
  /// round trip through its wire form unchanged.
  public static func wholeMilliseconds(_ instant: Date) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds(instant)) / 1000)
  }

  /// The UTC calendar date of `instant`, or nil outside years 1...9999 (which no wire form can
  /// spell).
  public static func utcDay(of instant: Date) -> LocalDay? {
    let days = floorDivide(milliseconds(instant), msPerDay).quotient
    return supportedDays.contains(Int(days)) ? epoch.adding(days: Int(days)) : nil
  }

  /// The instant in the given precision: milliseconds rounded to the nearest, or whole seconds
  /// rounded down (as a clock shows them). Check ``utcDay(of:)`` first for instants that may lie
  /// outside years 1...9999.
  public static func format(_ instant: Date, precision: Precision = .milliseconds) -> String {
    let ms = milliseconds(instant)
    let msOfDay = ((ms % msPerDay) + msPerDay) % msPerDay
    let date = epoch.adding(days: Int((ms - msOfDay) / msPerDay))
    let seconds = msOfDay / 1000
    let time = "\(date)T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
    return precision == .milliseconds ? time + ".\(pad(msOfDay % 1000, 3))Z" : time + "Z"
  }

  /// `YYYY-MM-DD` with year 0001–9999, month 01–12 and day 01–31, as the pattern says.
  private static func day(_ bytes: ArraySlice<UInt8>) -> Parsed<LocalDay> {
    let start = bytes.startIndex
    guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
      let year = number(bytes[start..<start + 4]), year >= 1,
      let month = number(bytes[start + 5..<start + 7]), (1...12).contains(month),
      let day = number(bytes[start + 8..<start + 10]), (1...31).contains(day)
    else { return .malformed }
    return LocalDay(year: Int(year), month: Int(month), day: Int(day)).map { .value($0) } ?? .impossible
  }

  private static func milliseconds(_ instant: Date) -> Int64 {
    let ms = (instant.timeIntervalSince1970 * 1000).rounded()
    // Far beyond year 9999 either way; keeps the conversion from trapping on absurd dates.
    return Int64(min(max(ms, -1e15), 1e15))
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
    var value: Int64 = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
