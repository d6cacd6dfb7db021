import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MIGACore
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

/// Every MIGA page as a visitor receives it — status, headers and body — compared with the committed
/// snapshots in `__Snapshots__/`. The server's clock and randomness are the test's, so the pause's
/// reading and countdown are the same every run.
@Suite("MIGA pages, as served", .timeLimit(.minutes(5)))
struct MIGASnapshotTests {
  let start = Date(timeIntervalSince1970: 1_795_000_000)

  static func page(_ client: any TestClientProtocol, _ cookie: String?, _ path: String) async throws -> String {
    var headers: HTTPFields = [:]
    if let cookie { headers[.cookie] = cookie }
    let response = try await client.execute(uri: path, method: .get, headers: headers)
    return snapshotText(status: response.status, headers: response.headers, body: String(buffer: response.body))
  }

  @Test("onboarding, every step")
  func onboarding() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/miga/")
      for step in OnboardingStep.allCases {
        expectSnapshot(
          try await Self.page(visitor.client, visitor.cookie, "/miga/welcome/\(step.slug)"),
          named: "onboarding-\(step.rawValue)-\(step.slug)")
        _ = try await visitor.post("/miga/welcome/\(step.slug)", form: Self.answers[step] ?? "")
      }
    }
  }

  @Test("the hub, the pause, the win, the hand-off, stats, settings and the pause kept for offline")
  func pages() async throws {
    let clock = ManualClock(start)
    try await withMIGAWeb(clock: clock) { visitor in
      try await onboard(&visitor)
      let cookie = visitor.cookie
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/?welcome=1"), named: "hub-first-run")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/stats"), named: "stats-empty")
      _ = try await visitor.post("/miga/open/instagram")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/gateway"), named: "gateway-counting")
      clock.advance(by: 15)
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/gateway"), named: "gateway-ready")
      _ = try await visitor.post("/miga/gateway/exit")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/win"), named: "win")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/"), named: "hub")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/stats"), named: "stats")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/settings?notice=saved"), named: "settings")
      _ = try await visitor.post("/miga/open/youtube")
      clock.advance(by: 60)
      _ = try await visitor.post("/miga/gateway/proceed", form: "intention=reply")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/leaving?app=youtube"), named: "leaving")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/nowhere"), named: "not-found")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/support"), named: "support")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/miga/offline-gateway"), named: "offline-gateway")
    }
  }

  static let answers: [OnboardingStep: String] = [
    .welcome: "zone=America%2FNew_York", .timeAwareness: "minutes=120", .goals: "goal=better-focus",
    .readiness: "readiness=8", .interests: "category=stoicism&category=mindfulness",
    .apps: "app=instagram&app=youtube", .pauseLength: "seconds=15",
  ]
}
