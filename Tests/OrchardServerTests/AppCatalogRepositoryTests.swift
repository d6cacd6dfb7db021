import Logging
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardServer

@Suite("The app catalog, on SQLite and PostgreSQL")
struct AppCatalogRepositoryTests {
  @Test("the catalog stores the apps in launcher order and replaces them whole", arguments: TestDatabase.available)
  func replaceAndRead(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await orchardMigrations.run(on: database.sql, logger: Logger(label: "test"))
      let repository = SQLAppCatalogRepository(database: database.sql)
      #expect(try await repository.all().isEmpty)
      try await repository.replace(with: AppManifest.platform)
      #expect(try await repository.all() == AppManifest.platform)
      let reordered = Array(AppManifest.platform.reversed().prefix(2))
      try await repository.replace(with: reordered)
      #expect(try await repository.all() == reordered)
    }
  }

  @Test("the snapshot serves a cached catalog and re-reads it once it is older than its age limit")
  func snapshot() async throws {
    actor Counting: AppCatalogRepository {
      var reads = 0
      var apps = AppManifest.platform
      func all() -> [AppManifest] {
        reads += 1
        return apps
      }
      func replace(with apps: [AppManifest]) { self.apps = apps }
    }
    let repository = Counting()
    let snapshot = CatalogSnapshot(repository: repository, maxAge: .milliseconds(50))
    let first = try await snapshot.current()
    _ = try await snapshot.current()
    #expect(await repository.reads == 1)
    await repository.replace(with: Array(AppManifest.platform.prefix(1)))
    try await Task.sleep(for: .milliseconds(60))
    let second = try await snapshot.current()
    #expect(await repository.reads == 2)
    #expect(second.apps.count == 1 && second.etag != first.etag)
  }
}
