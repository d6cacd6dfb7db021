import AsyncHTTPClient
import Foundation
import JWTKit
import NIOCore
import OrchardKit

/// Sign in with Apple on the web: what Apple's authorization-code flow needs from configuration.
/// The team's key signs the `client_secret`; each app has its own services id. The endpoints come
/// from configuration too, so tests point them at a fake Apple on loopback.
public struct AppleWebSettings: Sendable, Equatable {
  /// `ORCHARD_APPLE_TEAM_ID`.
  public var teamID: String
  /// `ORCHARD_APPLE_KEY_ID`: the id of the Sign in with Apple key.
  public var keyID: String
  /// `ORCHARD_APPLE_PRIVATE_KEY_FILE`'s contents: that key, a P-256 private key in PEM (`.p8`).
  public var privateKeyPEM: String
  /// `ORCHARD_<APP>_APPLE_SERVICES_ID`, by app: the web's client id.
  public var servicesIDs: [String: String]
  /// `ORCHARD_APPLE_AUTHORIZE_URL`.
  public var authorizeURL: String
  /// `ORCHARD_APPLE_TOKEN_URL`.
  public var tokenURL: String

  public init(
    teamID: String, keyID: String, privateKeyPEM: String, servicesIDs: [String: String],
    authorizeURL: String = "https://appleid.apple.com/auth/authorize",
    tokenURL: String = "https://appleid.apple.com/auth/token"
  ) {
    self.teamID = teamID
    self.keyID = keyID
    self.privateKeyPEM = privateKeyPEM
    self.servicesIDs = servicesIDs
    self.authorizeURL = authorizeURL
    self.tokenURL = tokenURL
  }
}

/// The claims of the `client_secret` Apple asks for at its token endpoint: the team, the services
/// id, Apple as the audience, and a short life (Apple allows up to six months; five minutes is
/// enough for one exchange and leaves nothing worth stealing).
struct AppleClientSecret: JWTPayload {
  var iss: IssuerClaim
  var iat: IssuedAtClaim
  var exp: ExpirationClaim
  var aud: AudienceClaim
  var sub: SubjectClaim

  func verify(using algorithm: some JWTAlgorithm) async throws {
    try exp.verifyNotExpired()
  }
}

/// One app's side of Apple's web flow: where to send the visitor, and how to turn the code Apple
/// posts back into an identity token (`POST /auth/token`, authenticated by an ES256 JWT).
public struct AppleWebSignIn: Sendable {
  public let servicesID: String
  let settings: AppleWebSettings
  let key: ES256PrivateKey
  let client: HTTPClient

  /// Nil when the app has no services id, or the key is not a P-256 private key in PEM.
  public init?(settings: AppleWebSettings, app: String, client: HTTPClient = .shared) {
    guard let servicesID = settings.servicesIDs[app], let key = try? ES256PrivateKey(pem: settings.privateKeyPEM)
    else { return nil }
    self.servicesID = servicesID
    self.settings = settings
    self.key = key
    self.client = client
  }

  /// Where the visitor goes to agree: Apple's page, which posts `code` and `state` back to
  /// `redirectURI` (`response_mode=form_post`, which Apple requires when it is asked for the email).
  /// Apple carries `hashedNonce` into the identity token, binding it to this visit.
  public func authorizationURL(state: String, hashedNonce: String, redirectURI: String) -> String {
    var components = URLComponents(string: settings.authorizeURL) ?? URLComponents()
    components.queryItems = [
      URLQueryItem(name: "client_id", value: servicesID),
      URLQueryItem(name: "redirect_uri", value: redirectURI),
      URLQueryItem(name: "response_type", value: "code"),
      URLQueryItem(name: "response_mode", value: "form_post"),
      URLQueryItem(name: "scope", value: "email"),
      URLQueryItem(name: "state", value: state),
      URLQueryItem(name: "nonce", value: hashedNonce),
    ]
    return components.string ?? settings.authorizeURL
  }

  /// The `client_secret` for a token request made at `now`.
  func clientSecret(now: Date) async throws -> String {
    let claims = AppleClientSecret(
      iss: IssuerClaim(value: settings.teamID), iat: IssuedAtClaim(value: now),
      exp: ExpirationClaim(value: now.addingTimeInterval(300)), aud: AudienceClaim(value: [AppleSettings.issuer]),
      sub: SubjectClaim(value: servicesID))
    let signer = await JWTKeyCollection().add(ecdsa: key, kid: JWKIdentifier(string: settings.keyID))
    return try await signer.sign(claims, kid: JWKIdentifier(string: settings.keyID))
  }

  /// Why Apple did not give an identity token for a code.
  public enum RedeemFailure: Error, Equatable {
    /// Apple refused the exchange (`invalid_grant`: a spent, expired or foreign code; `invalid_client`).
    case refused(String)
    /// Apple could not be reached, or answered with something other than its documented shapes.
    case unavailable
  }

  struct TokenResponse: Decodable {
    let id_token: String
  }

  struct ErrorResponse: Decodable {
    let error: String
  }

  /// Exchanges the authorization `code` Apple posted back for its identity token.
  public func redeem(code: String, redirectURI: String, now: Date) async throws(RedeemFailure) -> String {
    let form = [
      ("client_id", servicesID), ("client_secret", (try? await clientSecret(now: now)) ?? ""), ("code", code),
      ("grant_type", "authorization_code"), ("redirect_uri", redirectURI),
    ]
    .map { "\($0.0)=\(Self.formEncoded($0.1))" }.joined(separator: "&")
    var request = HTTPClientRequest(url: settings.tokenURL)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
    request.headers.add(name: "Accept", value: "application/json")
    request.body = .bytes(ByteBuffer(string: form))
    let status: UInt
    let body: ByteBuffer
    do {
      let response = try await client.execute(request, timeout: .seconds(10))
      status = response.status.code
      body = try await response.body.collect(upTo: 1 << 20)
    } catch {
      throw .unavailable
    }
    let decoder = JSONDecoder()
    if status == 200, let answer = try? decoder.decode(TokenResponse.self, from: Data(buffer: body)) {
      return answer.id_token
    }
    if (400..<500).contains(status), let answer = try? decoder.decode(ErrorResponse.self, from: Data(buffer: body)) {
      throw .refused(answer.error)
    }
    throw .unavailable
  }

  /// `application/x-www-form-urlencoded` for one value: everything but unreserved characters escaped.
  static func formEncoded(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
