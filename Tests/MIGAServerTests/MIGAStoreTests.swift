import Foundation
import MIGACore
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import MIGAServer

@Suite("MIGA's devices and events", .serialized, .timeLimit(.minutes(5)))
struct MIGAStorageTests {
  @Test(
    "a database the earlier build wrote keeps every device and every event in one table of each",
    arguments: TestDatabase.available)
  func migratesWithoutLoss(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      let app = MIGAApp()
      try await LegacyFixture("legacy-devices").restore(into: database.sql, apps: [app])
      let environment = try await AppEnvironment.test(
        [app], database: database, clock: FixedClock(Date(timeIntervalSince1970: 1_795_490_200)))
      let (service, _) = app.service(environment)
      // The browser device: its state, and its log now in the events table.
      let browser = try #require(IdempotencyID("9435ebee86dd93621c628b76a213cb63"))
      let state = try await service.state(of: browser)
      #expect(state.onboarding.isComplete)
      #expect(state.hub?.apps.map(\.id) == ["instagram", "youtube"])
      #expect(state.settings.pause.seconds == 20 && state.settings.timeZone == "Europe/Paris")
      #expect(state.gateway?.app.id == "youtube", "the pause it had open is still open")
      let log = try await SQLMIGAEventStore(database: database.sql).log(of: browser)
      #expect(
        log.events.map(\.kind) == [
          .sessionStart, .contentRead, .exitSelected, .streakStarted, .sessionStart, .contentRead, .contentRead,
        ])
      #expect(try await service.stats(of: browser).lifetime.exits == 1)
      // The app install: its token still opens its device, whose uploaded event is still there.
      let install = try #require(IdempotencyID("25a3b1aa55a206da991f82043af770cd"))
      let (page, _) = try await service.events(of: install, after: .start, limit: 10)
      #expect(page.events.map(\.id.description) == ["0123456789abcdef0123456789abcdef"])
      #expect(try await service.state(of: install) == MIGAState())
      let tokens: [TokenRow] = try await database.sql.select().column("token_hash").from("miga_devices")
        .where("device_id", .equal, install.description).all(decoding: TokenRow.self)
      let hash = try #require(tokens.first?.token_hash)
      #expect(try await service.device(tokenHash: hash) == install)
    }
  }

  struct TokenRow: Decodable { let token_hash: String? }
}
