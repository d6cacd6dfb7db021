import Crypto
import Foundation
import IdentityCore
import JWTKit
import OrchardKit
import ServerKit
import Synchronization

/// What an access token says: whose it is (`sub`), which app it is for (`aud`), its session, and
/// when it ends. GoTrue's claim names, so Supabase-style clients read it as they expect.
public struct AccessClaims: JWTPayload, Equatable {
  public var sub: SubjectClaim
  public var aud: AudienceClaim
  public var iss: IssuerClaim
  public var iat: IssuedAtClaim
  public var exp: ExpirationClaim
  public var sessionID: String
  public var email: String?
  public var role: String

  enum CodingKeys: String, CodingKey {
    case sub, aud, iss, iat, exp, email, role
    case sessionID = "session_id"
  }

  /// The signature is checked by the key collection; time and audience by ``AccessTokens`` on the
  /// server's own clock.
  public func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Short-lived access tokens: JWTs signed with Ed25519 (EdDSA), each naming its app and session.
///
/// The key comes from configuration (a PEM), or is made on first start and kept in the data
/// directory (readable by the server's user only). Every process that serves one realm must hold
/// the same key: behind a load balancer, configure it.
public final class AccessTokens: Sendable {
  private let loaded: Task<JWTKeyCollection, Never>
  private let kid: JWKIdentifier
  private let clock: any WallClock
  private let lifetime: TimeInterval
  /// `iss`: the server's public origin and the auth path, as GoTrue sets it.
  private let issuer: String
  /// Tokens whose signature was checked, with their claims: a signature holds for the token's
  /// life, so a client's next call skips the check (time, audience and issuer are checked on
  /// every call). Bounded: when full it starts over.
  private let signed = Mutex<[String: AccessClaims]>([:])
  static let signedCapacity = 20_000

  public init(
    key: EdDSA.PrivateKey, clock: any WallClock, issuer: String, lifetime: TimeInterval = Lifetimes.standard.accessToken
  ) {
    let keys = JWTKeyCollection()
    let fingerprint = Array(SHA256.hash(data: key.publicKey.rawRepresentation).prefix(8))
    kid = JWKIdentifier(string: Hex.lowercase(fingerprint))
    // The collection is an actor: the key goes in before the first token is signed or checked.
    loaded = Task { [kid] in await keys.add(eddsa: key, kid: kid) }
    self.clock = clock
    self.issuer = issuer
    self.lifetime = lifetime
  }

  /// The key in `pem` when given; else the one kept at `directory/access-token-key.pem`, made
  /// and written there (mode 0600) if there is none yet.
  public static func key(pem: String?, directory: String) throws -> EdDSA.PrivateKey {
    if let pem { return try EdDSA.PrivateKey(pem: pem) }
    let path = (directory as NSString).appendingPathComponent("access-token-key.pem")
    if let stored = FileManager.default.contents(atPath: path) {
      return try EdDSA.PrivateKey(pem: String(decoding: stored, as: UTF8.self))
    }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let key = try EdDSA.PrivateKey(curve: .ed25519)
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data(key.pemRepresentation.utf8), attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    return key
  }

  /// A token for `account` in `session`, and when it ends.
  public func issue(for account: Account, session: String) async throws -> (token: String, expiresAt: Date) {
    let now = clock.now
    let expiresAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + lifetime).rounded(.down))
    let claims = AccessClaims(
      sub: SubjectClaim(value: account.id), aud: AudienceClaim(value: [account.app]), iss: IssuerClaim(value: issuer),
      iat: IssuedAtClaim(value: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))),
      exp: ExpirationClaim(value: expiresAt), sessionID: session, email: account.email?.normalized,
      role: "authenticated")
    return (try await loaded.value.sign(claims, kid: kid), expiresAt)
  }

  /// The claims of `token` if it is ours, unexpired, and for `audience`; otherwise `bad_jwt`.
  /// Only EdDSA is accepted: a token naming another algorithm, or none, has no key here.
  public func verify(_ token: String, audience: String) async throws(AuthFailure) -> AccessClaims {
    let claims: AccessClaims
    if let known = signed.withLock({ $0[token] }) {
      claims = known
    } else {
      do {
        claims = try await loaded.value.verify(token, as: AccessClaims.self)
      } catch {
        throw .badJWT
      }
      signed.withLock { signed in
        if signed.count >= Self.signedCapacity { signed.removeAll(keepingCapacity: true) }
        signed[token] = claims
      }
    }
    let now = clock.now
    guard claims.aud.value.contains(audience), claims.exp.value > now,
      claims.iat.value <= now.addingTimeInterval(60), claims.iss.value == issuer
    else { throw .badJWT }
    return claims
  }
}
