import Foundation
import Hummingbird
import HummingbirdTesting
import MIGACore
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import MIGAServer

/// MIGA's web version alone on its own in-memory database, with a clock the test moves.
func withMIGAWeb(clock: ManualClock, _ body: @Sendable (inout Visitor) async throws -> Void) async throws {
  try await withTestServer([MIGAApp()], clock: clock) { client in
    var visitor = Visitor(client: client)
    try await body(&visitor)
  }
}

/// Walks the twelve onboarding steps with the given answers.
func onboard(_ visitor: inout Visitor, apps: [String] = ["instagram", "youtube"], pause: Int = 15) async throws {
  let answers: [OnboardingStep: String] = [
    .welcome: "zone=America%2FNew_York", .timeAwareness: "minutes=120", .goals: "goal=better-focus",
    .readiness: "readiness=8", .interests: "category=stoicism&category=mindfulness",
    .apps: apps.map { "app=\($0)" }.joined(separator: "&"), .pauseLength: "seconds=\(pause)",
  ]
  for step in OnboardingStep.allCases {
    let response = try await visitor.post("/miga/welcome/\(step.slug)", form: answers[step] ?? "")
    #expect(response.status == .seeOther, "\(step)")
  }
}

@Suite("MIGA on the web", .timeLimit(.minutes(5)))
struct MIGAWebTests {
  let start = Date(timeIntervalSince1970: 1_795_000_000)

