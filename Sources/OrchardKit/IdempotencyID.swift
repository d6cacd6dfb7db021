/// A random 128-bit identifier that lets a server recognise a retried event or request.
///
/// A client creates one per logical action and sends it with every attempt; the server stores it
/// and answers a repeat with the first result instead of acting twice.
///
/// All 128 bits are random (no UUID version bits), drawn from an injected generator: production
/// passes `SystemRandomNumberGenerator`, which is cryptographically secure, so IDs cannot collide
/// by accident or be guessed; tests pass a seeded one. The text form is exactly 32 lowercase hex
/// digits, and parsing accepts nothing else, so one ID has one spelling as a database key.
public struct IdempotencyID: Hashable, Sendable {
  private let high: UInt64
  private let low: UInt64

  /// Draws a new identifier from `generator`.
  public init<G: RandomNumberGenerator>(using generator: inout G) {
    high = generator.next()
    low = generator.next()
  }

  /// Parses the 32-lowercase-hex-digit form; returns `nil` for anything else (uppercase, dashes,
  /// whitespace, a wrong length).
  public init?(_ string: String) {
    let bytes = Array(string.utf8)
    guard bytes.count == 32, let high = Self.parseHex(bytes[0..<16]),
      let low = Self.parseHex(bytes[16..<32])
    else { return nil }
    self.high = high
    self.low = low
  }

  private static func parseHex(_ digits: ArraySlice<UInt8>) -> UInt64? {
    var value: UInt64 = 0
    for byte in digits {
      let nibble: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      value = value << 4 | UInt64(nibble)
    }
    return value
  }
}

extension IdempotencyID: CustomStringConvertible {
  /// The 32 lowercase hex digits of the identifier.
  public var description: String {
    Self.hex(high) + Self.hex(low)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension IdempotencyID: Codable {
  /// Decodes the string form, rejecting anything ``init(_:)`` rejects.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let id = IdempotencyID(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected 32 lowercase hex digits, got \"\(text)\"")
    }
    self = id
  }

  /// Encodes as the 32-hex-digit string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
