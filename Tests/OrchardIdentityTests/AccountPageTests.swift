import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import IdentityCore
import OrchardKit
import ServerKit
import ServerKitTesting
import Synchronization
import Testing

@testable import OrchardIdentity

/// A browser's view of the account pages: forms posted from the server's own origin, and the
/// session cookie kept between requests.
struct AccountBrowser: Sendable {
  let harness: AuthHarness
  let origin: String
  var cookie: String?

  init(_ harness: AuthHarness) {
    self.harness = harness
    origin = harness.configuration.publicOrigin?.description ?? "http://127.0.0.1:8080"
  }

  struct Page {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: String
  }

  mutating func get(_ path: String, language: String = "en") async throws -> Page {
    var headers: HTTPFields = [.acceptLanguage: language]
    if let cookie { headers[.cookie] = cookie }
    let response = try await harness.api.client.execute(uri: path, method: .get, headers: headers, body: nil)
    return Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
  }

  /// A link followed: the page, and the cookie it sets kept.
  mutating func follow(_ path: String) async throws -> Page {
    let page = try await get(path)
    if let set = page.headers[.setCookie], let pair = set.split(separator: ";").first {
      cookie = pair.hasSuffix("=") ? nil : String(pair)
    }
    return page
  }

  mutating func post(
    _ path: String, _ fields: [(String, String)], from sender: String? = nil, language: String = "en"
  ) async throws -> Page {
    var headers: HTTPFields = [
      .contentType: "application/x-www-form-urlencoded", .origin: sender ?? origin, .acceptLanguage: language,
    ]
    if let cookie { headers[.cookie] = cookie }
    let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
      .joined(separator: "&")
    let response = try await harness.api.client.execute(
      uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    if let set = response.headers[.setCookie], let pair = set.split(separator: ";").first {
      cookie = pair.hasSuffix("=") ? nil : String(pair)
    }
    return Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
  }

  /// Fills in the sign-up form: the page that says a mail is on its way.
  mutating func askSignUp(_ email: String, app: String = "wearbloom", confirm: Bool = false) async throws -> Page {
    var fields = [("email", email), ("password", "tulip-91 at dawn")]
    if confirm { fields.append(("password_confirmation", "tulip-91 at dawn")) }
    return try await post("/\(app)/account/sign-up", fields)
  }

  /// Signs up as a person does: the form, then the mailed link's page and its button, in this
  /// browser. The button's answer (signed in, on the way to the app); the mail is then cleared
  /// away (``AuthHarness/clearSignUpMail(to:)``).
  mutating func signUp(_ email: String, app: String = "wearbloom", confirm: Bool = false) async throws -> Page {
    let asked = try await askSignUp(email, app: app, confirm: confirm)
    guard asked.status == .ok else { return asked }
    let token = try #require(try await JSONAPIClient.mailedToken(to: email.lowercased(), in: harness.database.sql))
    let opened = try await get("/\(app)/account/confirm-sign-up?token=\(token)")
    #expect(opened.body.contains("action=\"/\(app)/account/confirm-sign-up\""))
    let confirmed = try await post("/\(app)/account/confirm-sign-up", [("token", token)])
    try await harness.clearSignUpMail(to: email.lowercased())
    return confirmed
  }
}

@Suite("The account pages", .timeLimit(.minutes(5)))
struct AccountPageTests {
  static func secure(_ configuration: inout ServerConfiguration) {
    configuration.host = "0.0.0.0"
    configuration.publicOrigin = WebOrigin("https://orchard.test")
  }

  @Test(
    "sign-up sets a __Host- cookie, HttpOnly, SameSite=Lax and Secure, and opens the account",
    arguments: TestDatabase.available)
  func signUpCookie(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine, configure: Self.secure) { harness in
      var browser = AccountBrowser(harness)
      let created = try await browser.signUp("ada@example.com")
      #expect(created.status == .seeOther)
      #expect(created.headers[.location] == "/wearbloom/")
      let cookie = try #require(created.headers[.setCookie])
      #expect(cookie.hasPrefix("__Host-wearbloom-session="))
      for attribute in ["Path=/", "HttpOnly", "SameSite=Lax", "Secure"] { #expect(cookie.contains(attribute)) }
      #expect(!cookie.contains("Domain"))
      let account = try await browser.get("/wearbloom/account")
      #expect(account.status == .ok)
      #expect(account.body.contains("Signed in as ada@example.com"))
      #expect(account.headers[.cacheControl]?.contains("no-store") == true)
    }
  }

