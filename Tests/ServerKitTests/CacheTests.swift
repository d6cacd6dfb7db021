import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKitTesting
import Synchronization
import Testing

@testable import ServerKit

@Suite("The cache every process keeps in front of the database", .serialized, .timeLimit(.minutes(5)))
struct CacheTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test("a full cache starts over: a forgotten entry costs one read, nothing more")
  func bounded() async throws {
    let cache = Cache<String, Int>("test", capacity: 3, clock: FixedClock(start))
    for (index, key) in ["a", "b", "c"].enumerated() { cache.store(index, for: key) }
    #expect(cache.count == 3)
    cache.store(3, for: "d")
    #expect(cache.count == 1)
    #expect(try await cache.value(for: "a") == nil)
    #expect(try await cache.value(for: "d") == 3)
    cache.store(4, for: "d")
    #expect(cache.count == 1, "replacing a held key does not count as a new one")
  }

  @Test("an entry older than its age is gone, by the server's clock, to the second")
  func ages() async throws {
    let clock = ManualClock(start)
    let cache = Cache<String, Int>("test", capacity: 10, maxAge: 1, clock: clock)
    var reads = 0
    let read: () async throws -> Int = {
      reads += 1
      return reads
    }
    #expect(try await cache.fetch("k", read) == 1)
    clock.advance(by: 0.999)
    #expect(try await cache.fetch("k", read) == 1)
    clock.advance(by: 0.001)
    #expect(try await cache.fetch("k", read) == 2, "one second old is stale")
  }

  @Test("a row read before a write is never kept after it")
  func writeDuringRead() async throws {
    let cache = Cache<String, String>("test", capacity: 10, clock: FixedClock(start))
    let loaded = try await cache.load("k") {
      // Another request writes while this one is reading.
      cache.store("new", for: "k")
      return "old"
    }
    #expect(loaded == "old")
    #expect(try await cache.value(for: "k") == "new")
    _ = try await cache.load("j") {
      cache.drop("j")
      return "stale"
    }
    #expect(try await cache.value(for: "j") == nil)
  }

  @Test("what one process forgets, every process sharing the database forgets", arguments: TestDatabase.available)
  func revocationReachesEveryProcess(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await serverMigrations(apps: []).run(on: database.sql, logger: .init(label: "test"))
      let clock = ManualClock(start)
      // Two processes: each its own cache of the same name over the same database.
      let log = RevocationLog(database: database.sql)
      let first = Cache<String, String>(
        "sessions", capacity: 10, clock: clock, revocations: .shared(log, checkEvery: 1))
      let second = Cache<String, String>(
        "sessions", capacity: 10, clock: clock, revocations: .shared(log, checkEvery: 1))
      let other = Cache<String, String>("devices", capacity: 10, clock: clock, revocations: .shared(log, checkEvery: 1))
      for cache in [first, second, other] {
        #expect(try await cache.fetch("token-a") { "alice" } == "alice")
        #expect(try await cache.fetch("token-b") { "bob" } == "bob")
      }
      try await first.forget("token-a")
      #expect(try await first.value(for: "token-a") == nil, "gone at once where it was forgotten")
      #expect(try await second.value(for: "token-a") == "alice", "the other process checks within a second")
      clock.advance(by: 1)
      #expect(try await second.value(for: "token-a") == nil)
      #expect(try await second.value(for: "token-b") == "bob")
      #expect(try await other.value(for: "token-a") == "alice", "another cache's keys are its own")
    }
  }

  @Test("a process that did not look for longer than the log keeps its rows starts over")
  func lostTrack() async throws {
    try await TestDatabase.sqlite.withFreshDatabase { database in
      try await serverMigrations(apps: []).run(on: database.sql, logger: .init(label: "test"))
      let clock = ManualClock(start)
      let log = RevocationLog(database: database.sql)
      let cache = Cache<String, String>(
        "sessions", capacity: 10, clock: clock, revocations: .shared(log, checkEvery: 1))
      #expect(try await cache.fetch("token-a") { "alice" } == "alice")
      clock.advance(by: RevocationLog.retention + 1)
      #expect(try await cache.value(for: "token-a") == nil)
    }
  }
}
