import Foundation
import MIGACore
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

@testable import MIGAServer

@Suite("MIGA's content library", .timeLimit(.minutes(5)))
struct MIGAContentStoreTests {
  @Test("the first import numbers every item; importing it again changes nothing", arguments: TestDatabase.available)
  func importIsIdempotent(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAContentStore(database: database.sql)
      let importer = ContentImporter(repository: repository)
      let first = try await importer.importLibrary(
        library([item("a"), item("b"), item("c")]), retireMissing: false, at: testNow)
      #expect(first.added == ["a", "b", "c"])
      let state = try await repository.state()
      #expect(state == ContentState(lastSeq: 3, purgedSeq: 0))
      let again = try await importer.importLibrary(
        library([item("a"), item("b"), item("c")]), retireMissing: true, at: testNow)
      #expect(again.unchanged == 3 && again.added.isEmpty && again.updated.isEmpty && again.retired.isEmpty)
      #expect(try await repository.state() == state)
      let all = try await repository.changes(since: nil, upTo: state)
      #expect(all.items == [item("a"), item("b"), item("c")])
      #expect(all.tombstones.isEmpty)
    }
  }

  @Test(
    "a delta holds what changed after the cursor, and a tombstone for what was retired",
    arguments: TestDatabase.available)
  func delta(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAContentStore(database: database.sql)
      let importer = ContentImporter(repository: repository)
      try await importer.importLibrary(library([item("a"), item("b"), item("c")]), retireMissing: false, at: testNow)
      let before = try await repository.state()
      let later = testNow.addingTimeInterval(60)
      let report = try await importer.importLibrary(
        library([item("a", text: "Changed words."), item("c"), item("d")]), retireMissing: true, at: later)
      #expect(report.added == ["d"] && report.updated == ["a"] && report.retired == ["b"] && report.unchanged == 1)
      let after = try await repository.state()
      #expect(after.lastSeq == before.lastSeq + 3)
      let delta = try await repository.changes(since: before.lastSeq, upTo: after)
      #expect(delta.items == [item("a", text: "Changed words."), item("d")])
      #expect(delta.tombstones == [ContentTombstone(id: "b", retiredAt: later)])
      let full = try await repository.changes(since: nil, upTo: after)
      #expect(Set(full.items.map(\.id)) == ["a", "c", "d"])
      #expect(
        try await repository.changes(since: after.lastSeq, upTo: after) == ContentChanges(items: [], tombstones: []))
    }
  }

  @Test("a change made after the state was read waits for the next delta", arguments: TestDatabase.available)
  func changesStopAtTheState(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAContentStore(database: database.sql)
      let importer = ContentImporter(repository: repository)
      try await importer.importLibrary(library([item("a")]), retireMissing: false, at: testNow)
      let state = try await repository.state()
      try await importer.importLibrary(library([item("a"), item("b")]), retireMissing: false, at: testNow)
      #expect(try await repository.changes(since: 0, upTo: state).items.map(\.id) == ["a"])
    }
  }

  @Test("tombstones past the retention are purged and move the resync line", arguments: TestDatabase.available)
  func purge(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAContentStore(database: database.sql)
      let importer = ContentImporter(repository: repository)
      try await importer.importLibrary(library([item("a"), item("b")]), retireMissing: false, at: testNow)
      let retired = try await importer.retire(["b"], at: testNow)
      #expect(retired.retired == ["b"])
      let state = try await repository.state()
      #expect(try await importer.purge(at: testNow.addingTimeInterval(ContentImporter.tombstoneRetention - 1)) == 0)
      #expect(try await importer.purge(at: testNow.addingTimeInterval(ContentImporter.tombstoneRetention + 1)) == 1)
      #expect(try await repository.state() == ContentState(lastSeq: state.lastSeq, purgedSeq: state.lastSeq))
      #expect(try await repository.list().map(\.id) == ["a"])
    }
  }

  @Test("two imports at once both finish, one after the other", arguments: TestDatabase.available)
  func concurrentImports(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAContentStore(database: database.sql)
      let items = (0..<50).map { item("item-\($0)") }
      async let first = ContentImporter(repository: repository).importLibrary(
        library(items), retireMissing: false, at: testNow)
      async let second = ContentImporter(repository: repository).importLibrary(
        library(items), retireMissing: false, at: testNow)
      let reports = try await [first, second]
      #expect(reports.map(\.added.count).sorted() == [0, 50])
      #expect(try await repository.state().lastSeq == 50)
    }
  }
}

@Suite("MIGA's event backup", .timeLimit(.minutes(5)))
struct MIGAEventStoreTests {
  @Test("a batch of 500 is stored once however often it is sent", arguments: TestDatabase.available)
  func idempotent(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAEventStore(database: database.sql)
      let device = deviceIDs(1)[0]
      let batch = events(500)
      let first = try await repository.store(batch, for: device, at: testNow)
      #expect(first == Set(batch.map(\.id)))
      for _ in 0..<4 { #expect(try await repository.store(batch, for: device, at: testNow).isEmpty) }
      let page = try await repository.events(of: device, after: 0, limit: 1000)
      #expect(page.events == batch)
      #expect(!page.hasMore)
    }
  }

  @Test("the same event id belongs to each device separately", arguments: TestDatabase.available)
  func devicesAreSeparate(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAEventStore(database: database.sql)
      let devices = deviceIDs(2)
      let batch = events(3)
      let mine = try await repository.store(batch, for: devices[0], at: testNow)
      #expect(mine.count == 3)
      #expect(try await repository.events(of: devices[1], after: 0, limit: 10).events.isEmpty)
      let theirs = try await repository.store(batch, for: devices[1], at: testNow)
      #expect(theirs.count == 3)
    }
  }

  @Test("a device's log pages back in arrival order", arguments: TestDatabase.available)
  func paging(engine: TestDatabase) async throws {
    try await withMigratedDatabase(on: engine) { database in
      let repository = SQLMIGAEventStore(database: database.sql)
      let devices = deviceIDs(2)
      let mine = events(5, seed: 1)
      try await repository.store(Array(mine[0..<3]), for: devices[0], at: testNow)
      try await repository.store(events(4, seed: 2), for: devices[1], at: testNow)
      try await repository.store(Array(mine[3...]), for: devices[0], at: testNow)
      var restored: [MIGAEvent] = []
      var after: Int64 = 0
      var pages = 0
      while true {
        let page = try await repository.events(of: devices[0], after: after, limit: 2)
        restored += page.events
        after = page.lastSeq
        pages += 1
        if !page.hasMore { break }
      }
      #expect(restored == mine)
      #expect(pages == 3)
      let end = try await repository.events(of: devices[0], after: after, limit: 2)
      #expect(end.events.isEmpty && end.lastSeq == after && !end.hasMore)
    }
  }
}
