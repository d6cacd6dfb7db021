import Foundation
import Logging
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardServer

/// Two apps written for these tests, in their launcher order.
let sampleApps = [
  AppManifest(
    id: "first", name: "First", promise: "One thing.", path: "/first/", version: "1.0.0", availability: .available),
  AppManifest(
    id: "second", name: "Second", promise: "Another thing.", path: "/second/", version: "0.1.0",
    availability: .comingSoon),
]

@Suite("The app catalog, on SQLite and PostgreSQL", .timeLimit(.minutes(5)))
struct AppCatalogStoreTests {
  @Test("the catalog stores the apps in launcher order and replaces them whole", arguments: TestDatabase.available)
  func replaceAndRead(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await orchardMigrations(random: .seeded(1)).run(on: database.sql, logger: Logger(label: "test"))
      let repository = SQLAppCatalogStore(database: database.sql)
      #expect(try await repository.all().isEmpty)
      try await repository.replace(with: sampleApps)
      #expect(try await repository.all() == sampleApps)
      let reordered = Array(sampleApps.reversed())
      try await repository.replace(with: reordered)
      #expect(try await repository.all() == reordered)
    }
  }

  @Test("the snapshot serves a cached catalog and re-reads it once it is older than its age limit")
  func snapshot() async throws {
    actor Counting: AppCatalogStore {
      var reads = 0
      var apps = sampleApps
      func all() -> [AppManifest] {
        reads += 1
        return apps
      }
      func replace(with apps: [AppManifest]) { self.apps = apps }
    }
    let repository = Counting()
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let snapshot = CatalogSnapshot(repository: repository, clock: clock, maxAge: 1)
    let first = try await snapshot.current()
    clock.advance(by: 0.9)
    _ = try await snapshot.current()
    #expect(await repository.reads == 1)
    await repository.replace(with: Array(sampleApps.prefix(1)))
    clock.advance(by: 0.1)
    let second = try await snapshot.current()
    #expect(await repository.reads == 2)
    #expect(second.apps.count == 1 && second.etag != first.etag)
  }
}
