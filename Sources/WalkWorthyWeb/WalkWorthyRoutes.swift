import Foundation
import Hummingbird
import OrchardKit
import ServerKit
import WalkWorthyCore

struct WalkWorthyRoutes: Sendable {
  let documents: DeviceDocuments<WalkWorthyState>
  let clock: any WallClock
  let pages: PageRenderer
  let config: Config
  let build: BuildInfo
  let testDeviceClock: Bool
  let api: any EncouragementAPI
  let library: EncouragementLibrary
  let serviceWorker: ByteBuffer

  func register(on group: RouterGroup<AppRequestContext>) {
    group.get("/", use: home)
    group.get("/welcome", use: welcome)
    group.post("/welcome", use: saveWelcome)
    group.get("/canvas", use: canvas)
    group.post("/canvas/link") { try await linkCanvas($1, linked: true) }
    group.post("/canvas/unlink") { try await linkCanvas($1, linked: false) }
    group.post("/next") { try await move($1, forward: true) }
    group.post("/previous") { try await move($1, forward: false) }
    group.post("/translation", use: chooseTranslation)
    group.post("/refresh", use: refresh)
    group.post("/popups", use: dealPopups)
    group.get("/popups", use: popups)
    group.post("/popups/seen", use: popupSeen)
    group.get("/history", use: history)
    group.get("/history/:id", use: historyEntry)
    group.get("/settings", use: settings)
    group.post("/settings", use: saveSettings)
    group.post("/settings/test-notification", use: testNotification)
    if testDeviceClock { group.post("/test-clock", use: setDeviceClock) }
    // A stable address (not hashed): the browser checks it for updates, so it is never cached long.
    group.get("/sw.js") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
        body: .init(byteBuffer: serviceWorker))
    }
  }

  // MARK: Onboarding

  @Sendable func welcome(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    let form = state.profile.map(ProfileForm.init(editing:)) ?? ProfileForm()
    let view = OnboardingView(form: form, ageText: form.age.map(String.init) ?? "", editing: state.profile != nil)
    return pages.response(WalkWorthyPages.onboarding(view, theme: state.theme))
  }

  @Sendable func saveWelcome(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request)
    var state = try await load(context)
    state.adopt(zone: fields["zone"])
    var view = OnboardingView(fields: fields, editing: state.profile != nil)
    if fields["action"] == "add-hobby" {
      // Adding a chip re-shows the form with everything typed so far; nothing is saved yet.
      let problem = view.form.addCustomHobby(fields["custom"] ?? "")
      view.hobbyProblem = problem?.message
      view.customText = problem == nil ? "" : fields["custom"] ?? ""
      return pages.response(WalkWorthyPages.onboarding(view, theme: state.theme))
    }
    guard view.ageIsNumber, let profile = try? view.form.profile() else {
      return pages.response(WalkWorthyPages.onboarding(view, theme: state.theme), status: .unprocessableContent)
    }
    let firstTime = state.profile == nil
    state.profile = profile
    if firstTime {
      // The first card counts as seen once the person reaches Home.
      state.history.record(try await feed(for: state).current, at: now(state))
    }
    try await save(state, context)
    return redirect(firstTime ? WWPath.root : WWPath.settings + "?notice=profile")
  }

  // MARK: Canvas

  @Sendable func canvas(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard state.profile != nil else { return redirect(WWPath.welcome) }
    let today = state.usesFakeCanvas(config) && state.canvasLinked ? await todayCanvas() : nil
    return pages.response(
      WalkWorthyPages.canvas(
        CanvasView(
          fakeCanvas: state.usesFakeCanvas(config), linked: state.canvasLinked, today: today, zone: state.zone),
        theme: state.theme))
  }

  func linkCanvas(_ context: AppRequestContext, linked: Bool) async throws -> Response {
    var state = try await load(context)
    guard state.profile != nil else { return redirect(WWPath.welcome) }
    guard state.usesFakeCanvas(config) else {
      throw OrchardError.badRequest(
        "The mock Canvas link is off. Turn on \u{201C}Use fake Canvas link\u{201D} in Settings first.",
        code: "FAKE_CANVAS_OFF")
    }
    state.canvasLinked = linked
    try await save(state, context)
    return redirect(WWPath.canvas)
  }

  // MARK: Home

  @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard state.profile != nil else { return redirect(WWPath.welcome) }
    let feed = try await feed(for: state)
    let refresh = request.uri.queryParameters.get("refreshed") == "1" ? state.lastRefresh : nil
    return pages.response(
      WalkWorthyPages.home(
        HomeView(feed: feed, refresh: refresh, now: now(state), zone: state.zone), theme: state.theme))
  }

  func move(_ context: AppRequestContext, forward: Bool) async throws -> Response {
    try await change(context) { state, routes in
      var feed = try await routes.feed(for: state)
      let card = forward ? feed.next() : feed.previous()
      state.currentID = card.id
      state.history.record(card, at: routes.now(state))
    }
    return redirect(WWPath.root)
  }

  @Sendable func chooseTranslation(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request)
    let translation = try Self.translation(fields["translation"])
    try await change(context) { state, routes in
      var feed = try await routes.feed(for: state)
      let card = feed.select(translation)
      state.translation = translation
      state.history.record(card, at: routes.now(state))
    }
    return redirect(WWPath.root)
  }

  /// The spec's "simulate background refresh": the background task's body, run now with the mock API.
  @Sendable func refresh(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request)
    try await change(context) { state, routes in
      state.adopt(zone: fields["zone"])
      let now = routes.now(state)
      let outcome = await BackgroundRefresh.run(
        api: routes.api, settings: state.notifications, mode: routes.config.notificationMode, now: now,
        timeZone: state.zone, delivered: state.delivered)
      if case .scheduled(let notification, let payloadID) = outcome {
        state.delivered.insert(payloadID)
        state.pending = NotificationPlanner.plan(
          settings: state.notifications, mode: routes.config.notificationMode, now: now, timeZone: state.zone,
          pending: state.pending + [notification])
        // The mock answers the same way every time, so reading it again gives the scheduled payload.
        if let payload = try? await routes.api.fetchNext().payload { state.history.record(payload, at: now) }
      }
      state.lastRefresh = RefreshRecord(outcome, at: now)
    }
    return redirect(WWPath.root + "?refreshed=1")
  }

  // MARK: Pop-ups

  @Sendable func dealPopups(_ request: Request, context: AppRequestContext) async throws -> Response {
    try await change(context) { state, routes in
      var generator = SystemRandomNumberGenerator()
      let count = Int.random(in: PopupDeck.sizes, using: &generator)
      let cards = PopupDeck.deal(
        from: routes.library.entries, count: count, in: state.translation, using: &generator)
      state.popups = cards.map { PopupSlot(id: $0.card.id, tag: $0.tag) }
      if let first = cards.first { state.history.record(first.card, at: routes.now(state)) }
    }
    return redirect(WWPath.popup(1))
  }

  @Sendable func popups(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard state.profile != nil else { return redirect(WWPath.welcome) }
    let cards = popupCards(state)
    guard !cards.isEmpty else { return redirect(WWPath.root) }
    let number = request.uri.queryParameters.get("card", as: Int.self) ?? 1
    guard (1...cards.count).contains(number) else { return redirect(WWPath.popup(1)) }
    return pages.response(WalkWorthyPages.popups(cards, current: number, theme: state.theme))
  }

  /// A pop-up reached by swipe, key or button: it joins the history.
  @Sendable func popupSeen(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request)
    guard let number = fields["card"].flatMap(Int.init) else {
      throw OrchardError.badRequest("Say which pop-up card was shown.", code: "BAD_POPUP_CARD")
    }
    var shown = 1
    try await change(context) { state, routes in
      let cards = routes.popupCards(state)
      guard cards.indices.contains(number - 1) else { return }
      shown = number
      state.history.record(cards[number - 1].card, at: routes.now(state))
    }
    return redirect(WWPath.popup(shown))
  }

  // MARK: History

  @Sendable func history(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard state.profile != nil else { return redirect(WWPath.welcome) }
    return pages.response(WalkWorthyPages.history(state.history.entries, zone: state.zone, theme: state.theme))
  }

  @Sendable func historyEntry(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard let id = context.parameters.get("id", as: Int.self), let entry = state.history.entry(id: id) else {
      throw OrchardError.notFound
    }
    return pages.response(WalkWorthyPages.historyDetail(entry, zone: state.zone, theme: state.theme))
  }

  // MARK: Settings

  @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard let profile = state.profile else { return redirect(WWPath.welcome) }
    let notice = request.uri.queryParameters.get("notice").flatMap(SettingsNotice.init(rawValue:))
    let view = SettingsView(
      profile: profile, state: state, fakeCanvas: state.usesFakeCanvas(config), config: config, build: build,
      notice: notice, testClock: testDeviceClock ? (now: now(state), shifted: state.clockShift != nil) : nil)
    return pages.response(WalkWorthyPages.settings(view, theme: state.theme))
  }

  @Sendable func saveSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request)
    let translation = try Self.translation(fields["translation"])
    guard let theme = fields["theme"].flatMap(ThemeChoice.init(rawValue:)) else {
      throw OrchardError.badRequest("Choose System, Light or Dark.", code: "UNKNOWN_THEME")
    }
    let notifications = try Self.notificationSettings(fields)
    try await change(context) { state, routes in
      state.adopt(zone: fields["zone"])
      state.profile?.personalizationOptIn = fields["personalize"] == "on"
      state.fakeCanvas = fields["fake-canvas"] == "on"
      state.translation = translation
      state.theme = theme
      state.notifications = notifications
      state.pending = NotificationPlanner.plan(
        settings: notifications, mode: routes.config.notificationMode, now: routes.now(state), timeZone: state.zone,
        pending: state.pending)
    }
    return redirect(WWPath.settings + "?notice=saved")
  }

  /// "Send test notification (10 s)": the planner decides when; the browser shows it. A script asks
  /// for JSON and hands the notification to the service worker; a plain form post gets the page.
  @Sendable func testNotification(_ request: Request, context: AppRequestContext) async throws -> Response {
    var test: NotificationRequest?
    var now = clock.now
    try await change(context) { state, routes in
      now = routes.now(state)
      state.pending = NotificationPlanner.plan(
        settings: state.notifications, mode: routes.config.notificationMode, now: now, timeZone: state.zone,
        pending: state.pending, sendingTest: true)
      test = state.pending.first { $0.kind == .test }
    }
    let wantsJSON = request.headers[.accept]?.contains("application/json") == true
    guard wantsJSON else { return redirect(WWPath.settings + (test == nil ? "?notice=off" : "?notice=test")) }
    let body = ScheduledNotification(test, now: now)
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(body))))
  }

  /// Sets this device's clock to an instant, as a tester would on a phone (to reach the mock
  /// encouragement's day), or back to the real time.
  @Sendable func setDeviceClock(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request)
    var shift: TimeInterval?
    if let text = fields["at"], !text.isEmpty {
      guard let instant = try? Date(text, strategy: .iso8601) else {
        throw OrchardError.badRequest("Give the time as ISO 8601, e.g. 2026-11-17T12:00:00Z.", code: "BAD_TEST_CLOCK")
      }
      shift = instant.timeIntervalSince(clock.now)
    }
    try await change(context) { state, _ in state.clockShift = shift }
    return redirect(WWPath.settings)
  }

  // MARK: Helpers

  /// The time on this visitor's device: the server's, moved by a tester's shift on test servers.
  func now(_ state: WalkWorthyState) -> Date {
    guard testDeviceClock, let shift = state.clockShift else { return clock.now }
    return clock.now.addingTimeInterval(shift)
  }

  /// Today's sample day from the mock; nil when it cannot be read (the page says so).
  func todayCanvas() async -> TodayCanvas? {
    try? await api.fetchTodayCanvas()
  }

  /// The home feed: today's list, on the card last shown.
  func feed(for state: WalkWorthyState) async throws -> HomeFeed {
    let canvas = state.usesFakeCanvas(config) && state.canvasLinked ? await todayCanvas() : nil
    let leading = try? await api.fetchNext().payload?.id
    let entries = TodayList.entries(from: library, leadingID: leading, canvas: canvas)
    guard let feed = HomeFeed(entries: entries, translation: state.translation, currentID: state.currentID) else {
      throw OrchardError.internalError
    }
    return feed
  }

  /// The last sequence dealt, in the device's translation now.
  func popupCards(_ state: WalkWorthyState) -> [ShownPopup] {
    state.popups.compactMap { slot in
      library.encouragement(id: slot.id).map { ShownPopup(tag: slot.tag, card: VerseCard($0, in: state.translation)) }
    }
  }

  func load(_ context: AppRequestContext) async throws -> WalkWorthyState {
    try await documents.load(try Self.device(context)) ?? WalkWorthyState()
  }

  func save(_ state: WalkWorthyState, _ context: AppRequestContext) async throws {
    try await documents.save(state, for: try Self.device(context), at: clock.now)
  }

  /// Loads, changes and saves. Every change needs a profile first (a cleared browser's old page).
  func change(
    _ context: AppRequestContext, _ body: (inout WalkWorthyState, WalkWorthyRoutes) async throws -> Void
  ) async throws {
    var state = try await load(context)
    guard state.profile != nil else { throw Self.onboardingFirst }
    try await body(&state, self)
    try await save(state, context)
  }

  static let onboardingFirst = OrchardError(
    status: .conflict, code: "ONBOARDING_FIRST", title: "Let\u{2019}s start with hello",
    detail:
      "This browser has no WalkWorthy profile yet, so nothing was changed. Open WalkWorthy to fill in the welcome form."
  )

  static func device(_ context: AppRequestContext) throws -> IdempotencyID {
    guard let device = context.device else { throw OrchardError.internalError }
    return device.id
  }

  static func translation(_ value: String?) throws -> Translation {
    guard let translation = value.flatMap(Translation.init(rawValue:)) else {
      throw OrchardError.badRequest(
        "Choose one of the translations offered: BSB, KJV or WEB.", code: "UNKNOWN_TRANSLATION")
    }
    return translation
  }

  static func notificationSettings(_ fields: FormFields) throws -> NotificationSettings {
    func time(_ name: String, _ what: String) throws -> TimeOfDay? {
      guard let text = fields[name], !text.isEmpty else { return nil }
      guard let time = TimeOfDay(text) else {
        throw OrchardError.badRequest("Give the \(what) as a time such as 08:00.", code: "BAD_TIME")
      }
      return time
    }
    let daily = try time("daily", "daily time")
    var quiet: QuietHours?
    if fields["quiet"] == "on" {
      guard let start = try time("quiet-start", "start of quiet hours"),
        let end = try time("quiet-end", "end of quiet hours")
      else {
        throw OrchardError.badRequest("Quiet hours need a start and an end.", code: "BAD_QUIET_HOURS")
      }
      quiet = QuietHours(start: start, end: end)
    }
    return NotificationSettings(isEnabled: fields["notifications"] == "on", dailyTime: daily, quietHours: quiet)
  }

  func redirect(_ location: String) -> Response { Response(status: .seeOther, headers: [.location: location]) }
}

/// What the settings page can say after a change.
enum SettingsNotice: String {
  case saved, test, off, profile

  var text: String {
    switch self {
    case .saved: "Saved."
    case .test:
      "Your test notification is on its way in 10 seconds. With scripts off, this browser cannot show it, so this message stands in for it."
    case .off: "Notifications are off, so nothing was scheduled. Turn them on above first."
    case .profile: "Your profile is updated."
    }
  }
}

/// The test notification as the page's script receives it.
struct ScheduledNotification: Encodable {
  let scheduled: Bool
  let id: String?
  let title: String?
  let body: String?
  /// Seconds from now, as the planner decided.
  let delay: Double?

  init(_ request: NotificationRequest?, now: Date) {
    scheduled = request != nil
    id = request?.id
    title = request?.title
    body = request?.body
    delay = request.map { max(0, $0.fireAt.timeIntervalSince(now)) }
  }
}
