import Foundation
import Logging
import OrchardDatabase
import OrchardKit
import ServerKit

extension AppEnvironment {
  /// What an app is given on `database`, for tests that call its services directly. The
  /// database is migrated for `apps` first.
  public static func test(
    _ apps: [any OrchardApp], database: Database, clock: any WallClock, random: RandomSource = .seeded(1),
    configuration: ServerConfiguration = .defaults
  ) async throws -> AppEnvironment {
    try await serverMigrations(apps: apps).run(on: database.sql, now: clock.now, logger: Logger(label: "test"))
    return AppEnvironment(
      configuration: configuration, dependencies: ServerDependencies(clock: clock, random: random),
      database: database, pages: PageRenderer(assets: AssetCatalog()))
  }
}
