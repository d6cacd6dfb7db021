import FaithJarCore
import Foundation
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import FaithJarServer

@Suite("Faith Jar's devices", .serialized, .timeLimit(.minutes(5)))
struct FaithJarStorageTests {
  @Test(
    "a database the earlier build wrote keeps every device through the move to one table",
    arguments: TestDatabase.available)
  func migratesWithoutLoss(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      let app = FaithJarApp()
      try await LegacyFixture("legacy-devices").restore(into: database.sql, apps: [app])
      let environment = try await AppEnvironment.test(
        [app], database: database, clock: FixedClock(Date(timeIntervalSince1970: 1_795_490_200)))
      let devices = FaithJarStore.devices(environment)
      let device = try #require(IdempotencyID("2265becd0851963fc7397b86e2a9cad7"))
      let kept = try #require(try await devices.load(device))
      #expect(kept.state.onboardingCompleted)
      #expect(kept.state.translation == .bsb)
      #expect(kept.state.favourites == ["joy-luke-24-52-53"])
      #expect(kept.state.shown[.anxiety] == "anxiety-isaiah-43-1-2")
      #expect(kept.store.entitlement?.plan == .annual && kept.store.entitlement?.willRenew == false)
      // And it goes on changing like any device.
      try await devices.update(device, at: environment.clock.now) { $0.state.translation = .web }
      #expect(try await devices.load(device)?.state.translation == .web)
    }
  }
}
