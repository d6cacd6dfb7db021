import Foundation
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyCore

@testable import WalkWorthyServer

@Suite("WalkWorthy's one table of devices", .serialized, .timeLimit(.minutes(5)))
struct WalkWorthyMigrationTests {
  @Test(
    "a database the earlier build wrote keeps every device, and each feed's events, in one table",
    arguments: TestDatabase.available)
  func migratesWithoutLoss(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      let app = WalkWorthyApp(calendarFeeds: StubFeeds(), push: testPush)
      try await LegacyFixture("legacy-devices").restore(into: database.sql, apps: [app])
      let environment = try await AppEnvironment.test(
        [app], database: database, clock: FixedClock(Date(timeIntervalSince1970: 1_795_490_200)))
      let service = app.service(environment)
      // The app install: profile, settings, choice and linked feed, and its token.
      let install = try #require(IdempotencyID("9219a455579f77e3613a0e4e1f3079d5"))
      let device = try await service.device(install)
      #expect(device.profile == ProfileUpload(age: 20, major: "Chemistry", gender: nil, hobbies: ["Running"]))
      #expect(device.timeZone == "Europe/Paris" && device.fakeCanvas == false)
      #expect(device.selection.handedOut == 1 && device.selection.current?.id == "ww-psalm-29-11")
      #expect(device.calendar?.url == "https://canvas.example.edu/feeds/calendars/user_abc.ics")
      let calendar = try #require(try await service.calendars.calendar(of: install))
      #expect(calendar.entries.map(\.summary) == ["BIOL 1010 Midterm", "Essay 3 due"])
      let hashes: [TokenRow] = try await database.sql.select().column("token_hash").from("walkworthy_devices")
        .where("device_id", .equal, install.description).all(decoding: TokenRow.self)
      #expect(try await service.device(tokenHash: try #require(hashes.first?.token_hash)) == install)
      // The browser: everything it kept, its zone and fake-Canvas choice now the device's own, and its
      // profile shared as its opt-in allows.
      let browser = try #require(IdempotencyID("882f372c9d98f01576c95a0068c83e3a"))
      let web = try await service.device(browser)
      #expect(web.timeZone == "America/Chicago" && web.fakeCanvas == true)
      #expect(web.onDevice.profile?.major == "Biology" && web.onDevice.profile?.personalizationOptIn == true)
      #expect(web.profile == ProfileUpload(age: 19, major: "Biology", gender: .woman, hobbies: ["Music"]))
      #expect(web.onDevice.theme == .dark && web.onDevice.translation == .kjv)
      #expect(web.onDevice.canvasLinked && web.onDevice.popups.count == 3)
      #expect(web.onDevice.notifications.isEnabled && web.onDevice.lastRefresh != nil)
      #expect(!web.onDevice.history.entries.isEmpty && web.onDevice.clockShift != nil)
    }
  }

  struct TokenRow: Decodable { let token_hash: String? }
}
