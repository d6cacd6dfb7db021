import Foundation
import Logging
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKitTesting
import Testing

@testable import ServerKit

@Suite("Migrations and the device repository, on SQLite and PostgreSQL", .timeLimit(.minutes(5)))
struct RepositoryTests {
  static let logger = Logger(label: "test")

  @Test("migrations run once, in order, and are recorded", arguments: TestDatabase.available)
  func migrationsRunOnce(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      let runner = MigrationRunner([
        SQLDeviceRepository.migration,
        Migration("test-0002-notes") { try await $0.create(table: "notes").column("id", type: .int).run() },
      ])
      let first = try await runner.run(on: database.sql, logger: Self.logger)
      #expect(first == ["serverkit-0001-devices", "test-0002-notes"])
      let second = try await runner.run(on: database.sql, logger: Self.logger)
      #expect(second.isEmpty)
      #expect(try await runner.applied(on: database.sql) == ["serverkit-0001-devices", "test-0002-notes"])
    }
  }

  @Test("a failing migration is rolled back and not recorded", arguments: TestDatabase.available)
  func failingMigration(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      let runner = MigrationRunner([
        Migration("test-0001-half") { db in
          try await db.create(table: "half").column("id", type: .int).run()
          try await db.raw("THIS IS NOT SQL").run()
        }
      ])
      await #expect(throws: MigrationError.self) { try await runner.run(on: database.sql, logger: Self.logger) }
      #expect(try await runner.applied(on: database.sql).isEmpty)
      // The table created before the failure was rolled back with it.
      try await database.sql.create(table: "half").column("id", type: .int).run()
    }
  }

  @Test("devices are stored, found and touched", arguments: TestDatabase.available)
  func devices(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner([SQLDeviceRepository.migration]).run(on: database.sql, logger: Self.logger)
      let repository = SQLDeviceRepository(database: database.sql)
      var generator = SeededRandomNumberGenerator(seed: 7)
      let id = IdempotencyID(using: &generator)
      // A fraction of a second, which a 4-byte float column would round away (to 128 s here).
      let created = Date(timeIntervalSince1970: 1_800_000_001.25)
      #expect(try await repository.find(id) == nil)
      try await repository.insert(Device(id: id, createdAt: created, lastSeenAt: created))
      #expect(try await repository.find(id) == Device(id: id, createdAt: created, lastSeenAt: created))
      let later = created.addingTimeInterval(3 * 86_400)
      try await repository.touch(id, at: later)
      #expect(try await repository.find(id)?.lastSeenAt == later)
      #expect(try await repository.find(IdempotencyID(using: &generator)) == nil)
    }
  }

  @Test(
    "a timestamp column made with .real keeps fractions of a second once widened", arguments: TestDatabase.available)
  func widenedTimestamps(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner([
        Migration("legacy") { try await $0.create(table: "legacy").column("at", type: .real, .notNull).run() },
        .widenTimestamps("widen", columns: [("legacy", "at")]),
      ]).run(on: database.sql, logger: Self.logger)
      try await database.sql.insert(into: "legacy").columns("at").values(SQLBind(1_800_000_001.25)).run()
      struct Row: Decodable { let at: Double }
      let row = try await database.sql.select().column("at").from("legacy").first(decoding: Row.self)
      #expect(row?.at == 1_800_000_001.25)
    }
  }

  @Test("inserting the same device twice is refused by the database", arguments: TestDatabase.available)
  func duplicateDevice(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner([SQLDeviceRepository.migration]).run(on: database.sql, logger: Self.logger)
      let repository = SQLDeviceRepository(database: database.sql)
      var generator = SeededRandomNumberGenerator(seed: 8)
      let device = Device(id: IdempotencyID(using: &generator), createdAt: .now, lastSeenAt: .now)
      try await repository.insert(device)
      await #expect(throws: (any Error).self) { try await repository.insert(device) }
    }
  }

  @Test("the test command provides PostgreSQL when it asks for it")
  func postgresProvided() {
    if ProcessInfo.processInfo.environment["ORCHARD_TEST_REQUIRE_POSTGRES"] == "1" {
      #expect(ProcessInfo.processInfo.environment["ORCHARD_TEST_POSTGRES_URL"] != nil)
      #expect(TestDatabase.available.contains(.postgresql))
    }
  }
}
