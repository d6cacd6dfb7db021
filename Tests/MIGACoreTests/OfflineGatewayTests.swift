import Foundation
import MIGACore
import OrchardKit
import Testing

@Suite("The pause with no connection", .timeLimit(.minutes(5)))
struct OfflineGatewayTests {
  let start = instant("2026-11-21T15:00:00Z")
  let library = syntheticContent(perCategory: 4)

  func onboarded() throws -> MIGAState {
    var state = MIGAState()
    try state.onboarding.setApps(["instagram", "tiktok"])
    try state.onboarding.setPause(30)
    try state.completeOnboarding()
    state.settings.pause.adapts = false
    state.settings.timeZone = "America/New_York"
    return state
  }

  func ids(_ seed: UInt64) -> (pause: IdempotencyID, steps: [IdempotencyID]) {
    var generator = SeededRandomNumberGenerator(seed: seed)
    return (IdempotencyID(using: &generator), (0..<6).map { _ in IdempotencyID(using: &generator) })
  }

  /// Open, Read Next after 12 s, Exit 33 s later, in front of Instagram.
  func pause(
    seed: UInt64 = 1, contents: [String] = ["stoicism-1", "stoicism-2"], from: Date? = nil
  )
    -> [OfflineGateway.Step]
  {
    let (pause, steps) = ids(seed)
    let at = from ?? start
    return [
      .init(
        id: steps[0], pause: pause, appID: "instagram", outcome: .open, at: at, contentID: contents[0], seconds: 30),
      .init(
        id: steps[1], pause: pause, appID: "instagram", outcome: .next, at: at.addingTimeInterval(12),
        contentID: contents[1]),
      .init(id: steps[2], pause: pause, appID: "instagram", outcome: .exit, at: at.addingTimeInterval(45)),
    ]
  }

  @Test("the plan is the chosen length and the quotes the rotation brings next, as the online pause would")
  func plan() throws {
    var state = try onboarded()
    state.settings.pause.adapts = true
    var generator = SeededRandomNumberGenerator(seed: 4)
    let plan = OfflineGateway.plan(for: state, library: library, using: &generator)
    #expect(plan.seconds == 30, "offline, the device cannot count its recent reaches: the chosen length")
    #expect(plan.quotes.count == OfflineGateway.quoteCount)
    #expect(Set(plan.quotes.map(\.id)).count == plan.quotes.count, "no quote twice in a batch")
    var online = state
    var log = EventLog()
    var same = SeededRandomNumberGenerator(seed: 4)
    let gateway = try online.openGateway(
      appID: "instagram", library: library, log: &log,
      recorder: EventRecorder(clock: FixedClock(start), boundary: boundary("America/New_York")), using: &same)
    #expect(gateway.contentID == plan.quotes[0].id, "the first quote is the one an online open would show")
  }

  @Test("an offline pause records the events an online pause would, at the times the steps happened")
  func sameEvents() throws {
    var state = try onboarded()
    let clock = ManualClock(start)
    var online = EventLog()
    var generator = SeededRandomNumberGenerator(seed: 2)
    let recorder = { EventRecorder(clock: FixedClock(clock.now), boundary: boundary("America/New_York")) }
    let opened = try state.openGateway(
      appID: "instagram", library: library, log: &online, recorder: recorder(), using: &generator)
    clock.advance(by: 12)
    try state.readNext(library: library, log: &online, recorder: recorder(), using: &generator)
    let second = try #require(state.gateway?.contentID)
    clock.advance(by: 33)
    try state.exit(log: &online, recorder: recorder(), using: &generator)

    var offline = EventLog()
    let results = try OfflineGateway.record(
      pause(contents: [opened.contentID, second]), state: try onboarded(), library: library, now: clock.now,
      log: &offline)
    #expect(results.allSatisfy { if case .recorded = $0.result { true } else { false } })
    let strip = { (event: MIGAEvent) in [event.kind.rawValue, "\(event.occurredAt)", "\(event.localDay)"] }
    #expect(offline.events.map(strip) == online.events.map(strip))
    #expect(offline.events.map(\.metadata) == online.events.map(\.metadata))
    #expect(offline.events.map(\.kind).contains(.streakStarted), "the Exit starts the streak, as online")
  }

  @Test("a step sent again records nothing, and stamps the same ids whenever it is replayed")
  func idempotent() throws {
    let state = try onboarded()
    var log = EventLog()
    _ = try OfflineGateway.record(pause(), state: state, library: library, now: start, log: &log)
    let first = log
    let again = try OfflineGateway.record(pause(), state: state, library: library, now: start, log: &log)
    #expect(again.map(\.result) == Array(repeating: .recorded([]), count: 3))
    #expect(log == first)
    var elsewhere = EventLog()
    _ = try OfflineGateway.record(pause(), state: state, library: library, now: start, log: &elsewhere)
    #expect(elsewhere.events.map(\.id) == first.events.map(\.id))
  }

  @Test("a step that cannot be true is refused, and the rest of its pause with a refused open")
  func refusals() throws {
    let state = try onboarded()
    let (pause, steps) = ids(9)
    func step(
      _ index: Int, _ outcome: OfflineGateway.Step.Outcome, after seconds: Double, app: String = "instagram",
      content: String? = "stoicism-1", length: Int? = 30
    ) -> OfflineGateway.Step {
      .init(
        id: steps[index], pause: pause, appID: app, outcome: outcome, at: start.addingTimeInterval(seconds),
        contentID: content, seconds: length)
    }
    func refusals(_ steps: [OfflineGateway.Step]) throws -> [OfflineGateway.Result] {
      var log = EventLog()
      return try OfflineGateway.record(steps, state: state, library: library, now: start, log: &log).map(\.result)
    }
    #expect(
      try refusals([step(0, .open, after: 0, app: "myspace"), step(1, .exit, after: 5)]) == [
        .refused(.unknownApp), .refused(.notOpened),
      ])
    #expect(try refusals([step(0, .open, after: 0, content: "nowhere")]) == [.refused(.unknownContent)])
    #expect(try refusals([step(0, .open, after: 0, length: 500)]) == [.refused(.badPauseLength)])
    #expect(try refusals([step(0, .exit, after: 0)]) == [.refused(.notOpened)])
    #expect(try refusals([step(0, .open, after: OfflineGateway.clockSlack + 1)]) == [.refused(.outOfOrder)])
    let early = try refusals([step(0, .open, after: -60), step(1, .proceed, after: -50)])
    #expect(early[1] == .refused(.stillCounting))
    let closed = try refusals([step(0, .open, after: -60), step(1, .exit, after: -50), step(2, .next, after: -40)])
    #expect(closed[2] == .refused(.closed))
    let backwards = try refusals([step(0, .open, after: -60), step(1, .exit, after: -70)])
    #expect(backwards[1] == .refused(.outOfOrder))
    let tooLong = try refusals([step(0, .open, after: -200_000), step(1, .exit, after: -50)])
    #expect(tooLong[1] == .refused(.invalidEvent), "a pause of more than a day breaks the event rules")
  }
}
