import Foundation
import MIGACore
import OrchardDatabase
import OrchardKit
import ServerKit
import ServerKitTesting

@testable import MIGAServer

/// A fixed instant the suites count from.
let testNow = Date(timeIntervalSince1970: 1_800_000_000)

/// A fresh, migrated database on `engine`.
func withMigratedDatabase(
  on engine: TestDatabase, _ body: @Sendable (Database) async throws -> Void
) async throws {
  try await engine.withFreshDatabase { database in
    try await serverMigrations(apps: [MIGAApp()]).run(on: database.sql, now: testNow, logger: .init(label: "test"))
    try await body(database)
  }
}

/// A short library item; `text` tells versions apart.
func item(_ id: String, text: String = "Waste no more time arguing what a good man should be.") -> ContentItem {
  ContentItem(
    id: id, kind: .quote, text: text, author: "Marcus Aurelius", work: "Meditations", locus: "10.16",
    translator: "George Long", year: 1862, licence: "PD-worldwide", source: "meditations.xhtml",
    category: .stoicism, words: text.split(separator: " ").count)
}

func library(_ items: [ContentItem]) -> ContentLibrary {
  ContentLibrary(credit: "Test credit.", items: items)
}

/// Device ids from a seeded generator, so each test names its devices the same way every run.
func deviceIDs(_ count: Int, seed: UInt64 = 11) -> [IdempotencyID] {
  var generator = SeededRandomNumberGenerator(seed: seed)
  return (0..<count).map { _ in IdempotencyID(using: &generator) }
}

/// `count` valid events, one second apart from `start`, with ids from `seed`.
func events(_ count: Int, seed: UInt64 = 3, start: Date = testNow) -> [MIGAEvent] {
  var generator = SeededRandomNumberGenerator(seed: seed)
  return (0..<count).map { index in
    let instant = start.addingTimeInterval(Double(index))
    return MIGAEvent(
      id: IdempotencyID(using: &generator), kind: index.isMultiple(of: 2) ? .sessionStart : .exitSelected,
      occurredAt: instant, timeZone: "Europe/Paris",
      localDay: LocalDay(containing: instant, in: TimeZone(identifier: "Europe/Paris")!),
      metadata: EventMetadata(appID: "instagram", timerLength: 30))
  }
}
