import Foundation
import IdentityCore
import Logging
import OrchardDatabase
import OrchardIdentity
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Synchronization
import Testing

@Suite("Accounts, sessions and refresh tokens, on SQLite and PostgreSQL", .timeLimit(.minutes(5)))
struct AccountStoreTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  func withStore(
    _ engine: TestDatabase, _ body: @Sendable (AccountStore, ManualClock) async throws -> Void
  ) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner(IdentitySchema.migrations).run(on: database.sql, logger: Logger(label: "test"))
      try await body(AccountStore(database: database.sql), ManualClock(Self.start))
    }
  }

  func email(_ raw: String) -> EmailAddress { try! EmailAddress.parse(raw).get() }

  /// Ada's account, `a1`, in `app`.
  func ada(in store: AccountStore, app: String, at now: Date) async throws -> Account {
    try #require(
      try await store.create(
        id: "a1", app: app, email: email("ada@example.com"), passwordHash: nil, language: .english, at: now))
  }

  @Test("an email is one account per app: taken in the same app, free in another", arguments: TestDatabase.available)
  func accountsPerApp(engine: TestDatabase) async throws {
    try await withStore(engine) { store, clock in
      let ada = try #require(
        try await store.create(
          id: "a1", app: "dangdai", email: email("Ada@Example.com"), passwordHash: "$argon2id$x", language: .french,
          at: clock.now))
      #expect(ada.email?.normalized == "ada@example.com" && ada.language == .french && ada.version == 1)
      let again = try await store.create(
        id: "a2", app: "dangdai", email: email("ada@example.com"), passwordHash: "$argon2id$y", language: .english,
        at: clock.now)
      #expect(again == nil)
      #expect(try await store.passwordHash(of: "a2") == nil)
      let elsewhere = try await store.create(
        id: "a3", app: "wearbloom", email: email("ada@example.com"), passwordHash: "$argon2id$z", language: .english,
        at: clock.now)
      #expect(elsewhere?.app == "wearbloom")
      let found = try #require(try await store.account(app: "dangdai", email: email("ADA@example.com")))
      #expect(found.0.id == "a1" && found.passwordHash == "$argon2id$x")
      #expect(try await store.account(app: "dangdai", email: email("bob@example.com")) == nil)
      // An Apple account may have no email at all, and several may.
      #expect(
        try await store.create(
          id: "a4", app: "dangdai", email: nil, passwordHash: nil, language: .korean, at: clock.now)
          != nil)
      #expect(
        try await store.create(
          id: "a5", app: "dangdai", email: nil, passwordHash: nil, language: .korean, at: clock.now)
          != nil)
    }
  }

  @Test(
    "30 concurrent changes to one account are all kept (compare-and-set, no lost update)",
    arguments: TestDatabase.available)
  func noLostUpdates(engine: TestDatabase) async throws {
    try await withStore(engine) { store, clock in
      _ = try await store.create(
        id: "a1", app: "dangdai", email: email("ada@example.com"), passwordHash: nil, language: .english, at: clock.now)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<30 {
          group.addTask { _ = try await store.update("a1") { $0.failures.count += 1 } }
        }
        try await group.waitForAll()
      }
      let account = try #require(try await store.account(id: "a1"))
      #expect(account.failures.count == 30 && account.version == 31)
    }
  }

  @Test("ending the other sessions keeps this one, and revokes their refresh tokens", arguments: TestDatabase.available)
  func endOthers(engine: TestDatabase) async throws {
    try await withStore(engine) { store, clock in
      let account = try await ada(in: store, app: "dangdai", at: clock.now)
      let tokens = RefreshTokens(store: store, clock: clock, random: .seeded(5))
      let here = try await tokens.start(for: account)
      let phone = try await tokens.start(for: account)
      let tablet = try await tokens.start(for: account)
      let ended = try await store.endSessions(of: "a1", keeping: here.session, at: clock.now)
      #expect(Set(ended) == [phone.session, tablet.session])
      #expect(try await store.session(id: here.session)?.endedAt == nil)
      #expect(try await store.liveTokens(of: phone.session).isEmpty)
      #expect(try await tokens.refresh(phone.token) == .refused(.signedOut))
      guard case .issued = try await tokens.refresh(here.token) else {
        Issue.record("the session kept was signed out")
        return
      }
    }
  }

  @Test(
    "a refresh rotates; the spent token within 10 s gets the same child, later it revokes the family",
    arguments: TestDatabase.available)
  func rotation(engine: TestDatabase) async throws {
    try await withStore(engine) { store, clock in
      let account = try await ada(in: store, app: "wearbloom", at: clock.now)
      let tokens = RefreshTokens(store: store, clock: clock, random: .seeded(6))
      let (session, first) = try await tokens.start(for: account)
      guard case .issued(let second, let same) = try await tokens.refresh(first) else {
        Issue.record("no rotation")
        return
      }
      #expect(same == session && second != first)
      clock.advance(by: 5)
      #expect(try await tokens.refresh(first) == .issued(second, session: session))
      #expect(try await store.liveTokens(of: session).map(\.hash) == [second.hash])
      clock.advance(by: 6)
      #expect(try await tokens.refresh(first) == .revoked(session: session))
      #expect(try await tokens.refresh(first) == .refused(.reused))
      #expect(try await store.liveTokens(of: session).isEmpty)
      #expect(try await tokens.refresh(second) == .refused(.signedOut))
      #expect(try await store.session(id: session)?.endedAt != nil)
      #expect(try await store.events(of: "a1").map(\.kind) == ["refresh-reuse"])
      #expect(try await tokens.refresh(DeviceToken(value: "not-a-token")) == .refused(.signedOut))
    }
  }

  @Test("two refreshes of one token at once give one new token between them", arguments: TestDatabase.available)
  func concurrentRefresh(engine: TestDatabase) async throws {
    try await withStore(engine) { store, clock in
      let account = try await ada(in: store, app: "wearbloom", at: clock.now)
      let tokens = RefreshTokens(store: store, clock: clock, random: .seeded(8))
      let (session, first) = try await tokens.start(for: account)
      let outcomes = try await withThrowingTaskGroup(of: RefreshTokens.Outcome.self) { group in
        for _ in 0..<6 { group.addTask { try await tokens.refresh(first) } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(Set(outcomes.map { "\($0)" }).count == 1, "\(outcomes)")
      #expect(try await store.liveTokens(of: session).count == 1)
    }
  }

  @Test(
    "no sequence of refreshes, replays, reuse and sign-outs leaves two live tokens in a family (stored)",
    arguments: TestDatabase.available)
  func oneLiveTokenStored(engine: TestDatabase) async throws {
    try await withStore(engine) { store, clock in
      let account = try await ada(in: store, app: "wearbloom", at: clock.now)
      let tokens = RefreshTokens(store: store, clock: clock, random: .seeded(9))
      var random = SeededRandomNumberGenerator(seed: 2_026)
      for _ in 0..<12 {
        let (session, first) = try await tokens.start(for: account)
        var issued = [first]
        for _ in 0..<25 {
          switch random.next() % 5 {
          case 0, 1:
            if case .issued(let token, _) = try await tokens.refresh(issued.last!) { issued.append(token) }
          case 2, 3:
            let any = issued[Int(random.next() % UInt64(issued.count))]
            if case .issued(let token, _) = try await tokens.refresh(any) { issued.append(token) }
          default:
            if random.next() % 6 == 0 { try await store.endSession(session, at: clock.now) }
          }
          clock.advance(by: Double(random.next() % 12))
          let live = try await store.liveTokens(of: session)
          #expect(live.count <= 1)
          if try await store.session(id: session)?.endedAt != nil { #expect(live.isEmpty) }
        }
      }
    }
  }
}
