import Foundation
import IdentityCore
import Logging
import OrchardDatabase
import OrchardKit
import ServerKit
import ServerKitTesting
import Synchronization
import Testing

@testable import OrchardIdentity

/// The waits a service made before checking a password, recorded instead of slept.
final class PauseRecorder: Sendable {
  let waits = Mutex<[TimeInterval]>([])

  func record(_ seconds: TimeInterval) { waits.withLock { $0.append(seconds) } }
  var last: TimeInterval? { waits.withLock { $0.last } }
}

@Suite("Wrong passwords lock one address out of an account, never the owner", .timeLimit(.minutes(5)))
struct SignInThrottleServiceTests {
  static let owner = "owner-pass 2024"

  /// Processes of one realm on one database with an account in it: two on PostgreSQL (they must
  /// agree), one on SQLite (it is run as one process).
  static func run(
    _ engine: TestDatabase, _ body: @Sendable ([IdentityService], ManualClock, PauseRecorder) async throws -> Void
  ) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner(IdentityHub(random: .seeded(1)).migrations).run(
        on: database.sql, logger: Logger(label: "test"))
      let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
      let hasher = try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2))
      let recorder = PauseRecorder()
      let shared = engine == .postgresql
      let processes = (0..<(shared ? 2 : 1)).map { index in
        IdentityService(
          realm: .wearbloom, store: AccountStore(database: database.sql), hasher: hasher,
          limiter: RateLimiter(clock: clock, scale: 1_000), clock: clock, random: .seeded(UInt64(index)),
          sharedLimits: shared ? (database.sql, 1_000) : nil, pause: { recorder.record($0) })
      }
      _ = try await processes[0].signUp(
        email: "ada@example.com", password: owner, language: .english, address: "192.0.2.1"
      ).get()
      try await body(processes, clock, recorder)
    }
  }

  static func signIn(
    _ processes: [IdentityService], _ attempt: Int, password: String, from address: String
  ) async throws -> AuthFailure? {
    let outcome = try await processes[attempt % processes.count].signIn(
      email: "ada@example.com", password: password, address: address)
    guard case .failure(let failure) = outcome else { return nil }
    return failure
  }

  @Test(
    "six wrong passwords from one address lock that address only; the owner signs in from another",
    arguments: TestDatabase.available)
  func lockIsPerAddress(engine: TestDatabase) async throws {
    try await Self.run(engine) { processes, _, _ in
      for attempt in 0..<6 {
        let failure = try await Self.signIn(processes, attempt, password: "guess \(attempt)", from: "203.0.113.9")
        #expect(failure == .invalidCredentials)
      }
      for attempt in 0..<2 {
        let locked = try await Self.signIn(processes, attempt, password: Self.owner, from: "203.0.113.9")
        #expect(locked == .rateLimited(retryAfter: 30))
        let elsewhere = try await Self.signIn(processes, attempt, password: Self.owner, from: "198.51.100.7")
        #expect(elsewhere == nil)
      }
    }
  }

  @Test("a right password from an address clears that address's count", arguments: TestDatabase.available)
  func successClears(engine: TestDatabase) async throws {
    try await Self.run(engine) { processes, _, _ in
      for attempt in 0..<5 {
        _ = try await Self.signIn(processes, attempt, password: "typo \(attempt)", from: "192.0.2.1")
      }
      #expect(try await Self.signIn(processes, 0, password: Self.owner, from: "192.0.2.1") == nil)
      // Had the count stayed, the sixth and seventh would lock.
      for attempt in 0..<5 {
        let failure = try await Self.signIn(processes, attempt, password: "typo \(attempt)", from: "192.0.2.1")
        #expect(failure == .invalidCredentials)
      }
      #expect(try await Self.signIn(processes, 1, password: Self.owner, from: "192.0.2.1") == nil)
    }
  }

  @Test(
    "guesses spread over many addresses slow the account down, and never refuse the owner from a new address",
    arguments: TestDatabase.available)
  func distributedGuessesOnlySlow(engine: TestDatabase) async throws {
    try await Self.run(engine) { processes, _, pauses in
      for address in 0..<30 {
        for attempt in 0..<5 {
          _ = try await Self.signIn(processes, attempt, password: "guess \(attempt)", from: "10.0.\(address).1")
        }
      }
      #expect(try await Self.signIn(processes, 0, password: Self.owner, from: "198.51.100.7") == nil)
      #expect(pauses.last == 4)
      #expect(try await Self.signIn(processes, 1, password: Self.owner, from: "198.51.100.8") == nil)
    }
  }
}
