import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import IdentityCore
import Logging
import OrchardDatabase
import OrchardIdentity
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

/// Both realms on a fresh database, a client of their API, and a handle on the same database for
/// what the test checks underneath.
struct AuthHarness: Sendable {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  let api: JSONAPIClient
  let database: Database
  let clock: ManualClock
  let hub: IdentityHub
  let configuration: ServerConfiguration
  /// The jobs' randomness, one sequence over every ``runJobs()`` (a fresh one each run would repeat
  /// a link's token).
  let jobRandom: RandomSource

  static func run(
    _ engine: TestDatabase, scale: Double = 100, configure: (inout ServerConfiguration) -> Void = { _ in },
    settings identity: IdentitySettings = IdentitySettings(), _ body: @Sendable (AuthHarness) async throws -> Void
  ) async throws {
    let clock = ManualClock(start)
    let hub = try IdentityHub(
      settings: identity,
      random: .seeded(1),
      hasher: try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2)))
    let key = FileManager.default.temporaryDirectory.appendingPathComponent("orchard-keys-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: key) }
    var configuration = ServerConfiguration.defaults
    configuration.dataDirectory = key.path
    configuration.publicOrigin = WebOrigin("https://orchard.test")
    configuration.rateLimitScale = scale
    configure(&configuration)
    let settings = configuration
    let apps: [any OrchardApp] = [
      AccountsApp(
        announcing: ComingSoonApp(id: "wearbloom", name: "Wearbloom", promise: "-"), realm: .wearbloom, hub: hub),
      AccountsApp(announcing: ComingSoonApp(id: "dangdai", name: "Dangdai", promise: "-"), realm: .dangdai, hub: hub),
    ]
    try await engine.withFreshLocation { location in
      try await withTestServer(
        apps, platform: TablesOnlyPlatform(migrations: [JobQueue.migration] + hub.migrations), configuration: settings,
        database: location, clock: clock,
        random: .seeded(7)
      ) { client, database in
        try await body(
          AuthHarness(
            api: JSONAPIClient(client: client), database: database, clock: clock, hub: hub, configuration: settings,
            jobRandom: .seeded(9)))
      }
    }
  }

  /// Runs every job that is due (reset requests, mail, deletions) to the end.
  @discardableResult
  func runJobs() async throws -> Int {
    let environment = AppEnvironment(
      configuration: configuration, dependencies: ServerDependencies(clock: clock, random: jobRandom),
      database: database, pages: PageRenderer(assets: AssetCatalog()))
    let queue = JobQueue(database: database.sql, clock: clock, random: jobRandom)
    return try await JobWorker(queue: queue, kinds: hub.jobs(environment), name: "test", logger: Logger(label: "test"))
      .drain()
  }

  /// The realm's accounts, as the pages use them.
  func accounts(_ realm: Realm) throws -> Accounts {
    let environment = AppEnvironment(
      configuration: configuration, dependencies: ServerDependencies(clock: clock, random: .seeded(11)),
      database: database, pages: PageRenderer(assets: AssetCatalog()))
    return try hub.accounts(realm, environment: environment)
  }

  func path(_ app: String, _ call: String) -> String { "/\(app)/api/v1/auth/\(call)" }

  /// Sign-up's own answer: a mail is on its way (no session).
  func askSignUp(
    _ email: String, _ password: String = "tulip-91 at dawn", app: String = "wearbloom"
  ) async throws -> JSONAPIClient.Answer {
    try await api.send(.post, path(app, "signup"), json: ["email": email, "password": password])
  }

  /// Signs up and confirms the address with the mailed link, as a person does: `verify`'s answer
  /// (the first session), or sign-up's refusal. What the sign-up mailed is then cleared away
  /// (``clearSignUpMail(to:)``).
  func signUp(
    _ email: String, _ password: String = "tulip-91 at dawn", app: String = "wearbloom"
  ) async throws -> JSONAPIClient.Answer {
    let answer = try await api.signUpConfirmed(
      at: "/\(app)/api/v1/auth", email: email, password: password, outbox: database.sql)
    if answer.status == .ok { try await clearSignUpMail(to: email.lowercased()) }
    return answer
  }

  /// Removes the confirmation mail sent to `address`, its job and its spent link, as if it had
  /// been delivered and read: a test then counts only the mail and links its own steps make.
  func clearSignUpMail(to address: String) async throws {
    let mail = try await database.sql.select().column("id").from("email_outbox")
      .where("to_address", .equal, SQLBind(address)).all().map { try $0.decode(column: "id", as: String.self) }
    guard !mail.isEmpty else { return }
    try await database.sql.delete(from: "jobs").where("kind", .equal, SQLBind(Outbox.kind))
      .where("job_key", .in, SQLBind.group(mail)).run()
    try await database.sql.delete(from: "email_outbox").where("id", .in, SQLBind.group(mail)).run()
    try await database.sql.delete(from: "email_links").where("sent_to", .equal, SQLBind(address))
      .where("purpose", .equal, SQLBind(EmailLink.Purpose.signUp.rawValue)).run()
  }

  func signIn(_ email: String, _ password: String, app: String = "wearbloom") async throws -> JSONAPIClient.Answer {
    try await api.send(.post, path(app, "token?grant_type=password"), json: ["email": email, "password": password])
  }

  func refresh(_ token: String, app: String = "wearbloom") async throws -> JSONAPIClient.Answer {
    try await api.send(.post, path(app, "token?grant_type=refresh_token"), json: ["refresh_token": token])
  }

  /// The links mailed to `address`, oldest first.
  func links(to address: String) async throws -> [String] {
    let rows = try await database.sql.select().columns("text_body").from("email_outbox")
      .where("to_address", .equal, SQLBind(address)).orderBy("created_at").all()
    return try rows.map { row in
      let text = try row.decode(column: "text_body", as: String.self)
      return text.split(whereSeparator: \.isWhitespace).map(String.init).first { $0.hasPrefix("https://") } ?? ""
    }
  }

  static func token(in link: String) -> String {
    URLComponents(string: link)?.queryItems?.first { $0.name == "token" }?.value ?? ""
  }
}