  @Test("a cross-site post is refused and changes nothing", arguments: TestDatabase.available)
  func crossSite(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine, configure: Self.secure) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let forged = try await browser.post("/wearbloom/account/delete", [], from: "https://evil.example")
      #expect(forged.status == .forbidden)
      #expect(try await browser.get("/wearbloom/account").status == .ok)
      var stranger = AccountBrowser(harness)
      let signUp = try await stranger.post(
        "/wearbloom/account/sign-up", [("email", "bea@example.com"), ("password", "tulip-91 at dawn")],
        from: "https://evil.example")
      #expect(signUp.status == .forbidden)
      #expect(try await harness.signIn("bea@example.com", "tulip-91 at dawn").code == "invalid_credentials")
    }
  }

  @Test("sign-in gives a new session id; the one the browser held before ends", arguments: TestDatabase.available)
  func fixation(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let planted = try #require(browser.cookie)
      let signedIn = try await browser.post(
        "/wearbloom/account/sign-in", [("email", "ada@example.com"), ("password", "tulip-91 at dawn")])
      #expect(signedIn.status == .seeOther)
      let fresh = try #require(browser.cookie)
      #expect(fresh != planted)
      var attacker = AccountBrowser(harness)
      attacker.cookie = planted
      #expect(try await attacker.get("/wearbloom/account").status == .seeOther)
      #expect(try await browser.get("/wearbloom/account").status == .ok)
    }
  }

  @Test("a web session ends after 30 days unused, and after 90 days however busy", arguments: TestDatabase.available)
  func timeouts(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var idle = AccountBrowser(harness)
      _ = try await idle.signUp("ada@example.com")
      var busy = AccountBrowser(harness)
      _ = try await busy.post(
        "/wearbloom/account/sign-in", [("email", "ada@example.com"), ("password", "tulip-91 at dawn")])
      for _ in 0..<29 {
        harness.clock.advance(by: 86_400)
        #expect(try await busy.get("/wearbloom/account").status == .ok)
      }
      harness.clock.advance(by: 86_400 + 1)
      #expect(try await idle.get("/wearbloom/account").status == .seeOther)
      for _ in 0..<60 {
        #expect(try await busy.get("/wearbloom/account").status == .ok)
        harness.clock.advance(by: 86_400)
      }
      #expect(try await busy.get("/wearbloom/account").headers[.location] == "/wearbloom/account/sign-in")
    }
  }

  @Test("signing out ends the session on the server, not only the cookie", arguments: TestDatabase.available)
  func signOut(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let held = try #require(browser.cookie)
      let out = try await browser.post("/wearbloom/account/sign-out", [])
      #expect(out.headers[.location] == "/wearbloom/account/sign-in?done=signed-out")
      #expect(browser.cookie == nil)
      var replay = AccountBrowser(harness)
      replay.cookie = held
      #expect(try await replay.get("/wearbloom/account").status == .seeOther)
    }
  }

  @Test(
    "the account page, remembered per session, shows a change the moment it is made", arguments: TestDatabase.available)
  func rememberedPageFollowsChanges(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let before = try await browser.get("/wearbloom/account")
      #expect(before.body.contains("ada@example.com"))
      #expect(!before.body.contains("grace@example.com"))
      #expect(try await browser.get("/wearbloom/account").body == before.body)
      let asked = try await browser.post(
        "/wearbloom/account/email", [("email", "grace@example.com"), ("email_current_password", "tulip-91 at dawn")])
      #expect(asked.status == .ok)
      let after = try await browser.get("/wearbloom/account")
      #expect(after.body.contains("grace@example.com"))
      var learner = AccountBrowser(harness)
      _ = try await learner.signUp("lin@example.com", app: "dangdai", confirm: true)
      let english = try await learner.get("/dangdai/account")
      let french = try await learner.get("/dangdai/account", language: "fr")
      #expect(english.body.contains("<html lang=\"en\""))
      #expect(french.body.contains("<html lang=\"fr\""))
      #expect(try await learner.get("/dangdai/account").body == english.body)
    }
  }

  /// Each process remembers a web session for up to a minute; a sign-out in another process on the
  /// same PostgreSQL reaches it at its next revocation check (every second).
  @Test(
    "a sign-out in one process ends the session another process remembered",
    arguments: TestDatabase.available.filter { $0 == .postgresql })
  func sharedSignOut(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let token = try #require(browser.cookie?.split(separator: "=", maxSplits: 1).last.map(String.init))
      let (here, there) = (try harness.accounts(.wearbloom), try harness.accounts(.wearbloom))
      #expect(try await here.webSession(token: token) != nil)
      try await there.endWebSession(token: token, address: nil)
      harness.clock.advance(by: 1.5)
      #expect(try await here.webSession(token: token) == nil)
    }
  }

  @Test("forms say what is wrong beside the field, in the visitor's language", arguments: TestDatabase.available)
  func inlineErrors(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var browser = AccountBrowser(harness)
      let mismatch = try await browser.post(
        "/dangdai/account/sign-up",
        [("email", "ada@example.com"), ("password", "tulip-91 at dawn"), ("password_confirmation", "tulip")],
        language: "fr")
      #expect(mismatch.status == .badRequest)
      #expect(mismatch.body.contains("<html lang=\"fr\""))
      #expect(
        mismatch.body.contains("id=\"field-password_confirmation-error\">Les mots de passe ne correspondent pas."))
      #expect(mismatch.body.contains("aria-invalid=\"true\""))
      #expect(mismatch.body.contains("value=\"ada@example.com\""))
      let short = try await browser.post(
        "/wearbloom/account/sign-up", [("email", "ada@example.com"), ("password", "tulip-9")])
      #expect(short.body.contains("id=\"field-password-error\">Use at least 8 characters."))
      #expect(!(try await browser.get("/wearbloom/account/sign-up")).body.contains("password_confirmation"))
      #expect((try await browser.get("/dangdai/account/sign-up")).body.contains("password_confirmation"))
    }
  }

  @Test("forgot, the mailed link, a new password once, and every session ended", arguments: TestDatabase.available)
  func reset(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      var other = AccountBrowser(harness)
      let sent = try await other.post("/wearbloom/account/forgot", [("email", "ada@example.com")])
      #expect(sent.body.contains("If an account uses ada@example.com"))
      let unknown = try await other.post("/wearbloom/account/forgot", [("email", "bea@example.com")])
      #expect(unknown.status == sent.status)
      try await harness.runJobs()
      let link = try #require(try await harness.links(to: "ada@example.com").first)
      let path = String(link.dropFirst("https://orchard.test".count))
      #expect(try await other.get(path).body.contains("name=\"token\""))
      let token = AuthHarness.token(in: link)
      let done = try await other.post("/wearbloom/account/reset", [("token", token), ("password", "maple-42 at noon")])
      #expect(done.headers[.location] == "/wearbloom/account/sign-in?done=reset")
      #expect(try await browser.get("/wearbloom/account").status == .seeOther)
      let again = try await other.post(
        "/wearbloom/account/reset", [("token", token), ("password", "birch-17 at dusk")])
      #expect(again.status == .forbidden)
      #expect(try await other.get(path).status == .forbidden)
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").status == .ok)
    }
  }

  @Test("delete asks first, then removes the account and clears the cookie", arguments: TestDatabase.available)
  func delete(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let ask = try await browser.get("/wearbloom/account/delete")
      #expect(ask.body.contains("It can\u{2019}t be undone."))
      let gone = try await browser.post("/wearbloom/account/delete", [])
      #expect(gone.status == .ok)
      #expect(gone.body.contains("Your account is deleted"))
      #expect(browser.cookie == nil)
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").code == "invalid_credentials")
      #expect(try await harness.runJobs() == 1)
    }
  }

  @Test("sign-up moves the device's data into the new account; signing in to an existing one moves nothing")
  func adoption() async throws {
    try await AuthHarness.run(.sqlite) { harness in
      let moves = Moves()
      harness.hub.registries["wearbloom"]?.register(moves)
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      #expect(moves.made.withLock { $0.count } == 1)
      var other = AccountBrowser(harness)
      _ = try await other.post(
        "/wearbloom/account/sign-in", [("email", "ada@example.com"), ("password", "tulip-91 at dawn")])
      #expect(moves.made.withLock { $0.count } == 1)
    }
  }

  /// A part that records what it was asked to adopt.
  final class Moves: AccountData {
    let made = Mutex<[(device: String, account: String)]>([])
    var name: String { "moves" }
    func export(account: String) async throws -> any Encodable & Sendable { [String]() }
    func delete(account: String) async throws {}
    func adopt(device: String, into account: String) async throws { made.withLock { $0.append((device, account)) } }
  }

  @Test("the export downloads everything the API's export returns")
  func export() async throws {
    try await AuthHarness.run(.sqlite) { harness in
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let file = try await browser.get("/wearbloom/account/export")
      #expect(file.headers[.contentDisposition] == "attachment; filename=\"wearbloom-account.json\"")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(file.body.utf8)) as? [String: Any])
      #expect((json["user"] as? [String: Any])?["email"] as? String == "ada@example.com")
      #expect((json["sessions"] as? [Any])?.count == 1)
    }
  }

  @Test(
    "a realm whose app keeps photos downloads a zip, from the page and the API alike: the JSON as account.json, ISO 8601 times in the apps' parts too, then the photos"
  )
  func exportArchive() async throws {
    try await AuthHarness.run(.sqlite) { harness in
      harness.hub.registries["wearbloom"]?.register(Photos(at: AuthHarness.start))
      var browser = AccountBrowser(harness)
      _ = try await browser.signUp("ada@example.com")
      let cookie = try #require(browser.cookie)
      let page = try await harness.api.client.execute(
        uri: "/wearbloom/account/export", method: .get, headers: [.cookie: cookie], body: nil)
      #expect(page.headers[.contentType] == "application/zip")
      #expect(page.headers[.contentDisposition] == "attachment; filename=\"wearbloom-account.zip\"")
      let token = try #require(
        try await harness.signIn("ada@example.com", "tulip-91 at dawn").json?["access_token"] as? String)
      let api = try await harness.api.send(.get, "/wearbloom/api/v1/auth/user/export", token: token)
      #expect(api.headers[.contentType] == "application/zip")
      for archive in [Array(buffer: page.body), [UInt8](api.body)] {
        let zip = try #require(ZipReader(archive))
        #expect(zip.entries.map(\.path) == ["account.json", "photos/a.jpg"])
        #expect(zip["photos/a.jpg"] == Photos.bytes)
        let document = try #require(zip["account.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        #expect((json["user"] as? [String: Any])?["email"] as? String == "ada@example.com")
        let part = try #require((json["apps"] as? [String: Any])?["photos"] as? [String: Any])
        #expect(part["takenAt"] as? String == "2027-01-15T08:00:00Z")
      }
    }
  }

  /// A part that keeps one photo per account.
  struct Photos: AccountData {
    static let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 1, 2, 3, 0xFF, 0xD9]
    let at: Date
    var name: String { "photos" }
    var keepsFiles: Bool { true }
    struct Export: Encodable, Sendable {
      let file: String
      let takenAt: Date
    }
    func export(account: String) async throws -> any Encodable & Sendable { Export(file: "photos/a.jpg", takenAt: at) }
    func files(account: String) async throws -> [ZipArchive.Entry] { [.init(path: "photos/a.jpg", bytes: Self.bytes)] }
    func delete(account: String) async throws {}
  }

  @Test("/dev/mail reads back the kept messages, and answers loopback only")
  func devMail() throws {
    let message = MailMessage(
      from: "Dangdai <no-reply@localhost>", to: "ada@example.com", subject: "Réinitialisez votre mot de passe",
      text: "Bonjour\n\nhttps://orchard.test/dangdai/account/reset?token=abc\n", html: "<p>Bonjour</p>")
    let kept = DevMail.read(message.rfc5322(id: "m1", date: AuthHarness.start, boundary: "b1"))
    #expect(kept.to == "ada@example.com")
    #expect(kept.subject == "Réinitialisez votre mot de passe")
    #expect(kept.text == message.text)
    #expect(DevMail.isLoopback("127.0.0.1") && DevMail.isLoopback("::1"))
    #expect(!DevMail.isLoopback("192.168.1.20"))
  }
}
