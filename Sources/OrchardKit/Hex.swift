/// Bytes as lowercase hexadecimal: digests kept in the database, key ids, asset fingerprints.
public enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  /// Two lowercase digits a byte, written straight into the string's storage (this runs on every
  /// request that carries a session).
  public static func lowercase(_ bytes: some Collection<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
      var index = 0
      for byte in bytes {
        buffer[index] = digits[Int(byte >> 4)]
        buffer[index + 1] = digits[Int(byte & 0x0F)]
        index += 2
      }
      return index
    }
  }

  /// The bytes hexadecimal digits spell, in either case; nil for an odd count or any other
  /// character.
  public static func bytes(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func value(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
