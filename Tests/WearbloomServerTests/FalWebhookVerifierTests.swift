import Crypto
import Foundation
import OrchardKit
import ServerKit
import Synchronization
import Testing

@testable import WearbloomServer

/// fal's side of a webhook: a key set, and webhooks signed as fal signs them.
struct FalSigner: Sendable {
  let key = Curve25519.Signing.PrivateKey()

  /// A JWKS holding `keys`' public halves, as fal serves it.
  static func jwks(_ keys: [Curve25519.Signing.PrivateKey]) -> [UInt8] {
    let entries = keys.map { key in
      let x = key.publicKey.rawRepresentation.base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
      return #"{"kty":"OKP","crv":"Ed25519","x":"\#(x)","kid":"k"}"#
    }
    return Array(#"{"keys":[{"kty":"RSA","n":"AQAB","e":"AQAB"},\#(entries.joined(separator: ","))]}"#.utf8)
  }

  /// The headers of a webhook with `body`, signed at `timestamp`.
  func headers(
    body: [UInt8], request: String = "req-1", user: String = "fal-user", timestamp: Date
  )
    throws -> [String: String]
  {
    let seconds = String(Int(timestamp.timeIntervalSince1970))
    let message = "\(request)\n\(user)\n\(seconds)\n\(Hex.lowercase(SHA256.hash(data: body)))"
    let signature = try key.signature(for: Array(message.utf8))
    return [
      "x-fal-webhook-request-id": request, "x-fal-webhook-user-id": user, "x-fal-webhook-timestamp": seconds,
      "x-fal-webhook-signature": Hex.lowercase(signature),
    ]
  }
}

@Suite("fal's webhooks, verified", .timeLimit(.minutes(5)))
struct FalWebhookVerifierTests {
  let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
  let body = Array(#"{"request_id":"req-1","status":"OK","payload":{"images":[]}}"#.utf8)

  /// fal's key set as served now, and how often it was asked for.
  final class KeySet: Sendable {
    let document: Mutex<[UInt8]>
    let fetches = Mutex(0)
    init(_ keys: [Curve25519.Signing.PrivateKey]) { document = Mutex(FalSigner.jwks(keys)) }
    func serve(_ keys: [Curve25519.Signing.PrivateKey]) { document.withLock { $0 = FalSigner.jwks(keys) } }
    var fetched: Int { fetches.withLock { $0 } }
  }

  /// A verifier fetching `keys`.
  func verifier(_ keys: KeySet, user: String? = "fal-user") -> FalWebhookVerifier {
    FalWebhookVerifier(
      fetch: {
        keys.fetches.withLock { $0 += 1 }
        return keys.document.withLock { $0 }
      }, clock: clock, userID: user)
  }

  func read(_ headers: [String: String]) -> (String) -> String? { { headers[$0.lowercased()] } }

  @Test("a webhook fal signed is believed, and names its request")
  func valid() async throws {
    let fal = FalSigner()
    let verifier = verifier(KeySet([fal.key]))
    let headers = try fal.headers(body: body, timestamp: clock.now)
    #expect(try await verifier.verify(body: body, header: read(headers)) == "req-1")
  }

  @Test(
    "a missing header, a stale or future timestamp, a changed body, another signer, another fal account are refused")
  func refusals() async throws {
    let fal = FalSigner()
    let verifier = verifier(KeySet([fal.key]))
    let good = try fal.headers(body: body, timestamp: clock.now)
    for name in good.keys {
      var headers = good
      headers[name] = nil
      await #expect(throws: FalWebhookRefusal.missingHeader) {
        try await verifier.verify(body: body, header: read(headers))
      }
    }
    for offset in [-301.0, 301] {
      let headers = try fal.headers(body: body, timestamp: clock.now.addingTimeInterval(offset))
      await #expect(throws: FalWebhookRefusal.stale) { try await verifier.verify(body: body, header: read(headers)) }
    }
    let edge = try fal.headers(body: body, timestamp: clock.now.addingTimeInterval(-300))
    #expect(try await verifier.verify(body: body, header: read(edge)) == "req-1")
    let changed = body + Array(" ".utf8)
    await #expect(throws: FalWebhookRefusal.badSignature) {
      try await verifier.verify(body: changed, header: read(good))
    }
    let forged = try FalSigner().headers(body: body, timestamp: clock.now)
    await #expect(throws: FalWebhookRefusal.badSignature) {
      try await verifier.verify(body: body, header: read(forged))
    }
    var garbled = good
    garbled["x-fal-webhook-signature"] = "zz" + String(good["x-fal-webhook-signature"]!.dropFirst(2))
    await #expect(throws: FalWebhookRefusal.badSignature) {
      try await verifier.verify(body: body, header: read(garbled))
    }
    let stranger = try fal.headers(body: body, user: "someone-else", timestamp: clock.now)
    await #expect(throws: FalWebhookRefusal.otherUser) { try await verifier.verify(body: body, header: read(stranger)) }
  }

  @Test("the key set is kept a day; a key it lacks sends for it again, at most once every 10 s")
  func rotation() async throws {
    let old = FalSigner()
    let new = FalSigner()
    let keys = KeySet([old.key])
    let verifier = verifier(keys)
    _ = try await verifier.verify(body: body, header: read(try old.headers(body: body, timestamp: clock.now)))
    _ = try await verifier.verify(body: body, header: read(try old.headers(body: body, timestamp: clock.now)))
    #expect(keys.fetched == 1)
    // fal rotates its key: the first webhook signed with the new one fetches the set again.
    keys.serve([new.key])
    clock.advance(by: 11)
    #expect(
      try await verifier.verify(body: body, header: read(try new.headers(body: body, timestamp: clock.now))) == "req-1")
    #expect(keys.fetched == 2)
    // Forgeries in a burst make one fetch at most.
    for _ in 0..<5 {
      let forged = try FalSigner().headers(body: body, timestamp: clock.now)
      await #expect(throws: FalWebhookRefusal.badSignature) {
        try await verifier.verify(body: body, header: read(forged))
      }
    }
    #expect(keys.fetched == 2)
    clock.advance(by: FalWebhookVerifier.keptFor)
    _ = try await verifier.verify(body: body, header: read(try new.headers(body: body, timestamp: clock.now)))
    #expect(keys.fetched == 3)
  }

  @Test("only Ed25519 keys are read from the key set; a document that is not one holds none")
  func keySet() {
    #expect(FalWebhookVerifier.keys(inJWKS: FalSigner.jwks([FalSigner().key, FalSigner().key])).count == 2)
    #expect(FalWebhookVerifier.keys(inJWKS: Array("not json".utf8)).isEmpty)
    #expect(FalWebhookVerifier.keys(inJWKS: Array(#"{"keys":[{"kty":"OKP","crv":"Ed25519","x":"@@"}]}"#.utf8)).isEmpty)
  }

  @Test("hexadecimal reads in either case, and refuses an odd count or another character")
  func hex() {
    #expect(Hex.bytes("00ff7Fa0") == [0x00, 0xFF, 0x7F, 0xA0])
    #expect(Hex.bytes("abc") == nil)
    #expect(Hex.bytes("zz") == nil)
    #expect(Hex.bytes("") == [])
  }
}
