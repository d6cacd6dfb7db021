import Crypto
import Foundation
import OrchardKit
import ServerKit
import Synchronization

/// Why a webhook said to come from fal was not believed. Each is answered 401 but a body that is
/// not JSON, which the handler answers 400.
enum FalWebhookRefusal: String, Error, Sendable, Hashable {
  /// One of the four `X-Fal-Webhook-*` headers is missing.
  case missingHeader
  /// Its timestamp is more than ``FalWebhookVerifier/allowedSkew`` from now (a replay, or a clock far off).
  case stale
  /// No key of fal's key set signed it.
  case badSignature
  /// Signed by fal, for another fal account.
  case otherUser
}

/// Checks that a webhook comes from fal, as fal documents it: an Ed25519 signature over
/// `request_id \n user_id \n timestamp \n sha256hex(raw body)` by one of the keys in fal's JWKS,
/// a timestamp within 300 s of now, and (when configured) our own fal user id.
///
/// The key set is fetched once and kept for a day. A signature no kept key verifies sends for the
/// set again (fal may have rotated its key), at most once every ``refetchInterval``, so a flood of
/// forged webhooks cannot make us flood fal.
final class FalWebhookVerifier: Sendable {
  static let allowedSkew: TimeInterval = 300
  static let keptFor: TimeInterval = 24 * 60 * 60
  static let refetchInterval: TimeInterval = 10

  /// The headers fal signs with.
  enum Header {
    static let requestID = "X-Fal-Webhook-Request-Id"
    static let userID = "X-Fal-Webhook-User-Id"
    static let timestamp = "X-Fal-Webhook-Timestamp"
    static let signature = "X-Fal-Webhook-Signature"
  }

  private let fetch: @Sendable () async throws -> [UInt8]
  private let clock: any WallClock
  private let userID: String?
  private let keys = Mutex<(keys: [Curve25519.Signing.PublicKey], fetchedAt: Date?)>(([], nil))

  /// `fetch` reads fal's JWKS (through the guarded outbound client); `userID` is our fal account's,
  /// when known.
  init(fetch: @escaping @Sendable () async throws -> [UInt8], clock: any WallClock, userID: String? = nil) {
    self.fetch = fetch
    self.clock = clock
    self.userID = userID
  }

  /// The request id of a webhook fal signed, or why it is refused. `header` reads a request header
  /// by name, in any case.
  func verify(body: [UInt8], header: (String) -> String?) async throws -> String {
    guard let requestID = header(Header.requestID), let user = header(Header.userID),
      let timestamp = header(Header.timestamp), let signatureHex = header(Header.signature)
    else { throw FalWebhookRefusal.missingHeader }
    guard let seconds = TimeInterval(timestamp), abs(clock.now.timeIntervalSince1970 - seconds) <= Self.allowedSkew
    else { throw FalWebhookRefusal.stale }
    guard let signature = Hex.bytes(signatureHex), signature.count == 64 else {
      throw FalWebhookRefusal.badSignature
    }
    let message = Array(
      "\(requestID)\n\(user)\n\(timestamp)\n\(Hex.lowercase(SHA256.hash(data: body)))".utf8)
    var verified = Self.anyVerifies(try await currentKeys(), signature, message)
    if !verified, let fresh = try await refetchedKeys() { verified = Self.anyVerifies(fresh, signature, message) }
    guard verified else { throw FalWebhookRefusal.badSignature }
    if let userID, userID != user { throw FalWebhookRefusal.otherUser }
    return requestID
  }

  private static func anyVerifies(
    _ keys: [Curve25519.Signing.PublicKey], _ signature: [UInt8], _ message: [UInt8]
  ) -> Bool {
    keys.contains { $0.isValidSignature(signature, for: message) }
  }

  /// The kept keys, fetched first when there are none or they are a day old.
  private func currentKeys() async throws -> [Curve25519.Signing.PublicKey] {
    let now = clock.now
    let kept = keys.withLock { $0 }
    if let fetchedAt = kept.fetchedAt, now.timeIntervalSince(fetchedAt) < Self.keptFor { return kept.keys }
    return try await load(at: now)
  }

  /// The key set fetched again, unless it was fetched in the last ``refetchInterval``.
  private func refetchedKeys() async throws -> [Curve25519.Signing.PublicKey]? {
    let now = clock.now
    let recent = keys.withLock { $0.fetchedAt.map { now.timeIntervalSince($0) < Self.refetchInterval } ?? false }
    return recent ? nil : try await load(at: now)
  }

  private func load(at now: Date) async throws -> [Curve25519.Signing.PublicKey] {
    let fetched = Self.keys(inJWKS: try await fetch())
    keys.withLock { $0 = (fetched, now) }
    return fetched
  }

  /// The Ed25519 keys of a JWKS document (`{"keys": [{"kty": "OKP", "crv": "Ed25519", "x": …}]}`);
  /// other keys, and a document that is not one, give none.
  static func keys(inJWKS document: [UInt8]) -> [Curve25519.Signing.PublicKey] {
    struct Set: Decodable {
      struct Key: Decodable {
        let kty: String?
        let crv: String?
        let x: String?
      }
      let keys: [Key]
    }
    guard let set = try? JSONDecoder().decode(Set.self, from: Data(document)) else { return [] }
    return set.keys.compactMap { key in
      guard key.kty == "OKP", key.crv == "Ed25519", let x = key.x, let raw = Data(base64URL: x) else { return nil }
      return try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
    }
  }
}
