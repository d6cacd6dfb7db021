/// A deterministic random number generator: the same seed always yields the same sequence.
///
/// Use it in tests and anywhere a random choice must be reproducible (a deck shuffled from a stored
/// seed). Production code that only needs unpredictability passes `SystemRandomNumberGenerator`
/// instead; every Orchard rule takes a generic `RandomNumberGenerator`, so either fits.
///
/// Algorithm: **xoshiro256\*\*** 1.0 (Blackman & Vigna, <https://prng.di.unimi.it>), 256 bits of
/// state, period 2^256 − 1. Each step:
///
///     result = rotl(s1 &* 5, 7) &* 9
///     t = s1 << 17
///     s2 ^= s0;  s3 ^= s1;  s1 ^= s2;  s0 ^= s3
///     s2 ^= t;   s3 = rotl(s3, 45)
///
/// The 64-bit seed is expanded into the four state words by **SplitMix64** (Steele, Lea & Flood),
/// as the xoshiro authors recommend, because similar seeds must not give similar states:
///
///     x &+= 0x9E3779B97F4A7C15
///     z = (x ^ (x >> 30)) &* 0xBF58476D1CE4E5B9
///     z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
///     return z ^ (z >> 31)
///
/// Not cryptographically secure: never use it for tokens or identifiers an attacker could guess.
///
/// `Codable` stores the four state words, so a generator resumes exactly where it stopped.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Hashable, Codable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// Creates a generator whose whole sequence is determined by `seed`.
  public init(seed: UInt64) {
    var splitMix = seed
    s0 = Self.splitMix64(&splitMix)
    s1 = Self.splitMix64(&splitMix)
    s2 = Self.splitMix64(&splitMix)
    s3 = Self.splitMix64(&splitMix)
  }

  /// Returns the next 64 random bits and advances the state.
  public mutating func next() -> UInt64 {
    let result = Self.rotateLeft(s1 &* 5, by: 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = Self.rotateLeft(s3, by: 45)
    return result
  }

  private static func splitMix64(_ x: inout UInt64) -> UInt64 {
    x &+= 0x9E37_79B9_7F4A_7C15
    var z = x
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private static func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
  }
}

extension SeededRandomNumberGenerator {
  // Encoded as a plain array of the four words; decoding rejects the all-zero state, from which
  // xoshiro would only ever produce zeros.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    let words = try (0..<4).map { _ in try container.decode(UInt64.self) }
    guard container.isAtEnd, words.contains(where: { $0 != 0 }) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "expected four words, not all zero")
      )
    }
    (s0, s1, s2, s3) = (words[0], words[1], words[2], words[3])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: [s0, s1, s2, s3])
  }
}
