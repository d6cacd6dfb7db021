import Crypto

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

  /// A digest, whole.
  public static func lowercase(_ digest: some Digest) -> String { digest.withUnsafeBytes { lowercase($0) } }
}