extension JSONAPIClient.Answer {
  var session: (access: String, refresh: String)? {
    guard let json, let access = json["access_token"] as? String, let refresh = json["refresh_token"] as? String
    else { return nil }
    return (access, refresh)
  }

  var code: String? { json?["code"] as? String }
}

@Suite("The accounts API, GoTrue's calls under each app", .timeLimit(.minutes(5)))
struct AuthAPITests {
  @Test(
    "sign-up answers a mail on its way, the link signs in with a session GoTrue's clients read; a weak password says why",
    arguments: TestDatabase.available)
  func signUp(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let asked = try await harness.askSignUp("Ada@Example.com")
      #expect(asked.status == .ok)
      #expect(asked.headers[.cacheControl] == "no-store")
      #expect(asked.json?["email"] as? String == "ada@example.com")
      #expect(asked.json?["confirmation_sent_at"] as? String == "2027-01-15T08:00:00Z")
      #expect(asked.json?["access_token"] == nil)
      let token = try #require(try await JSONAPIClient.mailedToken(to: "ada@example.com", in: harness.database.sql))
      let created = try await harness.api.send(
        .post, harness.path("wearbloom", "verify"), json: ["type": "signup", "token": token])
      #expect(created.status == .ok)
      #expect(created.headers[.cacheControl] == "no-store")
      let json = try #require(created.json)
      #expect(json["token_type"] as? String == "bearer")
      #expect(json["expires_in"] as? Int == 900)
      #expect(json["expires_at"] as? Int == Int(AuthHarness.start.timeIntervalSince1970) + 900)
      let user = try #require(json["user"] as? [String: Any])
      #expect(user["email"] as? String == "ada@example.com")
      #expect(user["aud"] as? String == "wearbloom")
      // The link opens once.
      let again = try await harness.api.send(
        .post, harness.path("wearbloom", "verify"), json: ["type": "signup", "token": token])
      #expect(again.status == .forbidden)
      #expect(again.code == "otp_expired")

      let short = try await harness.askSignUp("bea@example.com", "tulip-9")
      #expect(short.status == .unprocessableContent)
      #expect(short.code == "weak_password")
      #expect((short.json?["weak_password"] as? [String: Any])?["reasons"] as? [String] == ["length"])
      #expect(try await harness.signUp("bea@example.com", "tulip-91").status == .ok)

      // The same email is a separate account in the other app.
      #expect(try await harness.signUp("ada@example.com", app: "dangdai").status == .ok)
    }
  }

  @Test("Dangdai checks a password confirmation when one is sent", arguments: TestDatabase.available)
  func confirmation(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let mismatch = try await harness.api.send(
        .post, harness.path("dangdai", "signup"),
        json: ["email": "ada@example.com", "password": "tulip-91 at dawn", "password_confirmation": "tulip-91 at dusk"])
      #expect(mismatch.status == .badRequest)
      #expect(mismatch.code == "validation_failed")
      #expect(mismatch.json?["msg"] as? String == "Passwords don\u{2019}t match.")
    }
  }

  @Test(
    "sign-in: an unknown email and a wrong password get the same status and body", arguments: TestDatabase.available)
  func signIn(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.signUp("ada@example.com")
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session != nil)
      let wrong = try await harness.signIn("ada@example.com", "tulip-91 at dusk")
      let unknown = try await harness.signIn("bea@example.com", "tulip-91 at dusk")
      #expect(wrong.status == .badRequest)
      #expect(wrong.code == "invalid_credentials")
      #expect(wrong.status == unknown.status)
      #expect(wrong.body == unknown.body)
      let missing = try await harness.api.send(
        .post, harness.path("wearbloom", "token?grant_type=password"), json: ["email": "ada@example.com"])
      #expect(missing.status == .badRequest)
      #expect(missing.code == "validation_failed")
    }
  }

  @Test(
    "five wrong passwords are forgiven; the sixth locks the account, with Retry-After",
    arguments: TestDatabase.available)
  func lockout(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.signUp("ada@example.com")
      for _ in 1...6 {
        #expect(try await harness.signIn("ada@example.com", "wrong password 1").code == "invalid_credentials")
      }
      let locked = try await harness.signIn("ada@example.com", "tulip-91 at dawn")
      #expect(locked.status == .tooManyRequests)
      #expect(locked.code == "over_request_rate_limit")
      #expect(locked.headers[.retryAfter] == "30")
      harness.clock.advance(by: 31)
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").status == .ok)
    }
  }

  @Test("30 auth calls a minute from one address; the 31st is 429 with Retry-After", arguments: TestDatabase.available)
  func addressLimit(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine, scale: 1) { harness in
      for index in 1...30 {
        #expect(try await harness.signIn("nobody\(index)@example.com", "tulip-91 at dawn").status == .badRequest)
      }
      let over = try await harness.api.send(
        .post, harness.path("wearbloom", "recover"), json: ["email": "ada@example.com"])
      #expect(over.status == .tooManyRequests)
      #expect(Int(over.headers[.retryAfter] ?? "") ?? 0 >= 1)
    }
  }

  @Test(
    "a refresh rotates; a spent token shown again after the grace revokes the family", arguments: TestDatabase.available
  )
  func refresh(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let first = try #require(try await harness.signUp("ada@example.com").session)
      let second = try #require(try await harness.refresh(first.refresh).session)
      #expect(second.refresh != first.refresh)
      // A retry within the grace gets the same successor.
      #expect(try await harness.refresh(first.refresh).session?.refresh == second.refresh)
      // The new access token works, so the server now remembers its caller.
      #expect(try await harness.api.send(.get, harness.path("wearbloom", "user"), token: second.access).status == .ok)
      harness.clock.advance(by: 11)
      let reused = try await harness.refresh(first.refresh)
      #expect(reused.status == .badRequest)
      #expect(reused.code == "refresh_token_already_used")
      // The thief's reuse ended the session: the live token and the access token stop working.
      #expect(try await harness.refresh(second.refresh).code == "session_not_found")
      let user = try await harness.api.send(.get, harness.path("wearbloom", "user"), token: second.access)
      #expect(user.status == .unauthorized)
      #expect(user.code == "session_not_found")
      #expect(try await harness.refresh("no-such-token").status == .unauthorized)
    }
  }

  @Test("user needs a token of this app and a live session", arguments: TestDatabase.available)
  func user(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let session = try #require(try await harness.signUp("ada@example.com").session)
      let user = try await harness.api.send(.get, harness.path("wearbloom", "user"), token: session.access)
      #expect(user.status == .ok)
      #expect(user.json?["email"] as? String == "ada@example.com")
      let none = try await harness.api.send(.get, harness.path("wearbloom", "user"))
      #expect(none.status == .unauthorized)
      #expect(none.code == "no_authorization")
      #expect(none.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
      let elsewhere = try await harness.api.send(.get, harness.path("dangdai", "user"), token: session.access)
      #expect(elsewhere.code == "bad_jwt")
      let forged = try await harness.api.send(
        .get, harness.path("wearbloom", "user"), token: session.access.dropLast(4) + "AAAA")
      #expect(forged.code == "bad_jwt")
      harness.clock.advance(by: 901)
      #expect(
        try await harness.api.send(.get, harness.path("wearbloom", "user"), token: session.access).code == "bad_jwt")
    }
  }

  @Test("a null member is refused as outside the contract, not read as absent", arguments: TestDatabase.available)
  func nullMembers(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let session = try #require(try await harness.signUp("ada@example.com", app: "dangdai").session)
      let change = try await harness.api.send(
        .put, harness.path("dangdai", "user"), token: session.access,
        headers: [.contentType: "application/json"], rawBody: #"{"password": null, "current_password": null}"#)
      #expect(change.status == .badRequest)
      #expect(change.code == "validation_failed")
      let signUp = try await harness.api.send(
        .post, harness.path("dangdai", "signup"),
        headers: [.contentType: "application/json"],
        rawBody: #"{"email": "bea@example.com", "password": "tulip-91 at dawn", "password_confirmation": null}"#)
      #expect(signUp.code == "validation_failed")
      #expect(try await harness.signUp("bea@example.com", app: "dangdai").status == .ok)
    }
  }

  @Test("a new password needs the current one and ends every other session", arguments: TestDatabase.available)
  func changePassword(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let here = try #require(try await harness.signUp("ada@example.com").session)
      let there = try #require(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session)
      let path = harness.path("wearbloom", "user")
      let without = try await harness.api.send(.put, path, token: here.access, json: ["password": "maple-42 at noon"])
      #expect(without.code == "current_password_required")
      let wrong = try await harness.api.send(
        .put, path, token: here.access, json: ["password": "maple-42 at noon", "current_password": "nope nope"])
      #expect(wrong.code == "current_password_mismatch")
      let same = try await harness.api.send(
        .put, path, token: here.access, json: ["password": "tulip-91 at dawn", "current_password": "tulip-91 at dawn"])
      #expect(same.code == "same_password")
      let changed = try await harness.api.send(
        .put, path, token: here.access, json: ["password": "maple-42 at noon", "current_password": "tulip-91 at dawn"])
      #expect(changed.status == .ok)
      #expect(try await harness.api.send(.get, path, token: here.access).status == .ok)
      #expect(try await harness.api.send(.get, path, token: there.access).code == "session_not_found")
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").code == "invalid_credentials")
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").status == .ok)
    }
  }

  @Test("a new email waits for its link, which works once", arguments: TestDatabase.available)
  func changeEmail(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let session = try #require(try await harness.signUp("ada@example.com").session)
      _ = try await harness.signUp("taken@example.com")
      let path = harness.path("wearbloom", "user")
      let asked = try await harness.api.send(
        .put, path, token: session.access, json: ["email": "ada@new.example", "current_password": "tulip-91 at dawn"])
      #expect(asked.json?["email"] as? String == "ada@example.com")
      #expect(asked.json?["new_email"] as? String == "ada@new.example")
      let link = try #require(try await harness.links(to: "ada@new.example").first)
      #expect(link.hasPrefix("https://orchard.test/wearbloom/account/confirm-email?token="))
      let accounts = try harness.accounts(.wearbloom)
      let token = AuthHarness.token(in: link)
      let confirmed = try await accounts.confirmEmailChange(token: token, origin: "https://orchard.test", address: nil)
      #expect((try? confirmed.get())?.email?.normalized == "ada@new.example")
      let again = try await accounts.confirmEmailChange(token: token, origin: "https://orchard.test", address: nil)
      #expect(again == .failure(.emailLinkInvalid))
      #expect(try await harness.signIn("ada@new.example", "tulip-91 at dawn").status == .ok)
    }
  }

  @Test("logout ends this session, the others, or all", arguments: TestDatabase.available)
  func logout(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let a = try #require(try await harness.signUp("ada@example.com").session)
      let b = try #require(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session)
      let c = try #require(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session)
      let user = harness.path("wearbloom", "user")
      let others = try await harness.api.send(.post, harness.path("wearbloom", "logout?scope=others"), token: a.access)
      #expect(others.status == .noContent)
      #expect(try await harness.api.send(.get, user, token: a.access).status == .ok)
      #expect(try await harness.api.send(.get, user, token: b.access).code == "session_not_found")
      #expect(try await harness.refresh(c.refresh).status == .unauthorized)
      let d = try #require(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session)
      #expect(
        try await harness.api.send(.post, harness.path("wearbloom", "logout"), token: d.access).status == .noContent)
      #expect(try await harness.api.send(.get, user, token: d.access).status == .unauthorized)
      #expect(try await harness.api.send(.get, user, token: a.access).status == .ok)
      let e = try #require(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session)
      _ = try await harness.api.send(.post, harness.path("wearbloom", "logout?scope=global"), token: e.access)
      #expect(try await harness.api.send(.get, user, token: a.access).status == .unauthorized)
      #expect(try await harness.api.send(.get, user, token: e.access).status == .unauthorized)
    }
  }

  @Test(
    "recover is 200 either way; its link resets once, within 30 minutes, and ends every session",
    arguments: TestDatabase.available)
  func recover(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let session = try #require(try await harness.signUp("ada@example.com").session)
      let path = harness.path("wearbloom", "recover")
      let known = try await harness.api.send(.post, path, json: ["email": "ADA@example.com"])
      let unknown = try await harness.api.send(.post, path, json: ["email": "bea@example.com"])
      #expect(known.status == .ok)
      #expect(known.status == unknown.status && known.body == unknown.body)
      // Two reset requests, then the link and its mail.
      #expect(try await harness.runJobs() == 3)
      #expect(try await harness.links(to: "bea@example.com").isEmpty)
      // A second ask within the minute sends nothing more.
      _ = try await harness.api.send(.post, path, json: ["email": "ada@example.com"])
      #expect(try await harness.runJobs() == 1)
      let links = try await harness.links(to: "ada@example.com")
      #expect(links.count == 1)
      let token = AuthHarness.token(in: try #require(links.first))
      #expect(token.count == 43)

      let accounts = try harness.accounts(.wearbloom)
      let weak = try await accounts.resetPassword(token: token, password: "short", confirmation: nil, address: nil)
      #expect(weak == .failure(.weakPassword(.tooShort(minimum: 8))))
      let reset = try await accounts.resetPassword(
        token: token, password: "maple-42 at noon", confirmation: nil, address: nil)
      #expect((try? reset.get()) != nil)
      let spent = try await accounts.resetPassword(
        token: token, password: "birch-17 at dusk", confirmation: nil, address: nil)
      #expect(spent == .failure(.emailLinkInvalid))
      #expect(
        try await harness.api.send(.get, harness.path("wearbloom", "user"), token: session.access).status
          == .unauthorized)
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").status == .ok)

      // A link older than 30 minutes opens nothing.
      harness.clock.advance(by: 61)
      _ = try await harness.api.send(.post, path, json: ["email": "ada@example.com"])
      // The request, the second link's mail, and the notice of the new password.
      #expect(try await harness.runJobs() == 3)
      let late = AuthHarness.token(in: try #require(try await harness.links(to: "ada@example.com").last))
      #expect(try await harness.links(to: "ada@example.com").count == 3)
      harness.clock.advance(by: 30 * 60 + 1)
      #expect(try await accounts.resetLinkOpens(late) == false)
    }
  }

  @Test("export returns the account, its sessions, its history and each app's part", arguments: TestDatabase.available)
  func export(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      harness.hub.registries["wearbloom"]?.register(Wardrobe(database: harness.database))
      let session = try #require(try await harness.signUp("ada@example.com").session)
      let answer = try await harness.api.send(.get, harness.path("wearbloom", "user/export"), token: session.access)
      #expect(answer.status == .ok)
      let json = try #require(answer.json)
      #expect((json["user"] as? [String: Any])?["email"] as? String == "ada@example.com")
      #expect((json["sessions"] as? [Any])?.count == 1)
      let events = Set((json["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
      #expect(events == ["sign-up", "sign-up-confirmed"])
      let wardrobe = (json["apps"] as? [String: Any])?["wardrobe"] as? [String: Any]
      #expect(wardrobe?["garments"] as? [String] == ["a linen shirt"])
    }
  }

  @Test(
    "delete ends every session at once, and its job leaves no row that names the account",
    arguments: TestDatabase.available)
  func delete(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let wardrobe = Wardrobe(database: harness.database)
      harness.hub.registries["wearbloom"]?.register(wardrobe)
      let session = try #require(try await harness.signUp("ada@example.com").session)
      let user = try #require(
        try await harness.api.send(.get, harness.path("wearbloom", "user"), token: session.access).json)
      let id = try #require(user["id"] as? String)
      try await wardrobe.add(account: id)
      _ = try await harness.api.send(.post, harness.path("wearbloom", "recover"), json: ["email": "ada@example.com"])
      _ = try await harness.refresh(session.refresh)

      let deleted = try await harness.api.send(.delete, harness.path("wearbloom", "user"), token: session.access)
      #expect(deleted.status == .accepted)
      #expect(
        try await harness.api.send(.get, harness.path("wearbloom", "user"), token: session.access).status
          == .unauthorized)
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").code == "invalid_credentials")
      // The address is free at once.
      #expect(try await harness.signUp("ada@example.com", "maple-42 at noon").status == .ok)

      try await harness.runJobs()
      for (table, column) in try await harness.textColumns() {
        let rows = try await harness.database.sql.select().column(SQLColumn(column)).from(table)
          .where(SQLColumn(column), .equal, SQLBind(id)).all()
        #expect(rows.isEmpty, "\(table).\(column) still names the account")
      }
      #expect(try await wardrobe.count(account: id) == 0)
    }
  }
}

