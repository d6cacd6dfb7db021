import Foundation
import IdentityCore
import Logging
import OrchardDatabase
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardIdentity

@Suite("The per-address auth limit across processes", .timeLimit(.minutes(5)))
struct SharedLimitTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// Two servers on one PostgreSQL count one address's calls together; on SQLite (one process) the
  /// count is the process's own.
  @Test("30 calls a minute from one address, whichever process answers them", arguments: TestDatabase.available)
  func shared(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner(IdentityHub(random: .seeded(1)).migrations).run(
        on: database.sql, logger: Logger(label: "test"))
      let clock = ManualClock(Self.start)
      let hasher = try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2))
      let processes = (0..<2).map { index in
        IdentityService(
          realm: .dangdai, store: AccountStore(database: database.sql), hasher: hasher,
          limiter: RateLimiter(clock: clock), clock: clock, random: .seeded(UInt64(index)),
          sharedLimits: engine == .postgresql ? (database.sql, 1) : nil)
      }
      var refusals: [AuthFailure?] = []
      for call in 0..<31 { refusals.append(try await processes[call % 2].refusal("203.0.113.9")) }
      if engine == .postgresql {
        #expect(refusals.prefix(30).allSatisfy { $0 == nil })
        #expect(refusals[30] == .rateLimited(retryAfter: 2))
        #expect(try await processes[0].refusal("198.51.100.4") == nil)
        clock.advance(by: 2)
        #expect(try await processes[1].refusal("203.0.113.9") == nil)
        #expect(try await processes[0].refusal("203.0.113.9") == .rateLimited(retryAfter: 2))
      } else {
        #expect(refusals.allSatisfy { $0 == nil })
        for _ in 0..<15 { _ = try await processes[0].refusal("203.0.113.9") }
        #expect(try await processes[0].refusal("203.0.113.9") == .rateLimited(retryAfter: 2))
      }
    }
  }

  /// Wrong passwords at an email with no account lock it as an account would be locked, and on
  /// PostgreSQL whichever process answers: the lock is kept in the database, under a hash.
  @Test(
    "wrong passwords at an unknown email lock it in every process on PostgreSQL",
    arguments: TestDatabase.available.filter { $0 == .postgresql })
  func strangers(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner(IdentityHub(random: .seeded(1)).migrations).run(
        on: database.sql, logger: Logger(label: "test"))
      let clock = ManualClock(Self.start)
      let hasher = try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2))
      let processes = (0..<2).map { index in
        IdentityService(
          realm: .dangdai, store: AccountStore(database: database.sql), hasher: hasher,
          limiter: RateLimiter(clock: clock, scale: 100), clock: clock, random: .seeded(UInt64(index)),
          sharedLimits: (database.sql, 100))
      }
      func guess(_ process: Int, _ email: String = "nobody@example.com") async throws -> AuthFailure? {
        let outcome = try await processes[process].signIn(
          email: email, password: "guess-\(process)", address: "203.0.113.9")
        guard case .failure(let failure) = outcome else { return nil }
        return failure
      }
      // Five forgiven, the sixth locks: spread over both processes, they count as one.
      for attempt in 0..<6 { #expect(try await guess(attempt % 2) == .invalidCredentials) }
      #expect(try await guess(0) == .rateLimited(retryAfter: 30))
      #expect(try await guess(1) == .rateLimited(retryAfter: 30))
      #expect(try await guess(1, "somebody@example.com") == .invalidCredentials)
      clock.advance(by: 31)
      #expect(try await guess(1) == .invalidCredentials)
      #expect(try await guess(0) == .rateLimited(retryAfter: 60))
      // Only hashes are kept: no email that has no account is written down.
      let rows = try await database.sql.raw("SELECT key_hash FROM stranger_failures").all()
      let keys = try rows.map { try $0.decode(column: "key_hash", as: String.self) }
      // Two emails, each with its account-wide record and the one of the address that guessed.
      #expect(keys.count == 4)
      #expect(keys.allSatisfy { $0.count == 64 && !$0.contains("@") })
    }
  }
}
