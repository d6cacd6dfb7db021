import Foundation
import HTTPTypes
import Hummingbird
import JWTKit
import Logging
import NIOCore
import OrchardKit
import ServerKit
import ServerKitTesting
import Synchronization
import Testing
import _CryptoExtras

@testable import OrchardIdentity

/// Apple's side of Sign in with Apple, on loopback: a key set it serves at `/auth/keys` (which a
/// test can rotate), and identity tokens signed with those keys, shaped as Apple shapes them.
final class FakeApple: Sendable {
  struct Key: Sendable {
    let id: String
    let signer: JWTKeyCollection
    let jwk: JWK
  }

  /// The keys served now, shared with the route that serves them.
  final class Shelf: Sendable {
    let keys = Mutex<[JWK]>([])
  }

  private let shelf: Shelf
  let port: Int
  private let task: Task<Void, any Error>

  static func key(_ id: String) async throws -> Key {
    let key = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    let (modulus, exponent) = try key.publicKey.getKeyPrimitives()
    let signer = JWTKeyCollection()
    await signer.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: id))
    let jwk = JWK.rsa(
      .rs256, identifier: JWKIdentifier(string: id), modulus: modulus.base64URL, exponent: exponent.base64URL)
    return Key(id: id, signer: signer, jwk: jwk)
  }

  /// Starts serving on a free loopback port.
  static func start() async throws -> FakeApple {
    let shelf = Shelf()
    let router = Router()
    router.get("/auth/keys") { _, _ in
      let body = try JSONEncoder().encode(JWKS(keys: shelf.keys.withLock { $0 }))
      return Response(
        status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
    let (ports, port) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in port.yield(channel.localAddress?.port ?? 0) })
    let task = Task { try await app.runService() }
    var iterator = ports.makeAsyncIterator()
    guard let bound = await iterator.next() else { throw CancellationError() }
    return FakeApple(shelf: shelf, port: bound, task: task)
  }

  private init(shelf: Shelf, port: Int, task: Task<Void, any Error>) {
    self.shelf = shelf
    self.port = port
    self.task = task
  }

  var jwksURL: String { "http://127.0.0.1:\(port)/auth/keys" }

  /// Serves exactly these keys from now on.
  func serve(_ keys: [Key]) { shelf.keys.withLock { $0 = keys.map(\.jwk) } }

  func stop() { task.cancel() }

  /// An identity token as Apple issues it.
  static func token(
    _ key: Key, audience: String = "com.orchard.wearbloom", subject: String = "001234.apple.5678",
    email: String? = "ada@privaterelay.appleid.com", rawNonce: String? = "raw-nonce-1", issuedAt: Date,
    lifetime: TimeInterval = 600, issuer: String = "https://appleid.apple.com"
  ) async throws -> String {
    let claims = AppleClaims(
      iss: issuer, aud: [audience], exp: issuedAt.addingTimeInterval(lifetime), iat: issuedAt, sub: subject,
      nonce: rawNonce.map(AppleIdentityTokens.hashedNonce), email: email, emailVerified: email != nil)
    return try await key.signer.sign(claims, kid: JWKIdentifier(string: key.id))
  }
}

extension Data {
  var base64URL: String {
    base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}

@Suite("Sign in with Apple against a fake Apple on loopback")
struct AppleSignInTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  func withApple(
    _ body: @Sendable (FakeApple, AppleIdentityTokens, FakeApple.Key, ManualClock) async throws -> Void
  ) async throws {
    let apple = try await FakeApple.start()
    defer { apple.stop() }
    let first = try await FakeApple.key("key-1")
    apple.serve([first])
    let clock = ManualClock(Self.now)
    let tokens = AppleIdentityTokens(
      settings: AppleSettings(jwksURL: apple.jwksURL, clientIDs: ["wearbloom": ["com.orchard.wearbloom"]]),
      clock: clock)
    try await body(apple, tokens, first, clock)
  }

  func refusal(
    _ tokens: AppleIdentityTokens, _ token: String, nonce: String = "raw-nonce-1"
  ) async
    -> AppleIdentityTokens.Refusal?
  {
    do {
      _ = try await tokens.verify(token, rawNonce: nonce, audiences: ["com.orchard.wearbloom"])
      return nil
    } catch {
      return error as? AppleIdentityTokens.Refusal
    }
  }

