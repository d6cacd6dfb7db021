import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The API's date-times are ISO 8601 with a zone ("2026-11-18T06:00:00Z"), kept as the spec's
// strings but checked when decoded (``WireTimestamp/parse(_:)``).
extension KeyedDecodingContainer {
  func decodeTimestamp(forKey key: Key) throws -> String {
    let text = try decode(String.self, forKey: key)
    guard WireTimestamp.parse(text) != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "expected an ISO 8601 date-time, got \"\(text)\"")
    }
    return text
  }

  func decodeTimestampIfPresent(forKey key: Key) throws -> String? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try decodeTimestamp(forKey: key)
  }
}
