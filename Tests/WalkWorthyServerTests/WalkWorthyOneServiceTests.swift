import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyAPI
import WalkWorthyCore

@testable import WalkWorthyServer

@Suite("WalkWorthy: one service behind the JSON API and the web version", .timeLimit(.minutes(5)))
struct WalkWorthyOneServiceTests {
  @Test("in live mode the web version is handed its encouragement by the selection the API runs, kept in one table")
  func liveModeSharesTheSelection() async throws {
    let clock = ManualClock(testNow)
    try await withTemporarySQLite { location in
      let app = WalkWorthyApp(webAPI: .live, calendarFeeds: StubFeeds(), push: testPush)
      try await withTestServer([app], database: location, clock: clock, random: .seeded(11)) { client in
        var visitor = Visitor(client: client)
        try await onboard(&visitor)
        let home = try await visitor.get("/walkworthy/").body
        let shown = try #require(home.firstMatch(of: #/data-card="([^"]+)"/#)).1
        let api = WalkWorthyClient(client: client)
        let token = try await api.newDevice()
        let next: Components.Schemas.NextResponse = try await api.next(token).decode()
        #expect(next.shouldNotify)

        let database = try await Database.open(location, logger: .init(label: "test"))
        let environment = AppEnvironment(
          configuration: .defaults, dependencies: ServerDependencies(clock: clock, random: .seeded(1)),
          database: database,
          pages: PageRenderer(assets: AssetCatalog()))
        let service = app.service(environment)
        let browser = try #require(visitor.cookie.flatMap { IdempotencyID(String($0.split(separator: "=")[1])) })
        let install = try #require(try await service.device(tokenHash: DeviceToken(value: token).hash))
        // Both devices' choices are the selector's, stored on their rows of the one table.
        #expect(try await service.device(browser).selection.current?.id == String(shown))
        #expect(try await service.device(install).selection.current?.payloadID == next.payload.id)
        // Asked again through the service, each keeps its choice and does not notify twice.
        for device in [browser, install] {
          let again = try await service.nextEncouragement(for: device, in: .standard)
          #expect(!again.shouldNotify)
        }
        try await database.close()
      }
    }
  }
}