  @Test("a good token names its person; a wrong audience, an expired token, a wrong nonce are refused")
  func claims() async throws {
    try await withApple { _, tokens, key, _ in
      let good = try await FakeApple.token(key, issuedAt: Self.now.addingTimeInterval(-60))
      let person = try await tokens.verify(good, rawNonce: "raw-nonce-1", audiences: ["com.orchard.wearbloom"])
      #expect(person.subject == "001234.apple.5678")
      #expect(person.email?.normalized == "ada@privaterelay.appleid.com")
      let elsewhere = try await FakeApple.token(key, audience: "com.other.app", issuedAt: Self.now)
      #expect(await refusal(tokens, elsewhere) == .wrongAudience)
      let expired = try await FakeApple.token(key, issuedAt: Self.now.addingTimeInterval(-700))
      #expect(await refusal(tokens, expired) == .expired)
      #expect(await refusal(tokens, good, nonce: "raw-nonce-2") == .wrongNonce)
      let noNonce = try await FakeApple.token(key, rawNonce: nil, issuedAt: Self.now)
      #expect(await refusal(tokens, noNonce) == .wrongNonce)
      let forged = try await FakeApple.token(key, issuedAt: Self.now, issuer: "https://evil.example")
      #expect(await refusal(tokens, forged) == .wrongIssuer)
    }
  }

  @Test("a key Apple rotates in is fetched when a token names it; a bad signature is refused")
  func rotation() async throws {
    try await withApple { apple, tokens, first, clock in
      _ = try await tokens.verify(
        try await FakeApple.token(first, issuedAt: Self.now), rawNonce: "raw-nonce-1",
        audiences: ["com.orchard.wearbloom"])
      let second = try await FakeApple.key("key-2")
      apple.serve([first, second])
      let rotated = try await FakeApple.token(second, issuedAt: Self.now)
      // The set is fetched again at most every ten seconds, however many unknown keys are named.
      #expect(await refusal(tokens, rotated) == .unknownKey)
      clock.advance(by: 11)
      #expect(await refusal(tokens, rotated) == nil)
      // A token naming key-1 but signed by key-2's private key.
      let impostor = try await FakeApple.key("key-1")
      let badSignature = try await FakeApple.token(impostor, issuedAt: Self.now)
      #expect(await refusal(tokens, badSignature) == .badSignature)
      #expect(await refusal(tokens, "not.a.token") == .malformed)
    }
  }

  @Test("the API signs in with Apple, links by sub, and never links an unverified account by email")
  func api() async throws {
    let apple = try await FakeApple.start()
    defer { apple.stop() }
    let key = try await FakeApple.key("key-1")
    apple.serve([key])
    try await AuthHarness.run(
      .sqlite,
      settings: IdentitySettings(
        apple: AppleSettings(jwksURL: apple.jwksURL, clientIDs: ["wearbloom": ["com.orchard.wearbloom"]]))
    ) { harness in
      func grant(
        _ token: String, nonce: String = "raw-nonce-1", app: String = "wearbloom"
      ) async throws
        -> JSONAPIClient.Answer
      {
        try await harness.api.send(
          .post, harness.path(app, "token?grant_type=id_token"),
          json: ["provider": "apple", "id_token": token, "nonce": nonce])
      }
      let token = try await FakeApple.token(key, issuedAt: AuthHarness.start)
      let first = try await grant(token)
      #expect(first.status == .ok)
      let user = try #require(first.json?["user"] as? [String: Any])
      #expect(user["email"] as? String == "ada@privaterelay.appleid.com")
      #expect((user["app_metadata"] as? [String: Any])?["providers"] as? [String] == ["apple"])
      // Later sign-ins carry no email: the sub alone finds the account.
      let again = try await grant(try await FakeApple.token(key, email: nil, issuedAt: AuthHarness.start))
      #expect((again.json?["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)
      #expect(try await grant(token, nonce: "another").code == "bad_jwt")
      #expect(try await grant(token, app: "dangdai").code == "provider_disabled")

      // Someone signed up with Bea's address and never proved it: Apple's Bea is not let in there.
      _ = try await harness.signUp("bea@example.com")
      let bea = try await FakeApple.token(
        key, subject: "bea.apple", email: "bea@example.com", issuedAt: AuthHarness.start)
      #expect(try await grant(bea).code == "email_exists")
    }
  }
}
