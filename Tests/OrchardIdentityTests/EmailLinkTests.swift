import Foundation
import HTTPTypes
import IdentityCore
import NIOCore
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardIdentity

/// The API client of one signed-up account, and the calls these tests make with it.
struct LinkOwner: Sendable {
  let harness: AuthHarness
  let access: String
  let password: String

  static func signUp(_ harness: AuthHarness, _ email: String, app: String = "wearbloom") async throws -> LinkOwner {
    let password = "tulip-91 at dawn"
    let session = try #require(try await harness.signUp(email, password, app: app).session)
    return LinkOwner(harness: harness, access: session.access, password: password)
  }

  func update(_ body: [String: String]) async throws -> JSONAPIClient.Answer {
    var body = body
    body["current_password"] = password
    return try await harness.api.send(.put, harness.path("wearbloom", "user"), token: access, json: body)
  }

  /// Asks for a reset link, and runs the job that mails it.
  func recover(_ email: String) async throws {
    let answer = try await harness.api.send(.post, harness.path("wearbloom", "recover"), json: ["email": email])
    #expect(answer.status == .ok)
    try await harness.runJobs()
  }

  /// The token of the newest link mailed to `address`.
  func token(to address: String) async throws -> String {
    AuthHarness.token(in: try #require(try await harness.links(to: address).last))
  }
}

@Suite("Mailed links die with the password and the address they were sent for", .timeLimit(.minutes(5)))
struct EmailLinkTests {
  @Test(
    "a reset link and an email-change link stop opening once the password is changed",
    arguments: TestDatabase.available)
  func passwordChangeSpendsLinks(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      try await owner.recover("ada@example.com")
      let reset = try await owner.token(to: "ada@example.com")
      #expect(try await owner.update(["email": "ada@new.example"]).status == .ok)
      let change = try await owner.token(to: "ada@new.example")
      let accounts = try harness.accounts(.wearbloom)
      #expect(try await accounts.resetLinkOpens(reset))

      #expect(try await owner.update(["password": "maple-42 at noon"]).status == .ok)
      #expect(try await accounts.resetLinkOpens(reset) == false)
      #expect(try await accounts.emailLinkOpens(change) == false)
      let used = try await accounts.resetPassword(
        token: reset, password: "attacker-77 at night", confirmation: nil, address: nil)
      #expect(used == .failure(.emailLinkInvalid))
      #expect(
        try await accounts.confirmEmailChange(token: change, origin: "https://orchard.test", address: nil)
          == .failure(.emailLinkInvalid))
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").status == .ok)
    }
  }

  @Test("a reset link mailed to the old address dies when a new email is confirmed", arguments: TestDatabase.available)
  func emailChangeSpendsResetLinks(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      try await owner.recover("ada@example.com")
      let reset = try await owner.token(to: "ada@example.com")
      _ = try await owner.update(["email": "ada@new.example"])
      let accounts = try harness.accounts(.wearbloom)
      let confirmed = try await accounts.confirmEmailChange(
        token: try await owner.token(to: "ada@new.example"), origin: "https://orchard.test", address: nil)
      #expect((try? confirmed.get())?.email?.normalized == "ada@new.example")
      #expect(try await accounts.resetLinkOpens(reset) == false)
      let used = try await accounts.resetPassword(
        token: reset, password: "attacker-77 at night", confirmation: nil, address: nil)
      #expect(used == .failure(.emailLinkInvalid))
    }
  }

  @Test(
    "a link opens only while the account still has the email it was mailed for, even unspent",
    arguments: TestDatabase.available)
  func linksAreBoundToTheAddress(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      try await owner.recover("ada@example.com")
      let reset = try await owner.token(to: "ada@example.com")
      _ = try await owner.update(["email": "ada@new.example"])
      let change = try await owner.token(to: "ada@new.example")
      // The email moves by a way that spends nothing: the links still do not open.
      try await harness.database.sql.update("accounts").set("email", to: SQLBind("ada@third.example"))
        .set("version", to: SQLRaw("version + 1")).run()
      let accounts = try harness.accounts(.wearbloom)
      #expect(try await accounts.resetLinkOpens(reset) == false)
      #expect(try await accounts.emailLinkOpens(change) == false)
      #expect(
        try await accounts.confirmEmailChange(token: change, origin: "https://orchard.test", address: nil)
          == .failure(.emailLinkInvalid))
      #expect(try await harness.signIn("ada@third.example", "tulip-91 at dawn").status == .ok)
    }
  }

  @Test("a completed reset spends the account's other links", arguments: TestDatabase.available)
  func resetSpendsOtherLinks(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      _ = try await owner.update(["email": "ada@new.example"])
      let change = try await owner.token(to: "ada@new.example")
      try await owner.recover("ada@example.com")
      let accounts = try harness.accounts(.wearbloom)
      let reset = try await accounts.resetPassword(
        token: try await owner.token(to: "ada@example.com"), password: "maple-42 at noon", confirmation: nil,
        address: nil)
      #expect((try? reset.get()) != nil)
      #expect(try await accounts.emailLinkOpens(change) == false)
    }
  }

  @Test("deleting the account spends every link it had", arguments: TestDatabase.available)
  func deletionSpendsLinks(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      try await owner.recover("ada@example.com")
      _ = try await owner.update(["email": "ada@new.example"])
      let deleted = try await harness.api.send(.delete, harness.path("wearbloom", "user"), token: owner.access)
      #expect(deleted.status == .accepted)
      let unspent = try await harness.database.sql.select().column("token_hash").from("email_links")
        .where("spent_at", .is, SQLLiteral.null).all()
      #expect(unspent.isEmpty)
    }
  }
}

