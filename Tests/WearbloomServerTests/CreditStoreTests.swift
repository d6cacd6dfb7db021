import Foundation
import Logging
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// The credit store on a fresh database of each engine; `second` is another handle on the same
/// database, as a second server process would hold (one on SQLite, where one process writes).
struct Credits {
  let store: CreditStore
  let second: CreditStore
  let clock: ManualClock

  static func with(
    _ engine: TestDatabase, _ body: @Sendable (Credits) async throws -> Void
  ) async throws {
    try await engine.withFreshLocation { location in
      let logger = Logger(label: "test")
      let first = try await Database.open(location, logger: logger)
      let other = engine == .sqlite ? first : try await Database.open(location, logger: logger)
      let outcome: Result<Void, any Error>
      do {
        try await first.withRunningServices { first in
          try await other.withRunningServices { other in
            _ = try await MigrationRunner([CreditStore.migration]).run(on: first.sql, logger: logger)
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await body(
              Credits(
                store: CreditStore(database: first.sql, clock: clock),
                second: CreditStore(database: other.sql, clock: clock), clock: clock))
          }
        }
        outcome = .success(())
      } catch {
        outcome = .failure(error)
      }
      try? await first.close()
      if engine != .sqlite { try? await other.close() }
      try outcome.get()
    }
  }
}

@Suite("Wearbloom's credit ledger on the database", .timeLimit(.minutes(5)))
struct CreditStoreTests {
  @Test("the welcome grant is made once; granting it again changes nothing", arguments: TestDatabase.available)
  func grantOnce(_ engine: TestDatabase) async throws {
    try await Credits.with(engine) { credits in
      let before = try await credits.store.balance(of: "ada")
      #expect(before == CreditBalance())
      #expect(try await credits.store.grant(3, to: "ada", once: "welcome"))
      #expect(try await !credits.second.grant(3, to: "ada", once: "welcome"))
      #expect(try await credits.store.balance(of: "ada") == CreditBalance(available: 3))
      #expect(try await credits.store.entries(of: "ada").map(\.kind) == [.grant])
    }
  }

  @Test(
    "a render holds a credit once; it is captured or released once, never both; the balance is the ledger's",
    arguments: TestDatabase.available)
  func reserveCaptureRelease(_ engine: TestDatabase) async throws {
    try await Credits.with(engine) { credits in
      let store = credits.store
      try await store.grant(3, to: "ada", once: "welcome")
      #expect(try await store.reserve(for: "ada", render: "r1") == CreditBalance(available: 2, reserved: 1))
      #expect(try await store.reserve(for: "ada", render: "r1") == CreditBalance(available: 2, reserved: 1))
      _ = try await store.reserve(for: "ada", render: "r2")
      #expect(try await store.capture(for: "ada", render: "r1"))
      #expect(try await !store.capture(for: "ada", render: "r1"))
      #expect(try await !store.release(for: "ada", render: "r1"), "a captured credit is not released too")
      #expect(try await store.release(for: "ada", render: "r2"))
      #expect(try await !store.capture(for: "ada", render: "r2"))
      #expect(try await !store.capture(for: "ada", render: "never-reserved"))
      #expect(try await !store.release(for: "bob", render: "r1"), "another account's render")
      let balance = try await store.balance(of: "ada")
      #expect(balance == CreditBalance(available: 2, reserved: 0))
      #expect(balance == CreditBalance(try await store.entries(of: "ada")))
    }
  }

  @Test("at 0 a render is INSUFFICIENT_CREDITS and nothing is written", arguments: TestDatabase.available)
  func insufficient(_ engine: TestDatabase) async throws {
    try await Credits.with(engine) { credits in
      await #expect(throws: TryOnError.insufficientCredits) {
        try await credits.store.reserve(for: "nobody", render: "r1")
      }
      try await credits.store.grant(1, to: "ada", once: "welcome")
      _ = try await credits.store.reserve(for: "ada", render: "r1")
      await #expect(throws: TryOnError.insufficientCredits) {
        try await credits.store.reserve(for: "ada", render: "r2")
      }
      #expect(try await credits.store.entries(of: "ada").map(\.kind) == [.grant, .reserve])
      #expect(try await credits.store.entries(of: "nobody").isEmpty)
    }
  }

  @Test(
    "200 renders asked at once by one account with 3 credits: exactly 3 hold one, 197 are INSUFFICIENT_CREDITS",
    arguments: TestDatabase.available)
  func twoHundredAtOnce(_ engine: TestDatabase) async throws {
    try await Credits.with(engine) { credits in
      try await credits.store.grant(3, to: "ada", once: "welcome")
      let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
        for index in 0..<200 {
          // Half through each handle: on PostgreSQL, two processes' pools.
          let store = index.isMultiple(of: 2) ? credits.store : credits.second
          group.addTask {
            do {
              _ = try await store.reserve(for: "ada", render: "render-\(index)")
              return true
            } catch TryOnError.insufficientCredits {
              return false
            }
          }
        }
        return try await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(outcomes.count { $0 } == 3)
      #expect(outcomes.count { !$0 } == 197)
      let ledger = try await credits.store.entries(of: "ada")
      #expect(ledger.count { $0.kind == .reserve } == 3)
      #expect(try await credits.store.balance(of: "ada") == CreditBalance(available: 0, reserved: 3))
      #expect(CreditBalance(ledger) == CreditBalance(available: 0, reserved: 3))
    }
  }

  @Test(
    "a thumbs-down refunds a captured credit once, three times in 30 days; a failed render's never",
    arguments: TestDatabase.available)
  func refunds(_ engine: TestDatabase) async throws {
    try await Credits.with(engine) { credits in
      let store = credits.store
      try await store.grant(5, to: "ada", once: "welcome")
      for render in ["a", "b", "c", "d"] {
        _ = try await store.reserve(for: "ada", render: render)
        try await store.capture(for: "ada", render: render)
      }
      _ = try await store.reserve(for: "ada", render: "failed")
      try await store.release(for: "ada", render: "failed")
      #expect(try await !store.refund(for: "ada", render: "failed"))
      for render in ["a", "b", "c"] {
        credits.clock.advance(by: 60)
        #expect(try await store.refund(for: "ada", render: render))
        #expect(try await !credits.second.refund(for: "ada", render: render), "\(render) twice")
      }
      #expect(try await !store.refund(for: "ada", render: "d"), "the fourth in 30 days")
      #expect(try await store.balance(of: "ada") == CreditBalance(available: 4, reserved: 0))
      credits.clock.advance(by: CreditPolicy.refundWindow)
      #expect(try await store.refund(for: "ada", render: "d"))
      #expect(try await store.balance(of: "ada") == CreditBalance(try await store.entries(of: "ada")))
    }
  }

  @Test("erasing an account removes its ledger and balance, and no one else's", arguments: TestDatabase.available)
  func erase(_ engine: TestDatabase) async throws {
    try await Credits.with(engine) { credits in
      try await credits.store.grant(3, to: "ada", once: "welcome")
      try await credits.store.grant(3, to: "bob", once: "welcome")
      _ = try await credits.store.reserve(for: "ada", render: "r1")
      try await credits.store.erase("ada")
      #expect(try await credits.store.entries(of: "ada").isEmpty)
      #expect(try await credits.store.balance(of: "ada") == CreditBalance())
      #expect(try await credits.store.balance(of: "bob") == CreditBalance(available: 3))
    }
  }
}