  @Test("a first visit starts onboarding; twelve steps lead to the hub with a first-run welcome")
  func onboarding() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      #expect(try await visitor.get("/miga/").location == "/miga/welcome/welcome")
      let welcome = try await visitor.get("/miga/welcome/welcome").body
      #expect(welcome.contains("The Intentional Life Starts Now") && welcome.contains("Begin My Journey"))
      // No skipping ahead.
      #expect(try await visitor.get("/miga/welcome/apps").location == "/miga/welcome/welcome")
      #expect(try await visitor.post("/miga/welcome/ready").location == "/miga/welcome/welcome")
      #expect(try await visitor.get("/miga/welcome/nowhere").status == .notFound)
      _ = try await visitor.post("/miga/welcome/welcome")
      _ = try await visitor.post("/miga/welcome/time-awareness", form: "minutes=144")
      #expect(try await visitor.get("/miga/welcome/time-cost").body.contains("That is 36 days a year"))
      for step in [OnboardingStep.timeCost, .goals, .science, .howItWorks] {
        _ = try await visitor.post("/miga/welcome/\(step.slug)")
      }
      let eleven = try await visitor.post("/miga/welcome/readiness", form: "readiness=eleven")
      #expect(eleven.status == .unprocessableContent && eleven.body.contains("<h1 id=\"step-title\">How ready are you"))
      _ = try await visitor.post("/miga/welcome/readiness", form: "readiness=6")
      _ = try await visitor.post("/miga/welcome/interests")
      // A refused answer shows the same step again, with the reason by the choices (422).
      let noApps = try await visitor.post("/miga/welcome/apps")
      #expect(noApps.status == .unprocessableContent)
      #expect(noApps.body.contains("<p class=\"field-error\" id=\"step-error\" role=\"alert\">Choose at least one app"))
      #expect(noApps.body.contains("<fieldset aria-describedby=\"step-error\">"))
      let unknown = try await visitor.post("/miga/welcome/apps", form: "app=tiktok&app=myspace")
      #expect(unknown.status == .unprocessableContent && unknown.body.contains("Choose apps from the list offered."))
      #expect(unknown.body.contains("value=\"tiktok\" checked"), "the answers given stay in place")
      _ = try await visitor.post("/miga/welcome/apps", form: "app=tiktok&app=reddit")
      let bad = try await visitor.post("/miga/welcome/pause-length", form: "seconds=17")
      #expect(bad.status == .unprocessableContent && bad.body.contains("How long should the pause be?"))
      _ = try await visitor.post("/miga/welcome/pause-length", form: "seconds=20")
      _ = try await visitor.post("/miga/welcome/hide-apps")
      #expect(try await visitor.get("/miga/welcome/ready").body.contains("Enter my hub"))
      #expect(try await visitor.post("/miga/welcome/ready").location == "/miga/?welcome=1")
      let hub = try await visitor.get("/miga/?welcome=1").body
      #expect(
        hub.contains("Your hub is ready") && hub.contains("/miga/open/tiktok") && hub.contains("/miga/open/reddit"))
      #expect(!hub.contains("/miga/open/instagram"))
      #expect(try await visitor.get("/miga/welcome/apps").location == "/miga/")
    }
  }

  @Test("the gateway: Proceed waits for zero; Exit is the win and starts the streak")
  func gateway() async throws {
    let clock = ManualClock(start)
    try await withMIGAWeb(clock: clock) { visitor in
      _ = try await visitor.get("/miga/")
      try await onboard(&visitor)
      #expect(try await visitor.post("/miga/open/facebook").status == .notFound)
      #expect(try await visitor.post("/miga/open/instagram").location == "/miga/gateway")
      let page = try await visitor.get("/miga/gateway").body
      #expect(page.contains("A pause before Instagram") && page.contains("Proceed to Instagram"))
      #expect(
        page.contains("data-remaining=\"15\"") && page.contains(" disabled data-primary-action>Proceed to Instagram"))
      // The caption says what the ring shows, from the same remaining time.
      #expect(page.contains("<p class=\"countdown-status\" aria-hidden=\"true\">15 seconds left</p>"))
      #expect(page.contains("<meta http-equiv=\"refresh\" content=\"15\">"), "without scripts the page reloads at zero")
      clock.advance(by: 5)
      let later = try await visitor.get("/miga/gateway").body
      #expect(later.contains("<span class=\"countdown-number\" aria-hidden=\"true\">10</span>"))
      #expect(later.contains("<p class=\"countdown-status\" aria-hidden=\"true\">10 seconds left</p>"))
      #expect(
        try await visitor.post("/miga/gateway/proceed").location == "/miga/gateway", "too early: back to the pause")
      #expect(try await visitor.post("/miga/gateway/exit").location == "/miga/win")
      let win = try await visitor.get("/miga/win").body
      #expect(win.contains("Control Reclaimed. That\u{2019}s a Win."))
      #expect(try await visitor.get("/miga/gateway").location == "/miga/")
      #expect(try await visitor.get("/miga/").body.contains("1-Day Control Streak. Keep the momentum going!"))
    }
  }

  @Test("Read Next brings new content and restarts the countdown; Proceed at zero opens the app's address")
  func readNextAndProceed() async throws {
    let clock = ManualClock(start)
    try await withMIGAWeb(clock: clock) { visitor in
      _ = try await visitor.get("/miga/")
      try await onboard(&visitor, pause: 20)
      _ = try await visitor.post("/miga/open/youtube")
      let first = try await visitor.get("/miga/gateway").body
      clock.advance(by: 12)
      // A first reach gets the adaptive pause: half of 20 s, but never under 15.
      #expect(try await visitor.get("/miga/gateway").body.contains("data-remaining=\"3\""))
      #expect(try await visitor.post("/miga/gateway/next").location == "/miga/gateway")
      let second = try await visitor.get("/miga/gateway").body
      #expect(second.contains("data-remaining=\"15\""), "the countdown starts again in full")
      #expect(Self.reading(first) != Self.reading(second))
      clock.advance(by: 15)
      let open = try await visitor.get("/miga/gateway").body
      #expect(open.contains("The pause is over") && !open.contains(" disabled>Proceed"))
      #expect(try await visitor.post("/miga/gateway/proceed", form: "intention=nonsense").status == .badRequest)
      let proceeded = try await visitor.post("/miga/gateway/proceed", form: "intention=reply")
      #expect(proceeded.status == .seeOther && proceeded.location == "/miga/leaving?app=youtube")
      let leaving = try await visitor.get("/miga/leaving?app=youtube").body
      #expect(leaving.contains("<meta http-equiv=\"refresh\" content=\"0; url=https://www.youtube.com/\">"))
      #expect(try await visitor.get("/miga/leaving?app=facebook").location == "/miga/", "only apps in the hub")
      let stats = try await visitor.get("/miga/stats").body
      #expect(stats.contains("This is working"))
      #expect(stats.contains("<span class=\"stat-value\">1</span><span class=\"stat-label\">Apps opened after a pause"))
      #expect(stats.contains("<span class=\"stat-value\">2</span><span class=\"stat-label\">Passages read"))
      #expect(stats.contains("0 Exits, 1 open with an intention, out of 1 reach for an app."))
    }
  }

  static func reading(_ page: String) -> String? {
    page.firstMatch(of: #/<blockquote>(.*?)</blockquote>/#).map { String($0.1) }
  }

  @Test("an Exit followed within 10 minutes by a Proceed to the same app: stats say why it is not counted")
  func deferredExitExplained() async throws {
    let clock = ManualClock(start)
    try await withMIGAWeb(clock: clock) { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/miga/open/instagram")
      _ = try await visitor.post("/miga/gateway/exit")
      #expect(try await visitor.get("/miga/stats").body.contains("about 2 min back in your day"))
      clock.advance(by: 60)
      _ = try await visitor.post("/miga/open/instagram")
      clock.advance(by: 15)
      _ = try await visitor.post("/miga/gateway/proceed")
      let stats = try await visitor.get("/miga/stats").body
      #expect(stats.contains("<p class=\"metric-value\">0 min</p>"))
      #expect(
        stats.contains(
          "<p class=\"metric-note\">1 Exit is not counted: you opened the same app within 10 minutes, so that session was put off, not avoided.</p>"
        ))
    }
  }

  @Test("settings: pause, apps (at least one), themes, the day; export and erase")
  func settings() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/miga/")
      try await onboard(&visitor, apps: ["instagram"])
      #expect(try await visitor.post("/miga/settings/pause", form: "seconds=50").status == .badRequest)
      _ = try await visitor.post("/miga/settings/pause", form: "seconds=40")
      #expect(try await visitor.get("/miga/settings").body.contains("<option value=\"40\" selected>"))
      #expect(
        try await visitor.post("/miga/settings/apps/remove", form: "app=instagram").location?.contains("last") == true)
      _ = try await visitor.post("/miga/settings/apps/add", form: "app=reddit")
      #expect(try await visitor.post("/miga/settings/apps/add", form: "app=myspace").status == .badRequest)
      let unsafe = try await visitor.post("/miga/settings/apps/custom", form: "name=News&url=javascript:alert(1)")
      #expect(unsafe.status == .unprocessableContent)
      #expect(
        unsafe.body.contains("value=\"News\"")
          && unsafe.body.contains("value=\"javascript:alert(1)\" aria-invalid=\"true\""))
      #expect(unsafe.body.contains("<p class=\"field-error\" id=\"custom-error\" role=\"alert\">Enter the site"))
      let unnamed = try await visitor.post("/miga/settings/apps/custom", form: "name=%20&url=https%3A%2F%2Fexample.org")
      #expect(unnamed.status == .unprocessableContent && unnamed.body.contains("value=\" \" aria-invalid=\"true\""))
      _ = try await visitor.post(
        "/miga/settings/apps/custom", form: "name=Hacker+News&url=https%3A%2F%2Fnews.ycombinator.com%2F")
      let search = try await visitor.get("/miga/settings?q=tube").body
      #expect(search.contains("aria-label=\"Add YouTube\"") && !search.contains("aria-label=\"Add TikTok\""))
      _ = try await visitor.post("/miga/settings/apps/remove", form: "app=instagram")
      let hub = try await visitor.get("/miga/").body
      #expect(hub.contains("/miga/open/reddit") && hub.contains("/miga/open/custom-hacker-news"))
      #expect(!hub.contains("/miga/open/instagram"))
      _ = try await visitor.post("/miga/settings/categories", form: "category=reflection")
      #expect(try await visitor.get("/miga/settings").body.contains("value=\"reflection\" checked"))
      #expect(try await visitor.post("/miga/settings/day", form: "hour=25").status == .badRequest)
      _ = try await visitor.post("/miga/settings/day", form: "hour=5&zone=Asia%2FTokyo")
      let settings = try await visitor.get("/miga/settings").body
      #expect(settings.contains("<option value=\"5\" selected>05:00</option>") && settings.contains("Asia/Tokyo"))
      _ = try await visitor.post("/miga/open/reddit")
      _ = try await visitor.post("/miga/gateway/exit")
      let export = try await visitor.get("/miga/export.json")
      #expect(export.status == .ok && export.body.contains("\"exit_selected\"") && export.body.contains("Asia/Tokyo"))
      let refused = try await visitor.post("/miga/erase")
      #expect(refused.status == .badRequest && refused.body.contains("Nothing was erased"))
      #expect(try await visitor.get("/miga/").status == .ok)
      let erasedCookie = try #require(visitor.cookie)
      let erased = try await visitor.post("/miga/erase", form: "confirm=yes")
      #expect(erased.location == "/miga/")
      #expect(try await visitor.get("/miga/").location == "/miga/welcome/welcome")
      // The erased device's own cookie names nothing now: it is given a new device.
      var returning = Visitor(client: visitor.client, cookie: erasedCookie)
      #expect(try await returning.get("/miga/").location == "/miga/welcome/welcome")
      #expect(returning.cookie != nil && returning.cookie != erasedCookie)
    }
  }

  @Test("the helplines are one quiet tap from the hub, the pause and settings, and open before onboarding")
  func support() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      let first = try await visitor.get("/miga/support")
      #expect(first.status == .ok && first.body.contains("tel:988") && first.body.contains("findahelpline.com"))
      try await onboard(&visitor)
      let link = "<a href=\"/miga/support\">Need to talk to someone now?</a>"
      #expect(try await visitor.get("/miga/").body.contains(link))
      #expect(try await visitor.get("/miga/settings").body.contains(link))
      _ = try await visitor.post("/miga/open/instagram")
      #expect(try await visitor.get("/miga/gateway").body.contains(link))
    }
  }

  @Test("settings credit the editions the readings come from")
  func credit() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      try await onboard(&visitor)
      let credit = try MIGAApp.bundledLibrary().credit
      #expect(!credit.isEmpty)
      #expect(try await visitor.get("/miga/settings").body.contains(credit))
    }
  }
}
