#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The API's date-times: ISO 8601 with a zone ("2026-11-18T06:00:00Z"), kept as the spec's
/// strings but checked when decoded.
enum Timestamp {
  static func date(_ text: String) -> Date? {
    try? Date(text, strategy: .iso8601)
  }

  static func decode<Key: CodingKey>(forKey key: Key, in container: KeyedDecodingContainer<Key>) throws -> String {
    let text = try container.decode(String.self, forKey: key)
    guard date(text) != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "expected an ISO 8601 date-time, got \"\(text)\"")
    }
    return text
  }

  static func decodeIfPresent<Key: CodingKey>(
    forKey key: Key, in container: KeyedDecodingContainer<Key>
  ) throws -> String? {
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try decode(forKey: key, in: container)
  }
}
