import Foundation
import MIGAAPI
import MIGACore
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing

@testable import MIGAServer

@Suite("MIGA: one service behind the web version and the API", .timeLimit(.minutes(5)))
struct MIGAOneServiceTests {
  @Test("an Exit on the web and an Exit posted through the API land in one events table and count the same way")
  func oneExitTwoFaces() async throws {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
    try await withMIGA(clock: clock) { api, database in
      // A browser: onboarding, a pause, Exit.
      var visitor = Visitor(client: api.client)
      try await onboard(&visitor)
      _ = try await visitor.post("/miga/open/instagram")
      #expect(try await visitor.post("/miga/gateway/exit").location == "/miga/win")
      let browser = try #require(visitor.cookie.flatMap { IdempotencyID(String($0.split(separator: "=")[1])) })
      // An app install: its own Exit, recorded on the phone and uploaded.
      let install = try await api.newDevice()
      let exit = MIGAEvent(
        id: IdempotencyID("00000000000000000000000000000001")!, kind: .exitSelected, occurredAt: clock.now,
        timeZone: "America/New_York",
        localDay: LocalDay(containing: clock.now, in: TimeZone(identifier: "America/New_York")!, dayStartHour: 4),
        metadata: EventMetadata(appID: "instagram", timerLength: 30, sessionDuration: 5))
      #expect(try await api.upload([MIGAAPIService.wire(exit)], token: install.token).status == .ok)
      let installID = try #require(IdempotencyID(install.device_id))

      // One table of devices and one of events hold both.
      struct Row: Decodable {
        let device_id: String
        let kind: String
      }
      let rows: [Row] = try await database.sql.select().columns("device_id", "kind").from("miga_events")
        .where("kind", .equal, "exit_selected").all(decoding: Row.self)
      #expect(Set(rows.map(\.device_id)) == [browser.description, installID.description])
      struct Device: Decodable { let device_id: String }
      let devices: [Device] = try await database.sql.select().column("device_id").from("miga_devices")
        .all(decoding: Device.self)
      #expect(Set(devices.map(\.device_id)) == [browser.description, installID.description])

      // The same service counts each with the same stats code.
      let environment = AppEnvironment(
        configuration: .defaults, dependencies: ServerDependencies(clock: clock, random: .seeded(1)),
        database: database,
        pages: PageRenderer(assets: AssetCatalog()))
      let (service, _) = MIGAApp().service(environment)
      for device in [browser, installID] {
        #expect(try await service.stats(of: device).lifetime.exits == 1, "\(device)")
      }
    }
  }
}