/// A stand-in for an app's data: one row per garment, exported and deleted with its account.
struct Wardrobe: AccountData {
  let database: Database
  var name: String { "wardrobe" }

  func add(account: String) async throws {
    try await database.sql.raw("CREATE TABLE IF NOT EXISTS test_wardrobe (account_id TEXT, garment TEXT)").run()
    try await database.sql.insert(into: "test_wardrobe").columns("account_id", "garment")
      .values(SQLBind(account), SQLBind("a linen shirt")).run()
  }

  func count(account: String) async throws -> Int {
    try await database.sql.select().column("garment").from("test_wardrobe")
      .where("account_id", .equal, SQLBind(account)).all().count
  }

  func export(account: String) async throws -> any Encodable & Sendable { ExportBox(garments: ["a linen shirt"]) }

  func delete(account: String) async throws {
    try await database.sql.raw("CREATE TABLE IF NOT EXISTS test_wardrobe (account_id TEXT, garment TEXT)").run()
    try await database.sql.delete(from: "test_wardrobe").where("account_id", .equal, SQLBind(account)).run()
  }
}

struct ExportBox: Encodable, Sendable { let garments: [String] }

extension AuthHarness {
  /// Every text column of every table, read from the engine's catalog.
  func textColumns() async throws -> [(table: String, column: String)] {
    if database.sql.dialect.name == "postgresql" {
      let rows = try await database.sql.raw(
        """
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying')
        """
      ).all()
      return try rows.map {
        (try $0.decode(column: "table_name", as: String.self), try $0.decode(column: "column_name", as: String.self))
      }
    }
    let tables = try await database.sql.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
      .map { try $0.decode(column: "name", as: String.self) }
    var columns: [(String, String)] = []
    for table in tables where !table.hasPrefix("sqlite_") {
      for row in try await database.sql.raw("SELECT name, type FROM pragma_table_info(\(bind: table))").all() {
        let type = try row.decode(column: "type", as: String.self).uppercased()
        if type.contains("TEXT") || type.isEmpty {
          columns.append((table, try row.decode(column: "name", as: String.self)))
        }
      }
    }
    return columns
  }
}
