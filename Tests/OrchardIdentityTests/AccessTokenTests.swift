import Foundation
import HTTPTypes
import IdentityCore
import JWTKit
import OrchardKit
import Testing

@testable import OrchardIdentity

@Suite("Access tokens (EdDSA JWTs)", .timeLimit(.minutes(5)))
struct AccessTokenTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  let account = Account(
    id: "acc1", app: "dangdai", email: try? EmailAddress.parse("ada@example.com").get(), emailVerifiedAt: nil,
    language: .english, createdAt: start, deletedAt: nil, failures: .clear, version: 1)

  func tokens(_ clock: ManualClock, key: EdDSA.PrivateKey? = nil) async throws -> AccessTokens {
    AccessTokens(
      key: try key ?? EdDSA.PrivateKey(curve: .ed25519), clock: clock,
      issuer: "https://orchard.test/dangdai/api/v1/auth")
  }

  @Test("a token names its account, app and session, and lasts 15 minutes")
  func issued() async throws {
    let clock = ManualClock(Self.start)
    let tokens = try await tokens(clock)
    let (token, expiresAt) = try await tokens.issue(for: account, session: "s1")
    #expect(expiresAt == Self.start.addingTimeInterval(900))
    let claims = try await tokens.verify(token, audience: "dangdai")
    #expect(claims.sub.value == "acc1" && claims.sessionID == "s1" && claims.email == "ada@example.com")
    #expect(claims.role == "authenticated")
    let header =
      try JSONSerialization.jsonObject(with: base64URL(String(token.split(separator: ".")[0]))) as? [String: Any]
    #expect(header?["alg"] as? String == "EdDSA")
  }

  @Test("another app's, an expired, a tampered, an unsigned or a stranger's token is a bad JWT")
  func refused() async throws {
    let clock = ManualClock(Self.start)
    let tokens = try await tokens(clock)
    let (token, _) = try await tokens.issue(for: account, session: "s1")
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify(token, audience: "wearbloom") }
    // Tampered: the payload says another account, the signature is the old one's.
    var parts = token.split(separator: ".").map(String.init)
    var payload = try #require(try JSONSerialization.jsonObject(with: base64URL(parts[1])) as? [String: Any])
    #expect(payload["sub"] as? String == "acc1")
    payload["sub"] = "someone-else"
    parts[1] = try JSONSerialization.data(withJSONObject: payload).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    await #expect(throws: AuthFailure.badJWT) {
      try await tokens.verify(parts.joined(separator: "."), audience: "dangdai")
    }
    // `alg: none`, with no signature at all.
    let none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0." + token.split(separator: ".")[1] + "."
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify(none, audience: "dangdai") }
    // Signed by another server's key.
    let stranger = try await self.tokens(clock)
    let (foreign, _) = try await stranger.issue(for: account, session: "s1")
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify(foreign, audience: "dangdai") }
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify("not.a.jwt", audience: "dangdai") }
    clock.advance(by: 899)
    _ = try await tokens.verify(token, audience: "dangdai")
    clock.advance(by: 1)
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify(token, audience: "dangdai") }
  }

  @Test("a key made on first start is kept (owner-only) and used again on the next")
  func keptKey() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first = try AccessTokens.key(pem: nil, directory: directory)
    let second = try AccessTokens.key(pem: nil, directory: directory)
    #expect(first.publicKey.rawRepresentation == second.publicKey.rawRepresentation)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/access-token-key.pem")
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let clock = ManualClock(Self.start)
    let (token, _) = try await tokens(clock, key: first).issue(for: account, session: "s1")
    _ = try await tokens(clock, key: second).verify(token, audience: "dangdai")
    let configured = try AccessTokens.key(pem: first.pemRepresentation, directory: "/nonexistent")
    #expect(configured.publicKey.rawRepresentation == first.publicKey.rawRepresentation)
  }

  func base64URL(_ text: String) -> Data {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)!
  }

  @Test("a token checked once is still refused once expired, and a token altered after it is refused")
  func remembered() async throws {
    let clock = ManualClock(Self.start)
    let tokens = try await tokens(clock)
    let (token, _) = try await tokens.issue(for: account, session: "s1")
    #expect(try await tokens.verify(token, audience: "dangdai").sessionID == "s1")
    #expect(try await tokens.verify(token, audience: "dangdai").sessionID == "s1")
    var altered = Array(token)
    altered[altered.count - 2] = altered[altered.count - 2] == "A" ? "B" : "A"
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify(String(altered), audience: "dangdai") }
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify(token, audience: "wearbloom") }
    clock.advance(by: 901)
    await #expect(throws: AuthFailure.badJWT) { try await tokens.verify(token, audience: "dangdai") }
  }

  @Test("the bearer token of an Authorization header, spaces around it aside")
  func bearer() {
    let token = { (header: String?) in
      AuthAPIAuthentication.bearer(in: HTTPFields(header.map { [HTTPField(name: .authorization, value: $0)] } ?? []))
    }
    #expect(token("Bearer abc.def") == "abc.def")
    #expect(token("bearer \t abc.def  ") == "abc.def")
    #expect(token("Bearer    ") == nil)
    #expect(token("Basic abc") == nil)
    #expect(token(nil) == nil)
    #expect(token("Bearer " + String(repeating: "a", count: 8_193)) == nil)
    #expect(AccessTokenAuthenticator.maxTokenLength == 8_192)
  }
}
