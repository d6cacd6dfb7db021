/// The opaque name of a stored image, as it appears in `/api/images/{id}`: 26 characters of
/// lowercase base32 (the RFC 4648 alphabet `a`–`z`, `2`–`7`), 130 random bits.
///
/// The server draws it from an injected generator: production passes `SystemRandomNumberGenerator`,
/// which is cryptographically secure, tests a seeded one. Nothing in it comes from the owner, the
/// garment or a file name, so a URL tells nothing and no id can be guessed. ``init(validating:)``
/// accepts that exact shape only, so text from a URL (`../etc/passwd`) is refused before it
/// reaches a lookup or a file path, and each id has one spelling.
public struct ImageReference: Hashable, Sendable, CustomStringConvertible {
  /// Characters in every id.
  public static let length = 26
  private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

  /// The id's text.
  public let value: String

  /// Draws a new id from `generator`.
  public init(using generator: inout some RandomNumberGenerator) {
    let characters = (0..<Self.length).map { _ in Self.alphabet.randomElement(using: &generator)! }
    value = String(decoding: characters, as: UTF8.self)
  }

  /// Accepts exactly ``length`` characters of lowercase base32; nil for anything else (uppercase,
  /// `0`, `1`, `8`, `9`, punctuation, a wrong length).
  public init?(validating text: String) {
    let bytes = text.utf8
    guard bytes.count == Self.length, bytes.allSatisfy(Self.alphabet.contains) else { return nil }
    value = text
  }

  public var description: String { value }
}

extension ImageReference: Codable {
  /// Decodes the text form, refusing anything ``init(validating:)`` refuses.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let reference = ImageReference(validating: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected \(Self.length) characters of lowercase base32, got \"\(text)\"")
    }
    self = reference
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}
