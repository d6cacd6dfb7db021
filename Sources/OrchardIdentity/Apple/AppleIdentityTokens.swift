import AsyncHTTPClient
import Crypto
import Foundation
import IdentityCore
import JWTKit
import NIOCore
import OrchardKit
import ServerKit

/// Where Sign in with Apple is checked: Apple's key set (from configuration, so tests serve their
/// own on loopback) and, for each app, the audiences its tokens may carry (the iOS bundle id and
/// the web's services id). An app without audiences does not offer Sign in with Apple.
public struct AppleSettings: Sendable, Equatable {
  public static let issuer = "https://appleid.apple.com"

  /// `ORCHARD_APPLE_JWKS_URL`, Apple's `https://appleid.apple.com/auth/keys` unless set.
  public var jwksURL: String
  /// `ORCHARD_<APP>_APPLE_CLIENT_IDS`, comma separated, by app.
  public var clientIDs: [String: [String]]
  /// The web's authorization-code flow, where the team's key is configured.
  public var web: AppleWebSettings?

  public init(
    jwksURL: String = "https://appleid.apple.com/auth/keys", clientIDs: [String: [String]] = [:],
    web: AppleWebSettings? = nil
  ) {
    self.jwksURL = jwksURL
    self.clientIDs = clientIDs
    self.web = web
  }

  /// The audiences an app's identity tokens may carry: its configured client ids and, where the
  /// web flow is set up for it, its services id.
  public func audiences(of app: String) -> [String]? {
    let all = (clientIDs[app] ?? []) + (web?.servicesIDs[app].map { [$0] } ?? [])
    return all.isEmpty ? nil : all
  }
}

/// What a verified Apple identity token says about the person.
public struct AppleIdentity: Sendable, Equatable {
  /// Apple's stable id for the person within the developer team: what an account is linked by.
  public let subject: String
  /// Absent after the first sign-in, and possibly a private relay address.
  public let email: EmailAddress?
}

/// The claims of an Apple identity token. Apple writes `email_verified` and `is_private_email` as
/// strings in some tokens and booleans in others.
struct AppleClaims: JWTPayload {
  var iss: IssuerClaim
  var aud: AudienceClaim
  var exp: ExpirationClaim
  var iat: IssuedAtClaim
  var sub: SubjectClaim
  var nonce: String?
  var email: String?
  var emailVerified: Bool?

  enum CodingKeys: String, CodingKey {
    case iss, aud, exp, iat, sub, nonce, email
    case emailVerified = "email_verified"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    iss = try container.decode(IssuerClaim.self, forKey: .iss)
    aud = try container.decode(AudienceClaim.self, forKey: .aud)
    exp = try container.decode(ExpirationClaim.self, forKey: .exp)
    iat = try container.decode(IssuedAtClaim.self, forKey: .iat)
    sub = try container.decode(SubjectClaim.self, forKey: .sub)
    nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
    email = try container.decodeIfPresent(String.self, forKey: .email)
    if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
      emailVerified = flag
    } else {
      emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)).flatMap { $0 == "true" }
    }
  }

  init(
    iss: String, aud: [String], exp: Date, iat: Date, sub: String, nonce: String?, email: String?,
    emailVerified: Bool?
  ) {
    self.iss = IssuerClaim(value: iss)
    self.aud = AudienceClaim(value: aud)
    self.exp = ExpirationClaim(value: exp)
    self.iat = IssuedAtClaim(value: iat)
    self.sub = SubjectClaim(value: sub)
    self.nonce = nonce
    self.email = email
    self.emailVerified = emailVerified
  }

  /// Time and audience are checked by ``AppleIdentityTokens`` on the server's own clock.
  func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Checks Apple identity tokens (RS256) against Apple's key set, kept in memory and fetched again
/// when a token names a key it does not hold (Apple rotates its keys), at most once every ten
/// seconds, so forged key ids cannot make the server hammer Apple.
public actor AppleIdentityTokens {
  let settings: AppleSettings
  let clock: any WallClock
  let client: HTTPClient
  private var keys = JWTKeyCollection()
  private var known: Set<String> = []
  private var fetchedAt: Date?

  public init(settings: AppleSettings, clock: any WallClock, client: HTTPClient = .shared) {
    self.settings = settings
    self.clock = clock
    self.client = client
  }

  /// Why a token is refused, for the log; the caller sees one answer for all of them.
  public enum Refusal: Error, Equatable {
    case malformed, unknownKey, badSignature, wrongIssuer, wrongAudience, expired, wrongNonce
  }

  /// The person an identity token names, if it is Apple's, for one of `audiences`, unexpired, and
  /// carries the SHA-256 of `rawNonce` (the nonce the client made and sent to Apple hashed).
  public func verify(_ token: String, rawNonce: String, audiences: [String]) async throws -> AppleIdentity {
    guard let kid = Self.keyID(of: token) else { throw Refusal.malformed }
    if !known.contains(kid) { try await refresh() }
    guard known.contains(kid) else { throw Refusal.unknownKey }
    let claims: AppleClaims
    do {
      claims = try await keys.verify(token, as: AppleClaims.self)
    } catch {
      throw Refusal.badSignature
    }
    guard claims.iss.value == AppleSettings.issuer else { throw Refusal.wrongIssuer }
    guard claims.aud.value.contains(where: audiences.contains) else { throw Refusal.wrongAudience }
    guard claims.exp.value > clock.now else { throw Refusal.expired }
    guard let nonce = claims.nonce, nonce == Self.hashedNonce(rawNonce) else { throw Refusal.wrongNonce }
    let email = claims.email.flatMap { try? EmailAddress.parse($0).get() }
    return AppleIdentity(subject: claims.sub.value, email: claims.emailVerified == false ? nil : email)
  }

  /// The nonce as Apple carries it: the SHA-256 of the raw nonce, in lowercase hex.
  public static func hashedNonce(_ raw: String) -> String {
    Hex.lowercase(SHA256.hash(data: Array(raw.utf8)))
  }

  /// The `kid` of a JWT's header, read before anything is trusted, to find its key; only RS256.
  static func keyID(of token: String) -> String? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = Data(base64URL: String(parts[0])),
      let fields = try? JSONSerialization.jsonObject(with: header) as? [String: Any],
      fields["alg"] as? String == "RS256", let kid = fields["kid"] as? String, !kid.isEmpty
    else { return nil }
    return kid
  }

  private func refresh() async throws {
    let now = clock.now
    if let fetchedAt, now.timeIntervalSince(fetchedAt) < 10 { return }
    fetchedAt = now
    var request = HTTPClientRequest(url: settings.jwksURL)
    request.headers.add(name: "Accept", value: "application/json")
    let response = try await client.execute(request, timeout: .seconds(10))
    guard response.status == .ok else { throw AppleKeysUnavailable(status: Int(response.status.code)) }
    let body = try await response.body.collect(upTo: 1 << 20)
    let set = try JSONDecoder().decode(JWKS.self, from: Data(buffer: body))
    let fresh = JWTKeyCollection()
    for key in set.keys where key.keyType == .rsa { try await fresh.add(jwk: key) }
    keys = fresh
    known = Set(set.keys.filter { $0.keyType == .rsa }.compactMap { $0.keyIdentifier?.string })
  }
}

/// Apple's key set could not be fetched: the sign-in cannot be checked now (503, try again).
public struct AppleKeysUnavailable: Error, Equatable {
  public let status: Int
}
