import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKitTesting
import Testing

@testable import ServerKit

@Suite("An app's one table of devices", .serialized, .timeLimit(.minutes(5)))
struct DeviceStoreTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// What a test app keeps for a device.
  struct Counter: Codable, Sendable, Equatable {
    var count = 0
    var notes: [String] = []
  }

  /// A table of devices on a fresh database, through a store that is `shared` as the database is.
  func withStore(
    on engine: TestDatabase,
    _ body: @Sendable (DeviceStore<Counter>, Database, @Sendable () -> DeviceStore<Counter>) async throws -> Void
  ) async throws {
    let now = now
    try await engine.withFreshDatabase { database in
      try await serverMigrations(apps: []).run(on: database.sql, now: now, logger: .init(label: "test"))
      try await DeviceStore<Counter>.createTable("test_devices", on: database.sql)
      try await DeviceStore<Counter>.indexTokens("test_devices", on: database.sql)
      let make: @Sendable () -> DeviceStore<Counter> = {
        DeviceStore(
          database: database, table: "test_devices", clock: FixedClock(now), revocations: .for(database),
          fresh: Counter.init)
      }
      try await body(make(), database, make)
    }
  }

  func ids(_ count: Int) -> [IdempotencyID] {
    var generator = SeededRandomNumberGenerator(seed: 7)
    return (0..<count).map { _ in IdempotencyID(using: &generator) }
  }

  @Test("a browser's device gets its row on its first change, and reads back whole", arguments: TestDatabase.available)
  func firstChange(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, _, another in
      let device = ids(1)[0]
      #expect(try await store.load(device) == nil)
      #expect(try await store.document(device) == Counter())
      try await store.update(device, at: now) { $0.count += 1 }
      #expect(try await store.load(device) == Counter(count: 1))
      // A restarted server reads the row itself.
      #expect(try await another().load(device) == Counter(count: 1))
    }
  }

  @Test("an app install is found by its token's hash and by nothing else", arguments: TestDatabase.available)
  func tokens(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, database, another in
      let device = ids(1)[0]
      var generator = SeededRandomNumberGenerator(seed: 5)
      let token = DeviceToken(using: &generator)
      try await store.register(device, tokenHash: token.hash, at: now)
      #expect(try await store.device(tokenHash: token.hash) == device)
      #expect(try await another().device(tokenHash: token.hash) == device)
      #expect(try await store.device(tokenHash: DeviceToken(value: "guess").hash) == nil)
      #expect(try await store.load(device) == Counter())
      struct Row: Decodable { let token_hash: String? }
      let rows: [Row] = try await database.sql.select().column("token_hash").from("test_devices")
        .all(decoding: Row.self)
      #expect(rows.map(\.token_hash) == [token.hash], "only the hash is kept, never the token")
    }
  }

  @Test("changes at the same moment are each kept: a compare-and-set, asked again", arguments: TestDatabase.available)
  func noLostUpdates(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, _, another in
      let device = ids(1)[0]
      try await store.update(device, at: now) { $0.count = 0 }
      // Two processes' stores on one database, 25 requests each.
      let second = another()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<50 {
          let target = index.isMultiple(of: 2) ? store : second
          group.addTask {
            try await target.update(device, at: now) { counter in
              counter.count += 1
              counter.notes.append("\(index)")
            }
          }
        }
        try await group.waitForAll()
      }
      let final = try #require(try await another().load(device))
      #expect(final.count == 50)
      #expect(Set(final.notes) == Set((0..<50).map(String.init)))
    }
  }

  @Test(
    "a change that loses every compare-and-set is a 409 CONFLICT, and nothing of it is written",
    arguments: TestDatabase.available)
  func conflict(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, _, another in
      let device = ids(1)[0]
      try await store.update(device, at: now) { $0.count = 0 }
      let rival = another()
      let attempts = Attempts()
      await #expect(throws: OrchardError.conflict) {
        try await store.update(device, at: now) { counter in
          // Another process writes between every read and write of this one.
          try await rival.update(device, at: now) { $0.notes.append("rival") }
          await attempts.count()
          counter.count = 1000
        }
      }
      #expect(await attempts.value == DeviceStore<Counter>.maxAttempts)
      let final = try #require(try await another().load(device))
      #expect(final.count == 0 && final.notes.count == DeviceStore<Counter>.maxAttempts)
    }
  }

  actor Attempts {
    private(set) var value = 0
    func count() { value += 1 }
  }

  @Test("a change that changes nothing writes nothing", arguments: TestDatabase.available)
  func unchanged(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, database, _ in
      let device = ids(1)[0]
      try await store.update(device, at: now) { $0.count = 3 }
      try await store.update(device, at: now.addingTimeInterval(60)) { $0.count = 3 }
      struct Row: Decodable {
        let version: Int64
        let updated_at: Double
      }
      let row = try #require(
        try await database.sql.select().columns("version", "updated_at").from("test_devices").first(decoding: Row.self))
      #expect(row.version == 1 && row.updated_at == now.timeIntervalSince1970)
    }
  }

  @Test("what goes alongside a change is kept with it, or neither is", arguments: TestDatabase.available)
  func alongside(engine: TestDatabase) async throws {
    struct Refused: Error {}
    try await withStore(on: engine) { store, database, another in
      let device = ids(1)[0]
      try await database.sql.create(table: "test_notes").column("note", type: .text, .notNull).run()
      try await store.update(
        device, at: now, { $0.count = 1 },
        alongside: { _, session in try await session.insert(into: "test_notes").columns("note").values("kept").run() })
      await #expect(throws: Refused.self) {
        try await store.update(
          device, at: now, { $0.count = 2 },
          alongside: { _, session in
            try await session.insert(into: "test_notes").columns("note").values("lost").run()
            throw Refused()
          })
      }
      struct Note: Decodable { let note: String }
      let notes: [Note] = try await database.sql.select().column("note").from("test_notes").all(decoding: Note.self)
      #expect(notes.map(\.note) == ["kept"])
      #expect(try await another().load(device) == Counter(count: 1))
      #expect(try await store.load(device) == Counter(count: 1))
    }
  }

  @Test("only a database other servers share is read on every view", arguments: TestDatabase.available)
  func sharedDatabasesAreReadAgain(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, database, another in
      let device = ids(1)[0]
      try await store.update(device, at: now) { $0.count = 1 }
      // Another server changes the row.
      try await another().update(device, at: now) { $0.count = 2 }
      let expected = database.isShared ? 2 : 1
      #expect(try await store.load(device)?.count == expected)
    }
  }

  @Test("a deleted device is gone, here and in every process", arguments: TestDatabase.available)
  func delete(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, _, another in
      let device = ids(1)[0]
      try await store.update(device, at: now) { $0.count = 1 }
      try await store.delete(device)
      #expect(try await store.load(device) == nil)
      #expect(try await another().load(device) == nil)
    }
  }

  @Test("a deleted app install's token is unknown at once, though it was just used", arguments: TestDatabase.available)
  func deletedToken(engine: TestDatabase) async throws {
    try await withStore(on: engine) { store, _, another in
      let install = try await store.register(drawingFrom: .seeded(3), at: now)
      #expect(try await store.device(tokenHash: install.token.hash) == install.device)
      try await store.delete(install.device)
      #expect(try await store.device(tokenHash: install.token.hash) == nil)
      #expect(try await another().device(tokenHash: install.token.hash) == nil)
      #expect(try await store.load(install.device) == nil)
    }
  }

  @Test("SQLite belongs to one server; PostgreSQL may be shared", arguments: TestDatabase.available)
  func sharing(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      #expect(database.isShared == (engine == .postgresql))
    }
  }
}