@Suite("Two accounts confirming one new email", .timeLimit(.minutes(5)))
struct EmailRaceTests {
  @Test("the second to confirm an address is told it is taken, never a 500", arguments: TestDatabase.available)
  func secondIsTaken(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let ada = try await LinkOwner.signUp(harness, "ada@example.com")
      let bea = try await LinkOwner.signUp(harness, "bea@example.com")
      _ = try await ada.update(["email": "shared@example.com"])
      let adaLink = try await ada.token(to: "shared@example.com")
      harness.clock.advance(by: 61)
      _ = try await bea.update(["email": "shared@example.com"])
      let beaLink = try await bea.token(to: "shared@example.com")
      #expect(adaLink != beaLink)
      let accounts = try harness.accounts(.wearbloom)
      #expect(
        (try? await accounts.confirmEmailChange(token: beaLink, origin: "https://orchard.test", address: nil).get())
          != nil)
      #expect(
        try await accounts.confirmEmailChange(token: adaLink, origin: "https://orchard.test", address: nil)
          == .failure(.emailExists))
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").status == .ok)
    }
  }

  @Test(
    "two confirmations of one address at once: one wins, the other is told it is taken",
    arguments: TestDatabase.available)
  func atOnce(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let ada = try await LinkOwner.signUp(harness, "ada@example.com")
      let bea = try await LinkOwner.signUp(harness, "bea@example.com")
      _ = try await ada.update(["email": "shared@example.com"])
      let adaLink = try await ada.token(to: "shared@example.com")
      harness.clock.advance(by: 61)
      _ = try await bea.update(["email": "shared@example.com"])
      let beaLink = try await bea.token(to: "shared@example.com")
      let accounts = try harness.accounts(.wearbloom)
      async let first = accounts.confirmEmailChange(token: adaLink, origin: "https://orchard.test", address: nil)
      async let second = accounts.confirmEmailChange(token: beaLink, origin: "https://orchard.test", address: nil)
      let outcomes = try await [first, second]
      #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1)
      #expect(outcomes.filter { $0 == .failure(.emailExists) }.count == 1)
    }
  }
}

@Suite("Email-change requests, held to recover's limits", .timeLimit(.minutes(5)))
struct EmailChangeLimitTests {
  @Test(
    "an address that has an account is answered like a free one, and its mail says so with no link",
    arguments: TestDatabase.available)
  func takenLooksFree(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let ada = try await LinkOwner.signUp(harness, "ada@example.com")
      _ = try await harness.signUp("taken@example.com")
      let taken = try await ada.update(["email": "taken@example.com"])
      harness.clock.advance(by: 61)
      let free = try await ada.update(["email": "free@example.com"])
      #expect(taken.status == .ok && free.status == .ok)
      #expect(taken.json?["new_email"] as? String == "taken@example.com")
      #expect(free.json?["new_email"] as? String == "free@example.com")
      #expect(taken.json.map { Set($0.keys) } == free.json.map { Set($0.keys) })

      let mail = try await harness.database.sql.select().columns("subject", "text_body").from("email_outbox")
        .where("to_address", .equal, SQLBind("taken@example.com")).all()
      #expect(mail.count == 1)
      let body = try mail.first?.decode(column: "text_body", as: String.self) ?? ""
      #expect(
        try mail.first?.decode(column: "subject", as: String.self) == "This address already has a Wearbloom account")
      #expect(!body.contains("token="))
      #expect(try await harness.links(to: "free@example.com").first?.contains("confirm-email?token=") == true)
    }
  }

  @Test("one mail a minute to one address, however many accounts ask", arguments: TestDatabase.available)
  func oneMailAMinute(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let ada = try await LinkOwner.signUp(harness, "ada@example.com")
      let bea = try await LinkOwner.signUp(harness, "bea@example.com")
      for _ in 0..<10 {
        #expect(try await ada.update(["email": "target@example.com"]).status == .ok)
        #expect(try await bea.update(["email": "target@example.com"]).status == .ok)
      }
      #expect(try await harness.links(to: "target@example.com").count == 1)
      harness.clock.advance(by: 61)
      _ = try await bea.update(["email": "target@example.com"])
      #expect(try await harness.links(to: "target@example.com").count == 2)
    }
  }

  @Test("email-change requests spend the per-address auth budget", arguments: TestDatabase.available)
  func addressBudget(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine, scale: 1) { harness in
      let ada = try await LinkOwner.signUp(harness, "ada@example.com")
      var statuses: [Int] = []
      for index in 0..<40 {
        statuses.append(try await ada.update(["email": "t\(index)@example.com"]).status.code)
      }
      #expect(statuses.contains(429))
      #expect(statuses.filter { $0 == 200 }.count < 30)
    }
  }
}

