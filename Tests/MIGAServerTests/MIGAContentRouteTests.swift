import Foundation
import HTTPTypes
import MIGAAPI
import MIGACore
import OrchardKit
import ServerKit
import Testing

@testable import MIGAServer

@Suite("MIGA's API: content sync and remote config", .timeLimit(.minutes(5)))
struct MIGAContentRouteTests {
  /// Where the library's history stands once the bundled library is seeded: one change per item.
  static var seeded: Int { (try? MIGAApp.bundledLibrary().items.count) ?? 0 }

  @Test("the first sync is the whole bundled library, cached privately and revalidated")
  func fullSync() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let answer = try await api.send(.get, "/miga/api/v1/content", token: device.token)
      #expect(answer.status == .ok)
      #expect(answer.headers[.cacheControl] == "private, no-cache")
      let delta: Components.Schemas.ContentDelta = try answer.decode()
      let bundled = try MIGAApp.bundledLibrary()
      #expect(delta.full_resync)
      #expect(delta.items == bundled.items.map(MIGAAPIService.wire))
      #expect(delta.tombstones.isEmpty)
      #expect(delta.cursor == "v1.\(bundled.items.count)")
    }
  }

  @Test("an unchanged library answers 304 to the ETag, for a full sync and for a delta")
  func notModified() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      for path in ["/miga/api/v1/content", "/miga/api/v1/content?since=v1.\(Self.seeded)"] {
        let first = try await api.send(.get, path, token: device.token)
        let etag = try #require(first.headers[.eTag])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a quoted entity tag: \(etag)")
        let again = try await api.send(.get, path, token: device.token, headers: [.ifNoneMatch: etag])
        #expect(again.status == .notModified)
        #expect(again.headers[.eTag] == etag)
        #expect(again.body.isEmpty)
        let listed = try await api.send(.get, path, token: device.token, headers: [.ifNoneMatch: "\"x\", \(etag)"])
        #expect(listed.status == .notModified)
      }
      let full = try await api.send(.get, "/miga/api/v1/content", token: device.token)
      let delta = try await api.send(.get, "/miga/api/v1/content?since=v1.\(Self.seeded)", token: device.token)
      #expect(full.headers[.eTag] != delta.headers[.eTag])
    }
  }

  @Test("an up-to-date device gets the empty delta from memory, in the contract's shape")
  func upToDate() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let first: Components.Schemas.ContentDelta = try await api.send(
        .get, "/miga/api/v1/content", token: device.token
      ).decode()
      let answer = try await api.send(.get, "/miga/api/v1/content?since=\(first.cursor)", token: device.token)
      #expect(answer.status == .ok)
      #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
      #expect(answer.headers[.cacheControl] == "private, no-cache")
      #expect(answer.headers[.eTag] == "\"c.\(Self.seeded).0.\(Self.seeded)\"")
      let delta: Components.Schemas.ContentDelta = try answer.decode()
      #expect(delta == .init(items: [], tombstones: [], cursor: first.cursor, full_resync: false))
      // Without a token the answer is the contract's 401, never the shortcut.
      let anonymous = try await api.send(.get, "/miga/api/v1/content?since=\(first.cursor)", token: nil)
      #expect(anonymous.status == .unauthorized)
      let stranger = try await api.send(.get, "/miga/api/v1/content?since=\(first.cursor)", token: "nope")
      #expect(stranger.status == .unauthorized)
    }
  }

  @Test("after an import that updates one item and retires another, the delta holds just those two")
  func deltaAfterImport() async throws {
    let clock = ManualClock(testNow)
    try await withMIGA(clock: clock) { api, database in
      let device = try await api.newDevice()
      let first: Components.Schemas.ContentDelta = try await api.send(
        .get, "/miga/api/v1/content", token: device.token
      ).decode()
      let etag = try await api.send(.get, "/miga/api/v1/content?since=\(first.cursor)", token: device.token)
        .headers[.eTag]

      let (library, updated, retired) = try Self.editedLibrary()
      let report = try await ContentImporter(repository: SQLMIGAContentStore(database: database.sql))
        .importLibrary(library, retireMissing: true, at: Date())
      #expect(report.updated == [updated.id] && report.retired == [retired])
      // The server trusts the library state it read for up to a second (ContentStateCache).
      let cached = try await api.send(
        .get, "/miga/api/v1/content?since=\(first.cursor)", token: device.token, headers: [.ifNoneMatch: etag ?? ""])
      #expect(cached.status == .notModified)
      clock.advance(by: 1)

      let stale = try await api.send(
        .get, "/miga/api/v1/content?since=\(first.cursor)", token: device.token, headers: [.ifNoneMatch: etag ?? ""])
      #expect(stale.status == .ok)
      let delta: Components.Schemas.ContentDelta = try stale.decode()
      #expect(!delta.full_resync)
      #expect(delta.items == [MIGAAPIService.wire(updated)])
      #expect(delta.tombstones.map(\.id) == [retired])
      // Two changes after the seed: the update, then the retirement.
      #expect(delta.cursor == "v1.\(Self.seeded + 2)")
      let caughtUp: Components.Schemas.ContentDelta = try await api.send(
        .get, "/miga/api/v1/content?since=\(delta.cursor)", token: device.token
      ).decode()
      #expect(caughtUp.items.isEmpty && caughtUp.tombstones.isEmpty && !caughtUp.full_resync)
    }
  }

  @Test("a cursor older than the last tombstone purge, or from another history, gets a full resync")
  func staleCursor() async throws {
    try await withMIGA { api, database in
      let device = try await api.newDevice()
      let importer = ContentImporter(repository: SQLMIGAContentStore(database: database.sql))
      let (library, _, retired) = try Self.editedLibrary()
      let longAgo = Date().addingTimeInterval(-ContentImporter.tombstoneRetention - 86_400)
      try await importer.importLibrary(library, retireMissing: true, at: longAgo)
      #expect(try await importer.purge(at: Date()) == 1)

      for cursor in ["v1.\(Self.seeded)", "v1.0", "v1.999999"] {
        let delta: Components.Schemas.ContentDelta = try await api.send(
          .get, "/miga/api/v1/content?since=\(cursor)", token: device.token
        ).decode()
        #expect(delta.full_resync, "\(cursor)")
        #expect(delta.items.count == Self.seeded - 1)
        #expect(!delta.items.contains { $0.id == retired })
        #expect(delta.tombstones.isEmpty)
      }
      let current: Components.Schemas.ContentDelta = try await api.send(
        .get, "/miga/api/v1/content?since=v1.\(Self.seeded + 2)", token: device.token
      ).decode()
      #expect(!current.full_resync && current.items.isEmpty)
    }
  }

  @Test("a cursor the server never gave out is BAD_CURSOR")
  func badCursor() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      for cursor in ["abc", "v1.", "v1.1x", "v1.1234567890123456789", "djE6MTI"] {
        let answer = try await api.send(.get, "/miga/api/v1/content?since=\(cursor)", token: device.token)
        #expect(answer.status == .badRequest, "\(cursor)")
        #expect(answer.problem?.code == "BAD_CURSOR")
      }
    }
  }

  @Test("remote config: the app registry and flags, public for five minutes, 304 to its ETag")
  func config() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let answer = try await api.send(.get, "/miga/api/v1/config", token: device.token)
      #expect(answer.status == .ok)
      #expect(answer.headers[.cacheControl] == "public, max-age=300")
      let config: Components.Schemas.RemoteConfig = try answer.decode()
      #expect(config.apps.map(\.id) == AppRegistry.builtIn.map(\.id))
      #expect(config.apps.first?.url_schemes == ["instagram://app"])
      let features = MIGAFeatures.standard
      #expect(
        [config.flags.intention_prompt, config.flags.adaptive_pause, config.flags.experimental_metrics]
          == [features.intentionPrompt, features.adaptivePause, features.experimentalMetrics])
      #expect(config.content_credit == (try MIGAApp.bundledLibrary().credit))
      let etag = try #require(answer.headers[.eTag])
      let again = try await api.send(.get, "/miga/api/v1/config", token: device.token, headers: [.ifNoneMatch: etag])
      #expect(again.status == .notModified)
      #expect(again.headers[.cacheControl] == "public, max-age=300")
    }
  }

  /// The bundled library with its first item's text changed and its second item gone.
  static func editedLibrary() throws -> (ContentLibrary, updated: ContentItem, retired: String) {
    let bundled = try MIGAApp.bundledLibrary()
    let original = bundled.items[0]
    let updated = ContentItem(
      id: original.id, kind: original.kind, text: original.text + " (corrected)", author: original.author,
      work: original.work, locus: original.locus, translator: original.translator, year: original.year,
      licence: original.licence, source: original.source, category: original.category, words: original.words + 1)
    let items = [updated] + bundled.items.dropFirst(2)
    return (ContentLibrary(credit: bundled.credit, items: items), updated, bundled.items[1].id)
  }
}
