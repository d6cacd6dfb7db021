import Foundation
import IdentityCore
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardIdentity

@Suite("The old address's link takes a stolen account back", .timeLimit(.minutes(5)))
struct EmailRestoreTests {
  /// Someone with Ada's password moves her account to their address, then changes the password:
  /// the restore link mailed to Ada's address, the thief's access token, and the accounts the
  /// test goes on with (one instance: each draws its tokens from its own seeded generator).
  static func takeOver(_ harness: AuthHarness) async throws -> (link: String, thief: LinkOwner, accounts: Accounts) {
    let owner = try await LinkOwner.signUp(harness, "ada@example.com")
    #expect(try await owner.update(["email": "thief@example.net"]).status == .ok)
    let accounts = try harness.accounts(.wearbloom)
    harness.clock.advance(by: 1)
    let moved = try await accounts.confirmEmailChange(
      token: try await owner.token(to: "thief@example.net"), origin: "https://orchard.test", address: nil)
    #expect((try? moved.get())?.email?.normalized == "thief@example.net")
    let link = try #require(try await harness.links(to: "ada@example.com").last)
    #expect(link.hasPrefix("https://orchard.test/wearbloom/account/restore-email?token="))
    // The thief changes the password and signs in afresh: the link must outlive both.
    harness.clock.advance(by: 1)
    #expect(try await owner.update(["password": "stolen-77 at night"]).status == .ok)
    let session = try #require(try await harness.signIn("thief@example.net", "stolen-77 at night").session)
    return (link, LinkOwner(harness: harness, access: session.access, password: "stolen-77 at night"), accounts)
  }

  @Test(
    "the link outlives the taker's password change, puts the address back with a new password and ends every session",
    arguments: TestDatabase.available)
  func restore(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let (link, thief, accounts) = try await Self.takeOver(harness)
      let token = AuthHarness.token(in: link)
      #expect(try await accounts.restoreLinkAddress(token) == "ada@example.com")
      let weak = try await accounts.restoreEmail(token: token, password: "short", confirmation: nil, address: nil)
      #expect(weak == .failure(.weakPassword(.tooShort(minimum: 8))))
      let restored = try await accounts.restoreEmail(
        token: token, password: "maple-42 at noon", confirmation: nil, address: nil)
      #expect((try? restored.get())?.email?.normalized == "ada@example.com")
      // Ada signs in with her address and new password; the thief's session and password are gone.
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").session != nil)
      #expect(try await harness.signIn("thief@example.net", "stolen-77 at night").code == "invalid_credentials")
      let me = try await harness.api.send(.get, harness.path("wearbloom", "user"), token: thief.access)
      #expect(me.status == .unauthorized)
      // Once.
      #expect(try await accounts.restoreLinkAddress(token) == nil)
      #expect(
        try await accounts.restoreEmail(token: token, password: "birch-17 at dusk", confirmation: nil, address: nil)
          == .failure(.emailLinkInvalid))
    }
  }

  @Test("moving the email again does not kill the link; it works for a week", arguments: TestDatabase.available)
  func secondMoveAndLifetime(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let (link, thief, accounts) = try await Self.takeOver(harness)
      #expect(try await thief.update(["email": "elsewhere@example.org"]).status == .ok)
      harness.clock.advance(by: 1)
      _ = try await accounts.confirmEmailChange(
        token: try await thief.token(to: "elsewhere@example.org"), origin: "https://orchard.test", address: nil)
      let token = AuthHarness.token(in: link)
      #expect(try await accounts.restoreLinkAddress(token) == "ada@example.com")
      harness.clock.advance(by: Lifetimes.standard.emailRestoreLink)
      #expect(try await accounts.restoreLinkAddress(token) == nil)
    }
  }

  @Test("an address taken by another account meanwhile is said so, and nothing changes")
  func addressTakenMeanwhile() async throws {
    try await AuthHarness.run(.sqlite) { harness in
      let (link, _, accounts) = try await Self.takeOver(harness)
      #expect(try await harness.signUp("ada@example.com", "birch-17 at dusk").status == .ok)
      let outcome = try await accounts.restoreEmail(
        token: AuthHarness.token(in: link), password: "maple-42 at noon", confirmation: nil, address: nil)
      #expect(outcome == .failure(.emailExists))
      #expect(try await harness.signIn("thief@example.net", "stolen-77 at night").session != nil)
    }
  }

  @Test("on the web: the mailed link's page names the address, and its form signs every device out")
  func web() async throws {
    try await AuthHarness.run(.sqlite) { harness in
      let (link, _, _) = try await Self.takeOver(harness)
      var browser = AccountBrowser(harness)
      let path = String(link.dropFirst("https://orchard.test".count))
      let page = try await browser.get(path)
      #expect(
        page.status == .ok && page.body.contains("ada@example.com") && page.body.contains("Take your account back"))
      let done = try await browser.post(
        "/wearbloom/account/restore-email", [("token", AuthHarness.token(in: link)), ("password", "maple-42 at noon")])
      #expect(done.headers[.location] == "/wearbloom/account/sign-in?done=reset")
      #expect(try await browser.get(path).status == .forbidden)
      #expect(try await harness.signIn("ada@example.com", "maple-42 at noon").session != nil)
    }
  }
}
