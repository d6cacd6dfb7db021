import Crypto
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

  /// The keys served now, shared with the route that serves them; the web flow's codes, and the
  /// team key `client_secret`s must be signed with.
  final class Shelf: Sendable {
    let keys = Mutex<[JWK]>([])
    let signing = Mutex<Key?>(nil)
    let codes = Mutex<[String: Grant]>([:])
    let team = Mutex<(id: String, key: P256.Signing.PublicKey)?>(nil)
    let now: Date
    /// Whether the token endpoint is having an outage (answers 503).
    let down = Mutex(false)
    /// Every token request, as the fake read it.
    let requests = Mutex<[[String: String]]>([])

    init(now: Date) { self.now = now }
  }

  /// What a person agreed to on Apple's page: the code stands for it until it is spent.
  struct Grant: Sendable {
    let clientID: String
    let redirectURI: String
    let hashedNonce: String
    let subject: String
    let email: String?
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

  /// Starts serving on a free loopback port; tokens it issues say they were issued at `now`.
  static func start(now: Date = AuthHarness.start) async throws -> FakeApple {
    let shelf = Shelf(now: now)
    let router = Router()
    router.get("/auth/keys") { _, _ in
      let body = try JSONEncoder().encode(JWKS(keys: shelf.keys.withLock { $0 }))
      return Response(
        status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
    router.post("/auth/token") { request, _ in try await Self.token(request, shelf: shelf) }
    let (bound, task) = try await LoopbackServer.start(router)
    return FakeApple(shelf: shelf, port: bound, task: task)
  }

  private init(shelf: Shelf, port: Int, task: Task<Void, any Error>) {
    self.shelf = shelf
    self.port = port
    self.task = task
  }

  var jwksURL: String { "http://127.0.0.1:\(port)/auth/keys" }

  /// Serves exactly these keys from now on; the first signs the token endpoint's identity tokens.
  func serve(_ keys: [Key]) {
    shelf.keys.withLock { $0 = keys.map(\.jwk) }
    shelf.signing.withLock { $0 = keys.first }
  }

  /// The key that signs identity tokens now.
  var signingKey: Key? { shelf.signing.withLock { $0 } }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// The team whose key signs `client_secret`s.
  func trust(team: String, key: P256.Signing.PublicKey) { shelf.team.withLock { $0 = (team, key) } }

  /// The person agreed on Apple's page: a code for it, as Apple posts back.
  func agree(
    clientID: String, redirectURI: String, hashedNonce: String, subject: String = "001234.apple.5678",
    email: String? = "ada@privaterelay.appleid.com"
  ) -> String {
    let code = "c" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "") + ".0.apple"
    shelf.codes.withLock {
      $0[code] = Grant(
        clientID: clientID, redirectURI: redirectURI, hashedNonce: hashedNonce, subject: subject, email: email)
    }
    return code
  }

  /// Starts or ends an outage of the token endpoint.
  func outage(_ down: Bool) { shelf.down.withLock { $0 = down } }

  /// Token requests received so far.
  var tokenRequests: [[String: String]] { shelf.requests.withLock { $0 } }

  /// Apple's `POST /auth/token` for `grant_type=authorization_code`: the `client_secret` must be an
  /// ES256 JWT of the trusted team's key (iss the team, sub the client id, aud Apple, unexpired),
  /// the code one it issued for that client and redirect URI, and unspent. Errors are Apple's:
  /// `{"error": "invalid_client"}` or `{"error": "invalid_grant"}` with 400.
  static func token(_ request: Request, shelf: Shelf) async throws -> Response {
    let body = String(buffer: try await request.body.collect(upTo: 1 << 16))
    var form: [String: String] = [:]
    for pair in body.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
      if parts.count == 2 { form[parts[0]] = parts[1] }
    }
    shelf.requests.withLock { $0.append(form) }
    if shelf.down.withLock({ $0 }) { return Response(status: .serviceUnavailable) }
    func refuse(_ error: String) -> Response {
      Response(
        status: .badRequest, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(string: "{\"error\":\"\(error)\"}")))
    }
    guard form["grant_type"] == "authorization_code", let clientID = form["client_id"],
      let secret = form["client_secret"], let (teamID, teamKey) = shelf.team.withLock({ $0 })
    else { return refuse("invalid_request") }
    let verifier = await JWTKeyCollection().add(ecdsa: try ES256PublicKey(backing: teamKey))
    guard let claims = try? await verifier.verify(secret, as: AppleClientSecret.self),
      claims.iss.value == teamID, claims.sub.value == clientID, claims.aud.value == [AppleSettings.issuer]
    else { return refuse("invalid_client") }
    guard let code = form["code"], let grant = shelf.codes.withLock({ $0.removeValue(forKey: code) }),
      grant.clientID == clientID, grant.redirectURI == form["redirect_uri"], let key = shelf.signing.withLock({ $0 })
    else { return refuse("invalid_grant") }
    let identity = AppleClaims(
      iss: AppleSettings.issuer, aud: [clientID], exp: shelf.now.addingTimeInterval(600), iat: shelf.now,
      sub: grant.subject, nonce: grant.hashedNonce, email: grant.email, emailVerified: grant.email != nil)
    let idToken = try await key.signer.sign(identity, kid: JWKIdentifier(string: key.id))
    let answer = try JSONSerialization.data(withJSONObject: [
      "access_token": "a.\(UUID().uuidString)", "token_type": "Bearer", "expires_in": 3600,
      "refresh_token": "r.\(UUID().uuidString)", "id_token": idToken,
    ])
    return Response(
      status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: answer)))
  }

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

