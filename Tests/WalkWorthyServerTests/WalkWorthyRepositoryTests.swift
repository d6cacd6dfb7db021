import Foundation
import OrchardKit
import OrchardServer
import SQLKit
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyCore

@testable import WalkWorthyServer

/// A fresh, migrated database on `engine` and a device stored in it, through the SQL repository or
/// with devices remembered in front of it.
func withDevice(
  on engine: TestDatabase, remembered: Bool = false,
  _ body: @Sendable (any WalkWorthyDeviceRepository, IdempotencyID, any SQLDatabase) async throws -> Void
) async throws {
  try await engine.withFreshDatabase { database in
    try await orchardMigrations.run(on: database.sql, now: testNow, logger: .init(label: "test"))
    let sql = SQLWalkWorthyDeviceRepository(database: database.sql)
    let repository: any WalkWorthyDeviceRepository = remembered ? RememberedDevices(sql) : sql
    var generator = SeededRandomNumberGenerator(seed: 1)
    let device = IdempotencyID(using: &generator)
    try await repository.insert(device, tokenHash: "hash-1", at: testNow)
    try await body(repository, device, database.sql)
  }
}

@Suite("WalkWorthy's device storage", .serialized)
struct WalkWorthyRepositoryTests {
  @Test(
    "a new device resolves by its token hash and starts with the defaults", arguments: TestDatabase.available,
    [false, true])
  func defaults(engine: TestDatabase, remembered: Bool) async throws {
    try await withDevice(on: engine, remembered: remembered) { repository, device, _ in
      let found = try await repository.device(tokenHash: "hash-1")
      #expect(found == device)
      #expect(try await repository.device(tokenHash: "hash-2") == nil)
      #expect(try await repository.load(device) == WalkWorthyDevice())
      #expect(try await repository.calendar(of: device) == nil)
    }
  }

  @Test("profile, settings and selection are each written alone", arguments: TestDatabase.available, [false, true])
  func independentColumns(engine: TestDatabase, remembered: Bool) async throws {
    try await withDevice(on: engine, remembered: remembered) { repository, device, _ in
      let profile = ProfileUpload(age: 20, major: "History", gender: .man, hobbies: ["Chess"])
      let selection = SelectionState(
        offered: ["ww-a", "ww-b"],
        current: CurrentEncouragement(
          id: "ww-b", moment: .deadline, expiresAt: instant("2026-11-17T22:00:00.5Z"), serial: 2), handedOut: 2)
      try await repository.saveProfile(profile, for: device, at: testNow)
      try await repository.saveSettings(useFakeCanvas: false, timeZone: "Asia/Tokyo", for: device, at: testNow)
      #expect(try await repository.replaceSelection(selection, ifHandedOut: 0, for: device, at: testNow))
      let stored = try await repository.load(device)
      #expect(
        stored
          == WalkWorthyDevice(profile: profile, useFakeCanvas: false, timeZone: "Asia/Tokyo", selection: selection))
      try await repository.saveProfile(nil, for: device, at: testNow)
      #expect(try await repository.load(device)?.profile == nil)
      #expect(try await repository.load(device)?.selection == selection)
    }
  }

  @Test("a selection replaces only the one it was chosen after", arguments: TestDatabase.available, [false, true])
  func compareAndSet(engine: TestDatabase, remembered: Bool) async throws {
    try await withDevice(on: engine, remembered: remembered) { repository, device, _ in
      let first = SelectionState(
        offered: ["ww-a"],
        current: CurrentEncouragement(id: "ww-a", moment: .everyday, expiresAt: testNow, serial: 1), handedOut: 1)
      let rival = SelectionState(
        offered: ["ww-b"],
        current: CurrentEncouragement(id: "ww-b", moment: .everyday, expiresAt: testNow, serial: 1), handedOut: 1)
      let won = try await repository.replaceSelection(first, ifHandedOut: 0, for: device, at: testNow)
      let lost = try await repository.replaceSelection(rival, ifHandedOut: 0, for: device, at: testNow)
      #expect(won && !lost)
      #expect(try await repository.load(device)?.selection == first)
    }
  }

  @Test("a remembered device is not read again until the repository writes it", arguments: TestDatabase.available)
  func remembered(engine: TestDatabase) async throws {
    try await withDevice(on: engine, remembered: true) { repository, device, sql in
      #expect(try await repository.load(device)?.timeZone == "UTC")
      // Changed behind the repository's back: a remembered device is not read again...
      try await sql.update("walkworthy_devices").set("time_zone", to: SQLBind("Europe/Oslo"))
        .where("id", .equal, SQLBind(device.description)).run()
      #expect(try await repository.load(device)?.timeZone == "UTC")
      // ...until a write of its own forgets it.
      try await repository.saveSettings(useFakeCanvas: false, timeZone: "Asia/Tokyo", for: device, at: testNow)
      #expect(try await repository.load(device)?.timeZone == "Asia/Tokyo")
      // A selection that wins its compare-and-set is kept in place; one that loses forgets the device.
      let first = SelectionState(
        offered: ["ww-a"],
        current: CurrentEncouragement(id: "ww-a", moment: .everyday, expiresAt: testNow, serial: 1), handedOut: 1)
      #expect(try await repository.replaceSelection(first, ifHandedOut: 0, for: device, at: testNow))
      try await sql.update("walkworthy_devices").set("time_zone", to: SQLBind("Europe/Oslo"))
        .where("id", .equal, SQLBind(device.description)).run()
      #expect(
        try await repository.load(device)
          == WalkWorthyDevice(useFakeCanvas: false, timeZone: "Asia/Tokyo", selection: first))
      #expect(try await !repository.replaceSelection(first, ifHandedOut: 0, for: device, at: testNow))
      #expect(try await repository.load(device)?.timeZone == "Europe/Oslo")
    }
  }

  @Test(
    "a calendar is linked with its events and unlinked with them", arguments: TestDatabase.available, [false, true])
  func calendar(engine: TestDatabase, remembered: Bool) async throws {
    try await withDevice(on: engine, remembered: remembered) { repository, device, _ in
      let events = try ICalendar.parseFeed(schoolFeed, defaultTimeZone: utc)
      let calendar = StoredCalendar(feed: events, now: testNow)
      let link = CalendarLink(url: "https://school.example.edu/feed.ics", fetchedAt: testNow)
      try await repository.saveCalendar(link, calendar, for: device, at: testNow)
      #expect(try await repository.load(device)?.calendar == link)
      #expect(try await repository.calendar(of: device) == calendar)
      try await repository.saveCalendar(nil, nil, for: device, at: testNow)
      #expect(try await repository.load(device)?.calendar == nil)
      #expect(try await repository.calendar(of: device) == nil)
    }
  }
}

@Suite("Stored calendars")
struct StoredCalendarTests {
  @Test("only exams and deadlines no more than a day old are kept")
  func kept() throws {
    let calendar = StoredCalendar(feed: try ICalendar.parseFeed(schoolFeed, defaultTimeZone: utc), now: testNow)
    #expect(calendar.entries.map(\.summary) == ["BIOL 1010 Midterm", "Essay 3 due"])
    #expect(calendar.eventCount == 4)
  }
}
