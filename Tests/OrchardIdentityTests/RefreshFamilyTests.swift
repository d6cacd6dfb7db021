import Foundation
import IdentityCore
import Logging
import OrchardDatabase
import OrchardIdentity
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@Suite("Refresh-token families, stored", .timeLimit(.minutes(5)))
struct RefreshFamilyTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// The core's rule is checked against a model (`RefreshRotationTests`); this runs random
  /// sequences of refreshes (of the newest token and of spent ones), replays, stolen reuse, sign-outs
  /// and waits through the stored tokens themselves, and checks the family after every step.
  @Test(
    "no sequence of refresh, reuse and logout leaves two live tokens in one stored family",
    arguments: TestDatabase.available)
  func oneLiveToken(engine: TestDatabase) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner(IdentitySchema.migrations).run(on: database.sql, logger: Logger(label: "test"))
      let store = AccountStore(database: database.sql)
      let clock = ManualClock(Self.start)
      for seed in UInt64(1)...20 {
        var random = SeededRandomNumberGenerator(seed: seed)
        let tokens = RefreshTokens(store: store, clock: clock, random: .seeded(seed))
        let account = try #require(
          try await store.create(
            id: "account-\(seed)", app: "dangdai", email: nil, passwordHash: nil, language: .english, at: clock.now))
        let (session, first) = try await tokens.start(for: account)
        var issued = [first]
        for step in 0..<Int(random.next() % 40 + 1) {
          switch random.next() % 5 {
          case 0, 1, 2:
            // Mostly the newest token, as an honest client would; sometimes an older one, as a
            // retry or a thief would.
            let index = random.next() % 3 == 0 ? Int(random.next() % UInt64(issued.count)) : issued.count - 1
            if case .issued(let next, _) = try await tokens.refresh(issued[index]), !issued.contains(next) {
              issued.append(next)
            }
          case 3:
            if random.next() % 6 == 0 { try await store.endSession(session, at: clock.now) }
          default:
            clock.advance(by: Double(random.next() % 20))
          }
          let live = try await store.liveTokens(of: session)
          #expect(live.count <= 1, "seed \(seed), step \(step): \(live.count) live tokens")
          if try await store.session(id: session)?.endedAt != nil {
            #expect(live.isEmpty, "seed \(seed), step \(step): an ended session kept a live token")
          }
        }
      }
    }
  }
}
