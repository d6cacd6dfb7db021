import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The API's date-times: ISO 8601 with a zone ("2026-11-18T06:00:00Z"), kept as the spec's
/// strings but checked when decoded.
enum Timestamp {
  /// The instant `text` names. The form the mock and our own answers use, whole seconds in UTC,
  /// is read field by field; any other ISO 8601 spelling (an offset, a fraction) by the general parser.
  static func date(_ text: String) -> Date? {
    if case .value(let date) = WireTimestamp.instant(text, precision: .seconds) { return date }
    return try? Date(text, strategy: .iso8601)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`: whole seconds in UTC.
  static func string(_ date: Date) -> String { WireTimestamp.format(date, precision: .seconds) }

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