@Suite("\"Was this you?\" mail to the old address", .timeLimit(.minutes(5)))
struct ChangeNoticeTests {
  /// Subjects of the mail sent to `address`, oldest first.
  static func subjects(_ harness: AuthHarness, to address: String) async throws -> [String] {
    try await harness.database.sql.select().column("subject").from("email_outbox")
      .where("to_address", .equal, SQLBind(address)).orderBy("created_at").all()
      .map { try $0.decode(column: "subject", as: String.self) }
  }

  @Test("a new password is told to the account's address", arguments: TestDatabase.available)
  func passwordChange(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      #expect(try await owner.update(["password": "maple-42 at noon"]).status == .ok)
      #expect(try await Self.subjects(harness, to: "ada@example.com") == ["Your Wearbloom password was changed"])
    }
  }

  @Test("a completed reset is told to the account's address", arguments: TestDatabase.available)
  func reset(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      try await owner.recover("ada@example.com")
      let accounts = try harness.accounts(.wearbloom)
      _ = try await accounts.resetPassword(
        token: try await owner.token(to: "ada@example.com"), password: "maple-42 at noon", confirmation: nil,
        address: nil)
      #expect(try await Self.subjects(harness, to: "ada@example.com").last == "Your Wearbloom password was changed")
    }
  }

  @Test("a confirmed new email is told to the old address, naming the new one", arguments: TestDatabase.available)
  func emailChange(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let owner = try await LinkOwner.signUp(harness, "ada@example.com")
      _ = try await owner.update(["email": "ada@new.example"])
      let accounts = try harness.accounts(.wearbloom)
      _ = try await accounts.confirmEmailChange(
        token: try await owner.token(to: "ada@new.example"), origin: "https://orchard.test", address: nil)
      #expect(try await Self.subjects(harness, to: "ada@example.com") == ["Your Wearbloom email was changed"])
      let body: String = try #require(
        try await harness.database.sql.select().column("text_body").from("email_outbox")
          .where("to_address", .equal, SQLBind("ada@example.com")).first()?.decode(column: "text_body", as: String.self)
      )
      #expect(body.contains("ada@new.example"))
      #expect(try await Self.subjects(harness, to: "ada@new.example").count == 1)
    }
  }

  @Test("the notices are written in each of the realm's languages", arguments: Realm.dangdai.languages)
  func languages(language: Language) {
    let english = AccountMail.passwordChanged(to: "a@b.c", realm: .dangdai, language: .english, from: "x@y.z")
    let password = AccountMail.passwordChanged(to: "a@b.c", realm: .dangdai, language: language, from: "x@y.z")
    let email = AccountMail.emailChanged(
      to: "a@b.c", newAddress: "new@b.c", link: "https://orchard.test/dangdai/account/restore-email?token=t", days: 7,
      realm: .dangdai, language: language, from: "x@y.z")
    #expect(!password.text.contains("mail.") && !email.text.contains("mail."))
    #expect(email.text.contains("new@b.c") && email.text.contains("7") && email.text.contains("restore-email?token=t"))
    #expect((password.subject == english.subject) == (language == .english))
  }
}

@Suite("Links in mail point where the server is, whatever the Host header says", .timeLimit(.minutes(5)))
struct LinkOriginTests {
  @Test(
    "without a public URL, a loopback server's links use the address it listens on, not the request's authority",
    arguments: TestDatabase.available)
  func listeningAddress(engine: TestDatabase) async throws {
    try await AuthHarness.run(
      engine,
      configure: {
        $0.publicOrigin = nil
        $0.host = "127.0.0.1"
        $0.port = 8123
      }
    ) { harness in
      _ = try await harness.signUp("ada@example.com")
      let response = try await harness.api.client.execute(
        uri: harness.path("wearbloom", "recover"), method: .post,
        headers: [.contentType: "application/json"],
        body: ByteBuffer(string: #"{"email":"ada@example.com"}"#))
      #expect(response.status == .ok)
      try await harness.runJobs()
      let body: String = try #require(
        try await harness.database.sql.select().column("text_body").from("email_outbox")
          .where("to_address", .equal, SQLBind("ada@example.com")).first()?.decode(column: "text_body", as: String.self)
      )
      #expect(body.contains("http://127.0.0.1:8123/wearbloom/account/reset?token="))
      // The request was addressed to `localhost`, with no port: the link does not follow it.
      #expect(!body.contains("localhost"))
    }
  }

  @Test("a configured public URL is the only origin of links", arguments: TestDatabase.available)
  func publicURL(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.signUp("ada@example.com")
      let response = try await harness.api.client.execute(
        uri: harness.path("wearbloom", "recover"), method: .post,
        headers: [.contentType: "application/json"],
        body: ByteBuffer(string: #"{"email":"ada@example.com"}"#))
      #expect(response.status == .ok)
      try await harness.runJobs()
      #expect(
        try await harness.links(to: "ada@example.com").first?.hasPrefix("https://orchard.test/wearbloom/") == true)
    }
  }
}
