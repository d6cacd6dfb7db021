import Foundation
import IdentityCore
import Logging
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardIdentity

@Suite("The per-address auth limit across processes")
struct SharedLimitTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// Two servers on one PostgreSQL count one address's calls together; on SQLite (one process) the
  /// count is the process's own.
  @Test("30 calls a minute from one address, whichever process answers them", arguments: TestDatabase.available)
  func shared(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner(IdentitySchema.migrations + [SharedRateBuckets.migration]).run(
        on: database.sql, logger: Logger(label: "test"))
      let clock = ManualClock(Self.start)
      let hasher = try PasswordHasher(parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1))
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
}
