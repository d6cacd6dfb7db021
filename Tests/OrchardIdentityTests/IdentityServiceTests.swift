import Foundation
import IdentityCore
import Logging
import OrchardDatabase
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardIdentity

@Suite("Signing up and signing in", .timeLimit(.minutes(5)))
struct IdentityServiceTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static let cheap = Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1)

  func withService(
    _ realm: Realm, hashing parameters: Argon2Parameters = cheap,
    _ body: @Sendable (IdentityService, ManualClock) async throws -> Void
  ) async throws {
    try await TestDatabase.sqlite.withFreshDatabase { database in
      try await MigrationRunner(IdentitySchema.migrations).run(on: database.sql, logger: Logger(label: "test"))
      let clock = ManualClock(Self.start)
      let service = IdentityService(
        realm: realm, store: AccountStore(database: database.sql),
        hasher: try PasswordHasher(parameters: parameters, random: .seeded(3)),
        limiter: RateLimiter(clock: clock), clock: clock, random: .seeded(4))
      try await body(service, clock)
    }
  }

  @Test("sign-up refuses a bad email, a short or common password, and one that repeats the email")
  func signUpRefusals() async throws {
    try await withService(.wearbloom) { service, _ in
      let outcome1 = try await service.signUp(
        email: "nope", password: "tulip-91 at dawn", language: .english, address: "a")
      #expect(outcome1 == .failure(.invalidEmail(.invalid)))
      let outcome2 = try await service.signUp(
        email: "ada@example.com", password: "tulip-9", language: .english, address: "a")
      #expect(outcome2 == .failure(.weakPassword(.tooShort(minimum: 8))))
      let outcome3 = try await service.signUp(
        email: "ada@example.com", password: "Password1", language: .english, address: "a")
      #expect(outcome3 == .failure(.weakPassword(.common)))
      let outcome4 = try await service.signUp(
        email: "ada@example.com", password: "ADA@example.com", language: .english, address: "a")
      #expect(outcome4 == .failure(.weakPassword(.sameAsEmail)))
    }
  }

  @Test("Dangdai asks for the password twice and says when they differ; Wearbloom does not ask")
  func confirmation() async throws {
    try await withService(.dangdai) { service, _ in
      let outcome5 = try await service.signUp(
        email: "ada@example.com", password: "tulip-91 at dawn", confirmation: "tulip-91 at dusk", language: .french,
        address: "a")
      #expect(outcome5 == .failure(.passwordsDontMatch))
      let result = try await service.signUp(
        email: "ada@example.com", password: "tulip-91 at dawn", confirmation: "tulip-91 at dawn", language: .french,
        address: "a")
      #expect((try? result.get())?.language == .french)
    }
    try await withService(.wearbloom) { service, _ in
      let result = try await service.signUp(
        email: "ada@example.com", password: "tulip-91 at dawn", language: .french, address: "a")
      // Wearbloom speaks English only: the account's language is one the app has.
      #expect((try? result.get())?.language == .english)
    }
  }

  @Test("a confirmed account signs in with its password, and the audit log says so")
  func signUpThenIn() async throws {
    try await withService(.wearbloom) { service, _ in
      let account = try await service.signUp(
        email: "Ada@Example.com", password: "tulip-91 at dawn", language: .english, address: "a"
      ).get()
      #expect(
        try await service.signIn(email: "ADA@example.com", password: "tulip-91 at dawn", address: "a").map(\.id)
          == .success(account.id))
      #expect(try await service.store.events(of: account.id).map(\.kind) == ["sign-up", "sign-in"])
    }
  }

  @Test("a wrong password and an unknown email get the same answer, and lock after the same five failures")
  func sameAnswer() async throws {
    try await withService(.wearbloom) { service, clock in
      _ = try await service.signUp(
        email: "ada@example.com", password: "tulip-91 at dawn", language: .english, address: "a")
      for email in ["ada@example.com", "nobody@example.com"] {
        for attempt in 1...6 {
          let outcome7 = try await service.signIn(email: email, password: "wrong guess \(attempt)", address: "a")
          #expect(outcome7 == .failure(.invalidCredentials), "\(email) attempt \(attempt)")
        }
        let outcome8 = try await service.signIn(email: email, password: "tulip-91 at dawn", address: "a")
        #expect(outcome8 == .failure(.rateLimited(retryAfter: 30)), "\(email)")
      }
      clock.advance(by: 30)
      #expect(
        (try? await service.signIn(email: "ada@example.com", password: "tulip-91 at dawn", address: "a").get()) != nil)
      // A right password clears the count: five more mistakes are forgiven again.
      for attempt in 1...5 {
        let outcome9 = try await service.signIn(email: "ada@example.com", password: "wrong \(attempt)", address: "a")
        #expect(outcome9 == .failure(.invalidCredentials))
      }
      #expect(
        (try? await service.signIn(email: "ada@example.com", password: "tulip-91 at dawn", address: "a").get()) != nil)
    }
  }

  @Test("a hash made under older parameters is made again at sign-in")
  func rehash() async throws {
    try await withService(.wearbloom) { service, _ in
      let account = try await service.signUp(
        email: "ada@example.com", password: "tulip-91 at dawn", language: .english, address: "a"
      ).get()
      let old = try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 128, iterations: 1, parallelism: 1), random: .seeded(2))
      try await service.store.setPasswordHash(try await old.hash("tulip-91 at dawn"), for: account.id, at: Self.start)
      _ = try await service.signIn(email: "ada@example.com", password: "tulip-91 at dawn", address: "a").get()
      let hash = try #require(try await service.store.passwordHash(of: account.id))
      #expect(Argon2Parameters(encoded: hash) == Self.cheap)
    }
  }

  @Test("one address gets 30 auth calls a minute; the 31st is told when to come back")
  func perAddress() async throws {
    try await withService(.wearbloom) { service, clock in
      for index in 0..<30 {
        let outcome10 = try await service.signIn(
          email: "u\(index)@example.com", password: "whatever 123", address: "10.0.0.1")
        #expect(outcome10 == .failure(.invalidCredentials))
      }
      let outcome11 = try await service.signIn(email: "late@example.com", password: "whatever 123", address: "10.0.0.1")
      #expect(outcome11 == .failure(.rateLimited(retryAfter: 2)))
      let outcome12 = try await service.signIn(email: "late@example.com", password: "whatever 123", address: "10.0.0.2")
      #expect(outcome12 == .failure(.invalidCredentials))
      clock.advance(by: 2)
      let outcome13 = try await service.signIn(email: "late@example.com", password: "whatever 123", address: "10.0.0.1")
      #expect(outcome13 == .failure(.invalidCredentials))
    }
  }
}

extension IdentityService {
  /// A sign-up checked and stored as an account whose address is already confirmed (what
  /// ``Accounts/signUp(email:password:confirmation:language:address:origin:)`` and its mailed link
  /// come to), for the tests of signing in.
  func signUp(
    email: String, password: String, confirmation: String? = nil, language: Language, address: String
  ) async throws -> Result<Account, AuthFailure> {
    switch try await checkSignUp(
      email: email, password: password, confirmation: confirmation, language: language, address: address)
    {
    case .failure(let failure): return .failure(failure)
    case .success(let request):
      guard
        let account = try await store.create(
          id: random.id().description, app: realm.app, email: request.email, passwordHash: request.passwordHash,
          language: request.language, at: clock.now)
      else { return .failure(.emailExists) }
      try await audit("sign-up", account: account.id, address: address)
      return .success(account)
    }
  }
}
