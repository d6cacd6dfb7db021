import Foundation
import Logging
import OrchardKit
import SQLKit

/// One schema change, identified by a stable id that is recorded once it has run.
///
/// Migrations are written against `any SQLDatabase` so the same steps run on SQLite and PostgreSQL.
public struct Migration: Sendable {
  public let id: String
  public let apply: @Sendable (any SQLDatabase) async throws -> Void

  public init(_ id: String, apply: @escaping @Sendable (any SQLDatabase) async throws -> Void) {
    self.id = id
    self.apply = apply
  }
}

/// Applies an ordered list of migrations, each in its own transaction, and records each in
/// `schema_migrations` so it never runs twice.
public struct MigrationRunner: Sendable {
  public let migrations: [Migration]

  public init(_ migrations: [Migration]) {
    precondition(Set(migrations.map(\.id)).count == migrations.count, "migration ids must be unique")
    self.migrations = migrations
  }

  /// Ids already recorded in the database.
  public func applied(on database: any SQLDatabase) async throws -> Set<String> {
    try await createLedger(on: database)
    let rows: [AppliedRow] = try await database.select().column("id").from("schema_migrations")
      .all(decoding: AppliedRow.self)
    return Set(rows.map(\.id))
  }

  /// Runs every migration not yet recorded, in order; returns the ids it applied.
  @discardableResult
  public func run(on database: any SQLDatabase, now: Date = Date(), logger: Logger) async throws -> [String] {
    let done = try await applied(on: database)
    var appliedNow: [String] = []
    for migration in migrations where !done.contains(migration.id) {
      do {
        try await database.inTransaction { session in
          try await migration.apply(session)
          try await session.insert(into: "schema_migrations")
            .columns("id", "applied_at")
            .values(SQLBind(migration.id), SQLBind(WireTimestamp.format(now, precision: .seconds)))
            .run()
        }
      } catch {
        throw MigrationError(id: migration.id, underlying: error)
      }
      logger.info("migration applied", metadata: ["migration": "\(migration.id)"])
      appliedNow.append(migration.id)
    }
    return appliedNow
  }

  private func createLedger(on database: any SQLDatabase) async throws {
    try await database.create(table: "schema_migrations").ifNotExists()
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("applied_at", type: .text, .notNull)
      .run()
  }

  private struct AppliedRow: Decodable { let id: String }
}

/// A migration that failed; nothing of it was kept.
public struct MigrationError: Error, CustomStringConvertible {
  public let id: String
  public let underlying: any Error
  public var description: String { "migration \(id) failed and was rolled back: \(String(reflecting: underlying))" }
}

extension SQLDataType {
  /// Seconds since 1970 as an 8-byte float on every engine. (SQLKit's `.real` is PostgreSQL's
  /// 4-byte `REAL`, which rounds today's timestamps to about two minutes.)
  public static var epochSeconds: SQLDataType { .custom(SQLRaw("DOUBLE PRECISION")) }
}

extension Migration {
  /// Widens timestamp columns created as `.real` to ``SQLDataType/epochSeconds`` on PostgreSQL; on
  /// SQLite, where every REAL is already 8 bytes, it does nothing.
  public static func widenTimestamps(_ id: String, columns: [(table: String, column: String)]) -> Migration {
    Migration(id) { database in
      guard database.dialect.name == "postgresql" else { return }
      for (table, column) in columns {
        try await database.raw(
          "ALTER TABLE \(ident: table) ALTER COLUMN \(ident: column) TYPE DOUBLE PRECISION"
        ).run()
      }
    }
  }
}