@Suite("Sign in with Apple against a fake Apple on loopback", .timeLimit(.minutes(5)))
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
      _ = try await harness.askSignUp("bea@example.com")
      let bea = try await FakeApple.token(
        key, subject: "bea.apple", email: "bea@example.com", issuedAt: AuthHarness.start)
      #expect(try await grant(bea).code == "email_exists")
    }
  }

  /// A server whose Wearbloom offers Sign in with Apple on the web, against `apple`.
  static func webSettings(_ apple: FakeApple, team: P256.Signing.PrivateKey) -> IdentitySettings {
    apple.trust(team: "TEAM123456", key: team.publicKey)
    return IdentitySettings(
      apple: AppleSettings(
        jwksURL: apple.jwksURL, clientIDs: ["wearbloom": ["com.orchard.wearbloom"]],
        web: AppleWebSettings(
          teamID: "TEAM123456", keyID: "KEY1234567", privateKeyPEM: team.pemRepresentation,
          servicesIDs: ["wearbloom": "com.orchard.wearbloom.web"], authorizeURL: apple.url("/auth/authorize"),
          tokenURL: apple.url("/auth/token"))))
  }

  /// A server whose Wearbloom offers Sign in with Apple on the web, and its fake Apple.
  func withWebApple(_ body: @Sendable (FakeApple, AuthHarness) async throws -> Void) async throws {
    let apple = try await FakeApple.start()
    defer { apple.stop() }
    apple.serve([try await FakeApple.key("key-1")])
    let settings = Self.webSettings(apple, team: P256.Signing.PrivateKey())
    try await AuthHarness.run(.sqlite, configure: AccountPageTests.secure, settings: settings) { harness in
      try await body(apple, harness)
    }
  }

  /// Where a visit to Apple was sent, read from the redirect.
  struct Visit {
    let query: [String: String]
    var state: String { query["state"] ?? "" }
    var nonce: String { query["nonce"] ?? "" }
    var redirectURI: String { query["redirect_uri"] ?? "" }

    init(_ location: String?) throws {
      let components = try #require(location.flatMap(URLComponents.init(string:)))
      query = Dictionary(
        (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
  }

  @Test(
    "on the web: to Apple with state and nonce, back by form_post, the code redeemed with an ES256 secret, signed in")
  func web() async throws {
    try await withWebApple { apple, harness in
      var browser = AccountBrowser(harness)
      let signIn = try await browser.get("/wearbloom/account/sign-in")
      #expect(signIn.body.contains("href=\"/wearbloom/account/apple\""))
      #expect(signIn.body.contains("Continue with Apple"))
      #expect(!(try await browser.get("/dangdai/account/sign-in")).body.contains("/account/apple"))

      let start = try await browser.follow("/wearbloom/account/apple")
      #expect(start.status == .seeOther)
      let location = try #require(start.headers[.location])
      #expect(location.hasPrefix(apple.url("/auth/authorize?")))
      let visit = try Visit(location)
      #expect(visit.query["client_id"] == "com.orchard.wearbloom.web")
      #expect(visit.query["response_type"] == "code")
      #expect(visit.query["response_mode"] == "form_post")
      #expect(visit.query["scope"] == "email")
      #expect(visit.redirectURI == "https://orchard.test/wearbloom/account/apple/callback")
      #expect(visit.state.utf8.count >= 43)
      #expect(visit.nonce.count == 64)
      let cookie = try #require(start.headers[.setCookie])
      #expect(cookie.hasPrefix("__Host-wearbloom-apple="))
      for attribute in ["Path=/", "HttpOnly", "Secure", "SameSite=None", "Max-Age=600"] {
        #expect(cookie.contains(attribute))
      }
      // The nonce Apple carries is the hash of one the cookie keeps, never the raw one.
      #expect(!cookie.contains(visit.nonce))

      // The person agrees on Apple's page; Apple posts the code back from its own site.
      let code = apple.agree(
        clientID: "com.orchard.wearbloom.web", redirectURI: visit.redirectURI, hashedNonce: visit.nonce)
      let back = try await browser.post(
        "/wearbloom/account/apple/callback", [("code", code), ("state", visit.state)], from: "https://appleid.apple.com"
      )
      #expect(back.status == .seeOther)
      #expect(back.headers[.location] == "/wearbloom/")
      let cookies = back.headers[values: .setCookie]
      #expect(cookies.contains { $0.hasPrefix("__Host-wearbloom-session=") && $0.contains("SameSite=Lax") })
      #expect(cookies.contains { $0.hasPrefix("__Host-wearbloom-apple=;") && $0.contains("Max-Age=0") })
      let account = try await browser.get("/wearbloom/account")
      #expect(account.body.contains("Signed in as ada@privaterelay.appleid.com"))

      let exchange = try #require(apple.tokenRequests.last)
      #expect(exchange["grant_type"] == "authorization_code")
      #expect(exchange["client_id"] == "com.orchard.wearbloom.web")
      #expect(exchange["redirect_uri"] == visit.redirectURI)
      let secretHeader = try #require(exchange["client_secret"]?.split(separator: ".").first)
      let header = try #require(Data(base64URL: String(secretHeader)))
      let fields = try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
      #expect(fields["alg"] as? String == "ES256")
      #expect(fields["kid"] as? String == "KEY1234567")

      // The same person again, through the API with the app's own audience: the same account.
      let api = try await harness.api.send(
        .post, harness.path("wearbloom", "token?grant_type=id_token"),
        json: [
          "provider": "apple", "nonce": "raw-nonce-1",
          "id_token": try await FakeApple.token(
            try #require(apple.signingKey), email: nil, issuedAt: AuthHarness.start),
        ])
      #expect((api.json?["user"] as? [String: Any])?["email"] as? String == "ada@privaterelay.appleid.com")
    }
  }

  @Test("on the web: a stranger's answer, another visit's state, a spent or foreign code, a cancel, and no 5xx")
  func webRefusals() async throws {
    try await withWebApple { apple, harness in
      let callback = "/wearbloom/account/apple/callback"
      func begin(_ browser: inout AccountBrowser) async throws -> Visit {
        try Visit(try await browser.follow("/wearbloom/account/apple").headers[.location])
      }
      func agreed(_ visit: Visit, nonce: String? = nil, subject: String = "001234.apple.5678") -> String {
        apple.agree(
          clientID: "com.orchard.wearbloom.web", redirectURI: visit.redirectURI, hashedNonce: nonce ?? visit.nonce,
          subject: subject)
      }
      // Someone began a sign-in in their own browser and sends its answer to ours (login CSRF).
      var attacker = AccountBrowser(harness)
      let theirs = try await begin(&attacker)
      var victim = AccountBrowser(harness)
      let planted = try await victim.post(
        callback, [("code", agreed(theirs)), ("state", theirs.state)], from: "https://appleid.apple.com")
      #expect(planted.status == .badRequest)
      #expect(planted.body.contains("began in another browser"))
      #expect(victim.cookie == nil)
      // The victim's own visit, answered with the attacker's state.
      _ = try await begin(&victim)
      let crossed = try await victim.post(
        callback, [("code", agreed(theirs)), ("state", theirs.state)], from: "https://appleid.apple.com")
      #expect(crossed.status == .badRequest)

      // A code Apple never issued, or issued for another nonce: Apple's word is missing.
      var browser = AccountBrowser(harness)
      let visit = try await begin(&browser)
      let made = try await browser.post(
        callback, [("code", "c0.0.made-up"), ("state", visit.state)], from: "https://appleid.apple.com")
      #expect(made.status == .badRequest)
      #expect(made.body.contains("Apple couldn\u{2019}t confirm this sign-in"))
      let again = try await begin(&browser)
      let foreignNonce = try await browser.post(
        callback, [("code", agreed(again, nonce: AppleIdentityTokens.hashedNonce("another"))), ("state", again.state)],
        from: "https://appleid.apple.com")
      #expect(foreignNonce.status == .badRequest)

      // Cancelled on Apple's page: back to sign-in, with a kind word and the cookie cleared.
      let third = try await begin(&browser)
      let cancelled = try await browser.post(
        callback, [("error", "user_cancelled_authorize"), ("state", third.state)], from: "https://appleid.apple.com")
      #expect(cancelled.status == .ok)
      #expect(cancelled.body.contains("Sign in with Apple was cancelled"))
      #expect(cancelled.headers[.setCookie]?.contains("Max-Age=0") == true)

      // Apple having an outage: a page that says so, 503 with Retry-After, never a 500.
      let fourth = try await begin(&browser)
      let code = agreed(fourth)
      apple.outage(true)
      let down = try await browser.post(
        callback, [("code", code), ("state", fourth.state)], from: "https://appleid.apple.com")
      #expect(down.status == .serviceUnavailable)
      #expect(down.headers[.retryAfter] == "5")
      #expect(down.body.contains("Apple can\u{2019}t be reached right now"))

      // Only the callback takes another site's posts.
      let forged = try await browser.post(
        "/wearbloom/account/sign-in", [("email", "ada@example.com"), ("password", "x")],
        from: "https://appleid.apple.com")
      #expect(forged.status == .forbidden)
    }
  }

  @Test("without the team's key, no button, and the web endpoints say it is not set up")
  func webUnconfigured() async throws {
    try await AuthHarness.run(.sqlite) { harness in
      var browser = AccountBrowser(harness)
      #expect(!(try await browser.get("/wearbloom/account/sign-in")).body.contains("/account/apple"))
      #expect(!(try await browser.get("/wearbloom/account/sign-up")).body.contains("/account/apple"))
      let start = try await browser.get("/wearbloom/account/apple")
      #expect(start.status == .notFound)
      #expect(start.body.contains("Sign in with Apple isn\u{2019}t available for Wearbloom yet"))
      let back = try await browser.post(
        "/wearbloom/account/apple/callback", [("code", "c"), ("state", "s")], from: "https://appleid.apple.com")
      #expect(back.status == .notFound)
    }
  }

  @Test("the team's key is read from configuration, all three parts or none")
  func webConfiguration() throws {
    let team = P256.Signing.PrivateKey()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("apple-\(UUID().uuidString).p8")
    try team.pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let settings = try IdentitySettings(environment: [
      "ORCHARD_APPLE_TEAM_ID": "TEAM123456", "ORCHARD_APPLE_KEY_ID": "KEY1234567",
      "ORCHARD_APPLE_PRIVATE_KEY_FILE": file.path, "ORCHARD_WEARBLOOM_APPLE_SERVICES_ID": "com.orchard.wearbloom.web",
    ])
    #expect(settings.apple.web?.servicesIDs == ["wearbloom": "com.orchard.wearbloom.web"])
    #expect(settings.apple.web?.tokenURL == "https://appleid.apple.com/auth/token")
    #expect(settings.apple.audiences(of: "wearbloom") == ["com.orchard.wearbloom.web"])
    #expect(settings.apple.audiences(of: "dangdai") == nil)
    #expect(throws: ConfigurationError.self) {
      try IdentitySettings(environment: ["ORCHARD_APPLE_TEAM_ID": "TEAM123456"])
    }
    #expect(throws: ConfigurationError.self) {
      try IdentitySettings(environment: [
        "ORCHARD_APPLE_TEAM_ID": "TEAM123456", "ORCHARD_APPLE_KEY_ID": "KEY1234567",
        "ORCHARD_APPLE_PRIVATE_KEY_FILE": "/dev/null",
      ])
    }
  }
}
