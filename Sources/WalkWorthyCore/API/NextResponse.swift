import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The answer to "what next?": `{"shouldNotify": true, "payload": {…}}`; `payload` may be absent or null.
public struct NextResponse: Codable, Sendable, Equatable {
  public let shouldNotify: Bool
  public let payload: EncouragementPayload?

  public init(shouldNotify: Bool, payload: EncouragementPayload?) {
    self.shouldNotify = shouldNotify
    self.payload = payload
  }
}

/// One encouragement from the API, with the spec's keys: `id`, `ref`, `text`, `encouragement`, and
/// optionally `translation` and `expiresAt` (ISO 8601).
///
/// Decoding rejects an empty `id` (it is what stops a second notification) and an `expiresAt` that
/// is not an ISO 8601 date-time (an unreadable expiry must not become "never expires").
public struct EncouragementPayload: Codable, Sendable, Hashable {
  public let id: String
  public let ref: String
  public let text: String
  public let encouragement: String
  /// The translation's label as the server sends it ("BSB"); see ``Translation/init(abbreviation:)``.
  public let translation: String?
  public let expiresAt: String?

  public init(
    id: String, ref: String, text: String, encouragement: String, translation: String?, expiresAt: String?
  ) {
    self.id = id
    self.ref = ref
    self.text = text
    self.encouragement = encouragement
    self.translation = translation
    self.expiresAt = expiresAt
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    guard !id.isEmpty else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "id must not be empty")
    }
    ref = try container.decode(String.self, forKey: .ref)
    text = try container.decode(String.self, forKey: .text)
    encouragement = try container.decode(String.self, forKey: .encouragement)
    translation = try container.decodeIfPresent(String.self, forKey: .translation)
    expiresAt = try container.decodeTimestampIfPresent(forKey: .expiresAt)
  }

  /// `expiresAt` as an instant; nil when there is none or (for a hand-made payload) it is unreadable.
  public var expiryDate: Date? { expiresAt.flatMap(WireTimestamp.parse) }
}
