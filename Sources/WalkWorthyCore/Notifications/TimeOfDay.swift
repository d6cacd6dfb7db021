/// A wall-clock time, "07:30", with no date and no zone. Stored as that string.
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
  public let hour: Int
  public let minute: Int

  /// Nil unless `hour` is 0...23 and `minute` 0...59.
  public init?(hour: Int, minute: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// Parses exactly `HH:MM`.
  public init?(_ description: String) {
    let parts = description.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), let minute = Int(parts[1])
    else { return nil }
    self.init(hour: hour, minute: minute)
  }

  public var description: String {
    (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }

  /// Minutes since midnight.
  var minuteOfDay: Int { hour * 60 + minute }

  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let time = TimeOfDay(text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected HH:MM, got \"\(text)\"")
    }
    self = time
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// Hours in which nothing may arrive. `start` is inclusive and `end` exclusive; a span whose start is
/// after its end wraps past midnight (22:00–07:00), and equal start and end mean no quiet hours.
public struct QuietHours: Sendable, Hashable, Codable {
  public let start: TimeOfDay
  public let end: TimeOfDay

  public init(start: TimeOfDay, end: TimeOfDay) {
    self.start = start
    self.end = end
  }

  public func contains(_ time: TimeOfDay) -> Bool {
    if start < end { return start <= time && time < end }
    if end < start { return start <= time || time < end }
    return false
  }
}
