import Foundation
import Testing
import WalkWorthyCore

@Suite("Background refresh", .timeLimit(.minutes(5)))
struct BackgroundRefreshTests {
  /// 10:00 in New York, before the mock payload expires (2026-11-18T06:00:00Z).
  let morning = instant("2026-11-17T15:00:00Z")
  let settings = NotificationSettings()

  func payload(id: String = "p1", expiresAt: String? = nil) -> EncouragementPayload {
    EncouragementPayload(
      id: id, ref: "Joshua 1:9", text: "Be strong and courageous.", encouragement: "You are not alone.",
      translation: "BSB", expiresAt: expiresAt)
  }

  func run(
    _ api: some EncouragementAPI, at now: Date? = nil, mode: NotificationMode = .local,
    settings: NotificationSettings? = nil, delivered: Set<String> = []
  ) async -> RefreshOutcome {
    await BackgroundRefresh.run(
      api: api, settings: settings ?? self.settings, mode: mode, now: now ?? morning, timeZone: newYork,
      delivered: delivered, text: english)
  }

  @Test("the mock's shouldNotify payload becomes one notification, now")
  func schedulesMock() async {
    let outcome = await run(MockAPIClient())
    let expected = NotificationRequest(
      id: "walkworthy.encouragement.ww-isaiah-41-13", kind: .encouragement, fireAt: morning,
      title: "Isaiah 41:13 (BSB)",
      body:
        "The right hand that holds your pen today is the very hand God speaks of taking hold of. Breathe, read the first question slowly, and remember you are not sitting this exam alone."
    )
    #expect(outcome == .scheduled(expected, payloadID: "ww-isaiah-41-13"))
  }

  @Test("scheduled through the planner, it joins a full set of dailies without passing 64")
  func withinCap() async throws {
    let dailies = NotificationPlanner.plan(
      settings: settings, mode: .local, now: morning, timeZone: newYork, text: english)
    guard case .scheduled(let request, _) = await run(MockAPIClient()) else {
      Issue.record("expected a notification")
      return
    }
    let plan = NotificationPlanner.plan(
      settings: settings, mode: .local, now: morning.addingTimeInterval(-1), timeZone: newYork,
      pending: dailies + [request], text: english)
    #expect(dailies.count == 64 && plan.count == 64)
    #expect(plan.first == request)
  }

  @Test("refreshing again and again notifies once for one payload")
  func once() async {
    var delivered: Set<String> = []
    var scheduled = 0
    for minute in 0..<10 {
      let outcome = await run(
        MockAPIClient(), at: morning.addingTimeInterval(Double(minute) * 60), delivered: delivered)
      if case .scheduled(_, let id) = outcome {
        scheduled += 1
        delivered.insert(id)
      } else {
        #expect(outcome == .alreadyDelivered(payloadID: "ww-isaiah-41-13"))
      }
    }
    #expect(scheduled == 1)
  }

  @Test(
    "an expired payload never notifies, at or after its expiry",
    arguments: ["2026-11-18T06:00:00Z", "2026-11-18T06:00:01Z", "2026-12-01T12:00:00Z"])
  func expired(now: String) async {
    #expect(await run(MockAPIClient(), at: instant(now)) == .expired(payloadID: "ww-isaiah-41-13"))
  }

  @Test("arriving in quiet hours, it waits for their end, or is dropped if it expires before then")
  func quietHours() async {
    // 23:00 in New York: the end of quiet hours, 07:00, is 2026-11-18T12:00:00Z.
    let late = instant("2026-11-18T04:00:00Z")
    let lasting = ScriptedAPI(NextResponse(shouldNotify: true, payload: payload(expiresAt: "2026-11-19T00:00:00Z")))
    guard case .scheduled(let request, _) = await run(lasting, at: late) else {
      Issue.record("expected a notification")
      return
    }
    #expect(request.fireAt == instant("2026-11-18T12:00:00Z"))
    #expect(await run(MockAPIClient(), at: late) == .expired(payloadID: "ww-isaiah-41-13"))
  }

  @Test("a payload without expiresAt does not expire")
  func noExpiry() async {
    let api = ScriptedAPI(NextResponse(shouldNotify: true, payload: payload()))
    guard case .scheduled(_, "p1") = await run(api, at: instant("2030-01-01T15:00:00Z")) else {
      Issue.record("expected a notification")
      return
    }
  }

  @Test("a hand-made payload with an unreadable expiry counts as expired")
  func unreadableExpiry() async {
    let api = ScriptedAPI(NextResponse(shouldNotify: true, payload: payload(expiresAt: "soon")))
    #expect(await run(api) == .expired(payloadID: "p1"))
  }

  @Test(
    "nothing new when the server does not ask to notify, or sends no payload",
    arguments: [NextResponse(shouldNotify: false, payload: nil), NextResponse(shouldNotify: true, payload: nil)])
  func nothingNew(response: NextResponse) async {
    #expect(await run(ScriptedAPI(response)) == .nothingNew)
    let quiet = NextResponse(shouldNotify: false, payload: payload())
    #expect(await run(ScriptedAPI(quiet)) == .nothingNew)
  }

  @Test("with notifications off, nothing is fetched or scheduled")
  func off() async {
    let api = ScriptedAPI(NextResponse(shouldNotify: true, payload: payload()))
    #expect(await run(api, mode: .off) == .notificationsOff)
    #expect(await run(api, settings: NotificationSettings(isEnabled: false)) == .notificationsOff)
    #expect(await api.calls == 0)
  }

  @Test("a failed fetch is reported with its cause")
  func fetchFailed() async {
    let serverError = EncouragementAPIError.server(source: LiveAPIClient.nextPath, status: 503, code: "UNAVAILABLE")
    #expect(await run(ScriptedAPI(.failure(serverError))) == .fetchFailed(serverError))
    let other = await run(ScriptedAPI(.failure(CancellationError())))
    #expect(other == .fetchFailed(.unreachable(source: "fetchNext", reason: "CancellationError()")))
  }
}
