import FaithJarCore
import Foundation
import OrchardKit
import OrchardServer
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

@testable import FaithJarServer

@Suite("Faith Jar's records")
struct FaithJarRepositoryTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A migrated database with one device, and that device's id.
  func withDevice(
    on engine: TestDatabase, _ body: @Sendable (Database, IdempotencyID) async throws -> Void
  ) async throws {
    let now = now
    try await engine.withFreshDatabase { database in
      try await orchardMigrations.run(on: database.sql, now: now, logger: .init(label: "test"))
      var generator = SeededRandomNumberGenerator(seed: 7)
      let device = IdempotencyID(using: &generator)
      try await SQLDeviceRepository(database: database.sql).insert(
        Device(id: device, createdAt: now, lastSeenAt: now))
      try await body(database, device)
    }
  }

  @Test("a saved record reads back whole; a device with none starts afresh", arguments: TestDatabase.available)
  func roundTrip(engine: TestDatabase) async throws {
    try await withDevice(on: engine) { database, device in
      let repository = SQLFaithJarRepository(database: database.sql, shared: database.isShared)
      #expect(try await repository.load(device) == FaithJarRecord())
      var record = FaithJarRecord()
      record.state.translation = .kjv
      record.state.setFavourite("anxiety-philippians-4-6", true)
      record.clockShift = 86_400
      try await repository.save(record, for: device, at: now)
      #expect(try await repository.load(device) == record)
      // A fresh repository (a restarted server) reads the row itself.
      let restarted = SQLFaithJarRepository(database: database.sql, shared: database.isShared)
      #expect(try await restarted.load(device) == record)
    }
  }

  @Test("only a database other servers share is read on every view", arguments: TestDatabase.available)
  func sharedDatabasesAreReadAgain(engine: TestDatabase) async throws {
    try await withDevice(on: engine) { database, device in
      let here = SQLFaithJarRepository(database: database.sql, shared: false)
      let shared = SQLFaithJarRepository(database: database.sql, shared: true)
      try await here.save(FaithJarRecord(), for: device, at: now)
      try await shared.save(FaithJarRecord(), for: device, at: now)
      // Another server changes the row.
      var elsewhere = FaithJarRecord()
      elsewhere.state.translation = .web
      try await SQLFaithJarRepository(database: database.sql, shared: true).save(elsewhere, for: device, at: now)
      #expect(try await shared.load(device) == elsewhere)
      // The process that owns its database serves what it last wrote, without reading.
      #expect(try await here.load(device) == FaithJarRecord())
    }
  }

  @Test("SQLite belongs to one server; PostgreSQL may be shared", arguments: TestDatabase.available)
  func sharing(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      #expect(database.isShared == (engine == .postgresql))
    }
  }
}
