extension LocalDay: LosslessStringConvertible {
  /// The ISO 8601 calendar date, `YYYY-MM-DD`.
  public var description: String {
    "\(Self.padded(year, to: 4))-\(Self.padded(month, to: 2))-\(Self.padded(day, to: 2))"
  }

  /// Parses exactly `YYYY-MM-DD` (ASCII digits, a real date); anything else — surrounding spaces,
  /// a time part, `2026-3-8`, `2026-02-30` — is `nil`. Stored and transmitted days must have one
  /// spelling, or equal days would compare unequal as text.
  public init?(_ description: String) {
    let bytes = Array(description.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = Self.number(bytes[0..<4]),
      let month = Self.number(bytes[5..<7]),
      let day = Self.number(bytes[8..<10])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

extension LocalDay: Codable {
  /// Decodes the `YYYY-MM-DD` string form, rejecting anything ``init(_:)`` rejects.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = LocalDay(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected a YYYY-MM-DD date, got \"\(text)\"")
    }
    self = day
  }

  /// Encodes as the `YYYY-MM-DD` string, so JSON and databases see a readable date.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
