import Foundation
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyCore

@testable import WalkWorthyServer

@Suite("WalkWorthy's storage", .serialized, .timeLimit(.minutes(5)))
struct WalkWorthyStorageTests {
  /// The service on a fresh, migrated database.
  func withService(
    on engine: TestDatabase, _ body: @Sendable (WalkWorthyService, any SQLDatabase) async throws -> Void
  ) async throws {
    try await engine.withFreshDatabase { database in
      let app = WalkWorthyApp(
        calendarFeeds: StubFeeds(["https://school.example.edu/feed.ics": .success(schoolFeed)]), push: testPush)
      let environment = try await AppEnvironment.test([app], database: database, clock: ManualClock(testNow))
      try await body(app.service(environment), database.sql)
    }
  }

  @Test("an app install resolves by its token and starts with the defaults", arguments: TestDatabase.available)
  func defaults(engine: TestDatabase) async throws {
    try await withService(on: engine) { service, _ in
      let install = try await service.register()
      let (id, token) = (install.device, install.token)
      #expect(try await service.device(tokenHash: token.hash) == id)
      #expect(try await service.device(tokenHash: DeviceToken(value: "other").hash) == nil)
      #expect(try await service.device(id) == WalkWorthyDevice())
      #expect(try await service.calendars.calendar(of: id) == nil)
    }
  }

  @Test(
    "a calendar is linked with its events, in place of the fake Canvas, and unlinked with them",
    arguments: TestDatabase.available)
  func calendar(engine: TestDatabase) async throws {
    try await withService(on: engine) { service, _ in
      let id = try await service.register().device
      let url = URL(string: "https://school.example.edu/feed.ics")!
      let (stored, device) = try await service.link(url, for: id, from: "192.0.2.1")
      #expect(stored.entries.map(\.summary) == ["BIOL 1010 Midterm", "Essay 3 due"])
      #expect(device.calendar == CalendarLink(url: url.absoluteString, fetchedAt: testNow))
      #expect(device.fakeCanvas == false)
      #expect(try await service.calendars.calendar(of: id) == stored)
      try await service.unlink(id)
      #expect(try await service.device(id).calendar == nil)
      #expect(try await service.calendars.calendar(of: id) == nil)
    }
  }

  @Test(
    "two requests choosing at once keep one choice, and only one of them notifies",
    arguments: TestDatabase.available)
  func oneChoice(engine: TestDatabase) async throws {
    try await withService(on: engine) { service, _ in
      let id = try await service.register().device
      let answers = try await withThrowingTaskGroup(of: NextEncouragement.self) { group in
        for _ in 0..<8 { group.addTask { try await service.nextEncouragement(for: id, in: .standard) } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(answers.filter(\.shouldNotify).count == 1)
      #expect(Set(answers.map(\.payloadID)).count == 1)
      #expect(try await service.device(id).selection.handedOut == 1)
    }
  }
}

@Suite("Stored calendars", .timeLimit(.minutes(5)))
struct StoredCalendarTests {
  @Test("only exams and deadlines no more than a day old are kept")
  func kept() throws {
    let calendar = StoredCalendar(feed: try ICalendar.parseFeed(schoolFeed, defaultTimeZone: utc), now: testNow)
    #expect(calendar.entries.map(\.summary) == ["BIOL 1010 Midterm", "Essay 3 due"])
    #expect(calendar.eventCount == 4)
  }
}
