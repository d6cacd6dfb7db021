import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import OrchardDatabase
import OrchardKit
import ServerKit

/// Builds a server of `apps` alone, as `orchard serve` builds the whole platform, and runs `body`
/// against its router: each app's route tests build just that app. The database is a fresh
/// in-memory SQLite unless one is given; time and randomness are the test's.
public func withTestServer(
  _ apps: [any OrchardApp], platform: (any PlatformModule)? = nil, configuration: ServerConfiguration = .defaults,
  database: DatabaseLocation = .sqliteMemory, clock: any WallClock, random: RandomSource = .seeded(1),
  outbound: PublicHTTPClient = PublicHTTPClient(),
  _ body: @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
  let app = try await buildServer(
    configuration, apps: apps, platform: platform, database: database,
    dependencies: ServerDependencies(clock: clock, random: random, outbound: outbound))
  try await app.test(.router) { client in try await body(client) }
}

/// A fresh SQLite file in a temporary folder, removed after `body`: for tests that need a database
/// two servers (or a migration and a server) open in turn.
public func withTemporarySQLite<R>(_ body: (DatabaseLocation) async throws -> R) async throws -> R {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orchard-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: directory) }
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return try await body(.sqliteFile(path: directory.appendingPathComponent("orchard.sqlite").path))
}

/// ``withTestServer(_:platform:configuration:database:clock:random:outbound:_:)`` on `database`,
/// with a second handle on the same database, its services running, for what a test checks
/// underneath the API (rows, keys a client never sees).
public func withTestServer(
  _ apps: [any OrchardApp], platform: (any PlatformModule)? = nil, configuration: ServerConfiguration = .defaults,
  database location: DatabaseLocation, clock: any WallClock, random: RandomSource = .seeded(1),
  _ body: @Sendable (any TestClientProtocol, Database) async throws -> Void
) async throws {
  try await withTestServer(
    apps, platform: platform, configuration: configuration, database: location, clock: clock, random: random
  ) { client in
    let database = try await Database.open(location, logger: Logger(label: "test"))
    let outcome: Result<Void, any Error>
    do {
      // A PostgreSQL client answers only while its services run.
      try await database.withRunningServices { database in try await body(client, database) }
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    try? await database.close()
    try outcome.get()
  }
}

/// A platform that only adds tables: what a test server needs beside its apps when the real
/// platform's pages and jobs are not under test (the identity tables and the job queue, say).
public struct TablesOnlyPlatform: PlatformModule {
  public let migrations: [Migration]

  public init(migrations: [Migration]) { self.migrations = migrations }

  public func assets() throws -> AssetCatalog { AssetCatalog() }
  public func prepare(_ environment: AppEnvironment, apps: [AppManifest]) async throws {}
  public func mount(on router: Router<AppRequestContext>, environment: AppEnvironment, apps: [AppManifest]) throws {}
}
