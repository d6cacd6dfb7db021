import Foundation
import Logging
import OrchardDatabase
import SQLKit
import ServerKit

/// The databases a repository suite runs on: SQLite always, PostgreSQL when the test command
/// provides one in `ORCHARD_TEST_POSTGRES_URL`.
public enum TestDatabase: String, Sendable, CaseIterable, CustomStringConvertible {
  case sqlite
  case postgresql

  public var description: String { rawValue }

  static var postgresURL: String? { ProcessInfo.processInfo.environment["ORCHARD_TEST_POSTGRES_URL"] }

  /// `scripts/test` sets `ORCHARD_TEST_REQUIRE_POSTGRES=1`: there, a missing PostgreSQL fails the
  /// suite instead of quietly running on SQLite alone.
  static var postgresRequired: Bool { ProcessInfo.processInfo.environment["ORCHARD_TEST_REQUIRE_POSTGRES"] == "1" }

  /// The engines to run on in this test run.
  public static var available: [TestDatabase] {
    postgresURL != nil || postgresRequired ? [.sqlite, .postgresql] : [.sqlite]
  }

  /// Runs `body` with where a brand-new, empty database is (a SQLite file, or a PostgreSQL database
  /// dropped afterwards), for a server and a test that each open it.
  public func withFreshLocation<R: Sendable>(_ body: @Sendable (DatabaseLocation) async throws -> R) async throws -> R {
    switch self {
    case .sqlite:
      return try await withTemporarySQLite(body)
    case .postgresql:
      guard let adminURL = Self.postgresURL else { throw TestDatabaseError.postgresMissing }
      let name = "orchard_test_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let admin = try await Database.open(.postgres(url: adminURL), logger: Logger(label: "test"))
      return try await admin.withRunningServices { admin in
        try await admin.sql.raw("CREATE DATABASE \(unsafeRaw: name)").run()
        guard let slash = adminURL.lastIndex(of: "/") else { throw TestDatabaseError.postgresMissing }
        let result: Result<R, any Error>
        do {
          result = .success(try await body(.postgres(url: String(adminURL[...slash]) + name)))
        } catch {
          result = .failure(error)
        }
        try await admin.sql.raw("DROP DATABASE \(unsafeRaw: name) WITH (FORCE)").run()
        return try result.get()
      }
    }
  }

  /// Runs `body` against a brand-new, empty database that is dropped afterwards.
  public func withFreshDatabase<R: Sendable>(_ body: @Sendable (Database) async throws -> R) async throws -> R {
    let logger = Logger(label: "test")
    switch self {
    case .sqlite:
      let database = try await Database.open(.sqliteMemory, logger: logger)
      do {
        let result = try await body(database)
        try await database.close()
        return result
      } catch {
        try? await database.close()
        throw error
      }
    case .postgresql:
      guard let adminURL = Self.postgresURL else { throw TestDatabaseError.postgresMissing }
      let name = "orchard_test_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let admin = try await Database.open(.postgres(url: adminURL), logger: logger)
      return try await admin.withRunningServices { admin in
        try await admin.sql.raw("CREATE DATABASE \(unsafeRaw: name)").run()
        // Same server and role, the new database in place of the admin URL's last path component.
        guard let slash = adminURL.lastIndex(of: "/") else { throw TestDatabaseError.postgresMissing }
        let url = String(adminURL[...slash]) + name
        let database = try await Database.open(.postgres(url: url), logger: logger)
        let result: Result<R, any Error>
        do {
          result = .success(try await database.withRunningServices(body))
        } catch {
          result = .failure(error)
        }
        try await admin.sql.raw("DROP DATABASE \(unsafeRaw: name) WITH (FORCE)").run()
        return try result.get()
      }
    }
  }
}

public enum TestDatabaseError: Error, CustomStringConvertible {
  case postgresMissing
  public var description: String {
    "ORCHARD_TEST_REQUIRE_POSTGRES=1 but ORCHARD_TEST_POSTGRES_URL is not set: PostgreSQL did not start"
  }
}
