import Foundation
import HTTPTypes
import IdentityCore
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardIdentity

/// The mail sent to one address, newest last: subject and plain text.
private func mail(to address: String, _ harness: AuthHarness) async throws -> [(subject: String, text: String)] {
  let rows = try await harness.database.sql.select().columns("subject", "text_body").from("email_outbox")
    .where("to_address", .equal, SQLBind(address)).orderBy("created_at").all()
  return try rows.map {
    (try $0.decode(column: "subject", as: String.self), try $0.decode(column: "text_body", as: String.self))
  }
}

@Suite("Sign-up says nothing of who has an account; the mailed link makes the account", .timeLimit(.minutes(5)))
struct SignUpConfirmationTests {
  @Test(
    "an address with an account gets the same answer as a free one, and a mail saying so instead of a link",
    arguments: TestDatabase.available)
  func takenAddress(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      #expect(try await harness.signUp("ada@example.com").status == .ok)
      let free = try await harness.askSignUp("bea@example.com", "maple-42 at noon")
      let taken = try await harness.askSignUp("ada@example.com", "maple-42 at noon")
      #expect(taken.status == free.status)
      var takenJSON = try #require(taken.json)
      let freeJSON = try #require(free.json)
      #expect(takenJSON["email"] as? String == "ada@example.com")
      takenJSON["email"] = "bea@example.com"
      #expect(NSDictionary(dictionary: takenJSON) == NSDictionary(dictionary: freeJSON))
      #expect(taken.headers[.cacheControl] == free.headers[.cacheControl])

      let told = try #require(try await mail(to: "ada@example.com", harness).last)
      #expect(told.subject == "You already have a Wearbloom account")
      #expect(told.text.contains("https://orchard.test/wearbloom/account/sign-in"))
      #expect(told.text.contains("https://orchard.test/wearbloom/account/forgot"))
      #expect(!told.text.contains("token="))
      // Nothing changed: the owner's password still signs in, the stranger's does not.
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").status == .ok)
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").code == "invalid_credentials")
      let accounts: [any SQLRow] = try await harness.database.sql.select().column("id").from("accounts")
        .where("email", .equal, SQLBind("ada@example.com")).all()
      #expect(accounts.count == 1)
    }
  }

  @Test(
    "before its link is opened an account cannot sign in: the right password is told to confirm and gets a fresh link",
    arguments: TestDatabase.available)
  func signInBeforeConfirming(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      #expect(try await harness.askSignUp("ada@example.com").status == .ok)
      let first = try #require(try await JSONAPIClient.mailedToken(to: "ada@example.com", in: harness.database.sql))
      harness.clock.advance(by: 61)
      let wrong = try await harness.signIn("ada@example.com", "maple-42 at noon")
      let unknown = try await harness.signIn("nobody@example.com", "maple-42 at noon")
      #expect(wrong.code == "invalid_credentials" && wrong.body == unknown.body)
      let waiting = try await harness.signIn("ada@example.com", "tulip-91 at dawn")
      #expect(waiting.status == .badRequest)
      #expect(waiting.code == "email_not_confirmed")
      #expect(waiting.session == nil)
      let fresh = try #require(try await JSONAPIClient.mailedToken(to: "ada@example.com", in: harness.database.sql))
      #expect(fresh != first)
      // Only the newest link opens; it signs in, and from then on the password does too.
      let accounts = try harness.accounts(.wearbloom)
      #expect(try await accounts.signUpLinkOpens(first) == false)
      #expect(try await accounts.signUpLinkOpens(fresh))
      let verified = try await harness.api.send(
        .post, harness.path("wearbloom", "verify"), json: ["type": "signup", "token": fresh])
      #expect(verified.session != nil)
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session != nil)
    }
  }

  @Test(
    "signing up again before confirming replaces the password: whoever reads the mailbox decides",
    arguments: TestDatabase.available)
  func squatting(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      // A stranger signs up with Ada's address first and never confirms it; then Ada signs up
      // herself, and opens the link in her mail.
      let squatted = try await harness.askSignUp("ada@example.com", "squatter-1 password")
      #expect(squatted.status == .ok)
      harness.clock.advance(by: 61)
      let own = try await harness.signUp("ada@example.com", "tulip-91 at dawn")
      #expect(own.session != nil)
      #expect(try await harness.signIn("ada@example.com", "squatter-1 password").code == "invalid_credentials")
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session != nil)
    }
  }

  @Test("at most one sign-up mail a minute goes to one address, whichever answer it carries")
  func mailThrottle() async throws {
    try await AuthHarness.run(.sqlite, scale: 1) { harness in
      for _ in 0..<3 {
        let answer = try await harness.askSignUp("ada@example.com")
        #expect(answer.status == .ok)
      }
      #expect(try await mail(to: "ada@example.com", harness).count == 1)
      harness.clock.advance(by: 61)
      #expect(try await harness.askSignUp("ada@example.com").status == .ok)
      #expect(try await mail(to: "ada@example.com", harness).count == 2)
    }
  }

  @Test("a sign-up link works for a day, once", arguments: TestDatabase.available)
  func linkLifetime(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.askSignUp("ada@example.com")
      _ = try await harness.askSignUp("bea@example.com")
      let ada = try #require(try await JSONAPIClient.mailedToken(to: "ada@example.com", in: harness.database.sql))
      let bea = try #require(try await JSONAPIClient.mailedToken(to: "bea@example.com", in: harness.database.sql))
      let accounts = try harness.accounts(.wearbloom)
      harness.clock.advance(by: Lifetimes.standard.signUpLink - 1)
      #expect(
        try await accounts.confirmSignUp(token: ada, address: nil).map(\.email?.normalized)
          == .success("ada@example.com"))
      #expect(try await accounts.confirmSignUp(token: ada, address: nil) == .failure(.emailLinkInvalid))
      harness.clock.advance(by: 2)
      #expect(try await accounts.confirmSignUp(token: bea, address: nil) == .failure(.emailLinkInvalid))
      let intro = try #require(try await mail(to: "ada@example.com", harness).first)
      #expect(intro.subject == "Confirm your email for Wearbloom")
      #expect(intro.text.contains("within 24 hours"))
    }
  }

  @Test(
    "a password reset proves the address too: an account waiting for it signs in after",
    arguments: TestDatabase.available)
  func resetConfirms(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.askSignUp("ada@example.com")
      harness.clock.advance(by: 1)
      _ = try await harness.api.send(.post, harness.path("wearbloom", "recover"), json: ["email": "ada@example.com"])
      try await harness.runJobs()
      let reset = try #require(try await JSONAPIClient.mailedToken(to: "ada@example.com", in: harness.database.sql))
      let accounts = try harness.accounts(.wearbloom)
      #expect(
        (try? await accounts.resetPassword(token: reset, password: "maple-42 at noon", confirmation: nil, address: nil)
          .get())?.awaitingConfirmation == false)
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").session != nil)
    }
  }

  @Test(
    "on the web: the same page for a free and a taken address; the link's button signs in",
    arguments: TestDatabase.available)
  func web(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      var owner = AccountBrowser(harness)
      #expect(try await owner.signUp("ada@example.com").headers[.location] == "/wearbloom/")
      #expect(try await owner.get("/wearbloom/account").status == .ok)

      var stranger = AccountBrowser(harness)
      let taken = try await stranger.askSignUp("ada@example.com")
      let free = try await stranger.askSignUp("bea@example.com")
      #expect(taken.status == .ok && free.status == .ok)
      #expect(taken.body.contains("id=\"check-inbox\""))
      #expect(taken.body.replacing("ada@", with: "bea@") == free.body)
      #expect(taken.headers[.setCookie] == nil && stranger.cookie == nil)

      // Signing in before the link is opened says to confirm first, and mails a fresh link.
      harness.clock.advance(by: 61)
      let early = try await stranger.post(
        "/wearbloom/account/sign-in", [("email", "bea@example.com"), ("password", "tulip-91 at dawn")])
      #expect(early.body.contains("Confirm your email first"))
      #expect(stranger.cookie == nil)
      let token = try #require(try await JSONAPIClient.mailedToken(to: "bea@example.com", in: harness.database.sql))
      #expect(
        try await stranger.get("/wearbloom/account/confirm-sign-up?token=\(token)").body.contains("Confirm and sign in")
      )
      let confirmed = try await stranger.post("/wearbloom/account/confirm-sign-up", [("token", token)])
      #expect(confirmed.headers[.location] == "/wearbloom/")
      #expect(try await stranger.get("/wearbloom/account").body.contains("Signed in as bea@example.com"))
      #expect(try await stranger.get("/wearbloom/account/confirm-sign-up?token=\(token)").status == .forbidden)
      #expect(try await stranger.post("/wearbloom/account/confirm-sign-up", [("token", token)]).status == .forbidden)
    }
  }

  @Test("an account made before sign-ups were confirmed signs in as it always did")
  func earlierAccounts() async throws {
    try await AuthHarness.run(.sqlite) { harness in
      let accounts = try harness.accounts(.wearbloom)
      let made = try await accounts.store.create(
        id: "earlier", app: "wearbloom", email: try EmailAddress.parse("ada@example.com").get(),
        passwordHash: try await accounts.identity.hasher.hash("tulip-91 at dawn"), language: .english,
        at: AuthHarness.start)
      #expect(made?.awaitingConfirmation == false)
      #expect(try await harness.signIn("ada@example.com", "tulip-91 at dawn").session != nil)
    }
  }
}
