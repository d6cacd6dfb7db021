import Foundation
import Hummingbird
import OrchardKit
import ServerKit
import WalkWorthyCore

/// WalkWorthy's web version: onboarding, the Canvas link (mock), home, the pop-ups, history and
/// settings, as plain HTML forms and links. Each route asks ``WalkWorthyService`` (the JSON API's
/// service too) and shows what `WalkWorthyCore` decided; what the phone would keep is kept in the
/// device's ``OnDeviceState``.
struct WalkWorthyRoutes: Sendable {
  let service: WalkWorthyService
  let pages: PageRenderer
  let build: BuildInfo
  /// Where encouragements come from: the spec's mock, or (live) the service's own selection.
  let api: APIMode
  /// Whether a tester may set this device's clock (test servers on loopback only).
  let testDeviceClock: Bool
  let library: EncouragementLibrary
  /// "Notify me": the browser's push subscription and the daily message sent to it.
  let push: WalkWorthyPush

  var config: Config { service.config }

  func register(_ routes: AppRoutes) {
    let errors = NotFoundPages(pages: pages) { _, context in Self.view(context).notFound() }
    let web = routes.web().add(middleware: errors)
    web.get(WalkWorthyPath.home.pattern, use: home)
    web.get(WalkWorthyPath.welcome.pattern, use: welcome)
    web.post(WalkWorthyPath.welcome.pattern, use: saveWelcome)
    web.get(WalkWorthyPath.canvas.pattern, use: canvas)
    web.post(WalkWorthyPath.canvasLink.pattern) { try await linkCanvas($1, linked: true) }
    web.post(WalkWorthyPath.canvasUnlink.pattern) { try await linkCanvas($1, linked: false) }
    web.post(WalkWorthyPath.next.pattern) { try await move($1, forward: true) }
    web.post(WalkWorthyPath.previous.pattern) { try await move($1, forward: false) }
    web.post(WalkWorthyPath.translation.pattern, use: chooseTranslation)
    web.post(WalkWorthyPath.refresh.pattern, use: refresh)
    web.post(WalkWorthyPath.popups.pattern, use: dealPopups)
    web.get(WalkWorthyPath.popups.pattern, use: popups)
    web.post(WalkWorthyPath.popupsSeen.pattern, use: popupSeen)
    web.get(WalkWorthyPath.history.pattern, use: history)
    web.get(WalkWorthyPath.historyEntry.pattern, use: historyEntry)
    web.get(WalkWorthyPath.settings.pattern, use: settings)
    web.post(WalkWorthyPath.settings.pattern, use: saveSettings)
    web.post(WalkWorthyPath.settingsSwitch.pattern, use: saveSwitch)
    web.post(WalkWorthyPath.testNotification.pattern, use: testNotification)
    web.post(WalkWorthyPath.inboxDismiss.pattern, use: dismissNotification)
    web.post(WalkWorthyPath.pushSubscription.pattern, use: subscribe)
    web.delete(WalkWorthyPath.pushSubscription.pattern, use: unsubscribe)
    if testDeviceClock { web.post(WalkWorthyPath.testClock.pattern, use: setDeviceClock) }
    // Open to anyone, before onboarding too: it never asks for a device, and follows the system's look.
    web.get(WalkWorthyPath.support.pattern) { _, context in pages.response(Self.view(context).support()) }
    routes.answerUnknownAddresses(with: errors)
  }

  // MARK: Onboarding

  @Sendable func welcome(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try await service.device(try context.deviceID())
    let profile = device.onDevice.profile
    let form = profile.map(ProfileForm.init(editing:)) ?? ProfileForm()
    let view = OnboardingView(
      form: form, ageText: form.age.map(String.init) ?? "", editing: profile != nil, text: Self.text(context))
    return pages.response(
      self.view(context, device, at: WalkWorthyPath.welcome.path).onboarding(view, theme: device.onDevice.theme))
  }

  @Sendable func saveWelcome(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    let id = try context.deviceID()
    let stored = try await service.device(id)
    var view = OnboardingView(fields: fields, editing: stored.onDevice.profile != nil, text: Self.text(context))
    if fields["action"] == "add-hobby" {
      // Adding a chip re-shows the form with everything typed so far; nothing is saved yet.
      let problem = view.form.addCustomHobby(fields["custom"] ?? "")
      view.hobbyProblem = problem.map { Self.text(context)($0.message) }
      view.customText = problem == nil ? "" : fields["custom"] ?? ""
      return pages.response(Self.view(context).onboarding(view, theme: stored.onDevice.theme))
    }
    guard view.ageIsNumber, let profile = try? view.form.profile() else {
      return pages.response(
        Self.view(context).onboarding(view, theme: stored.onDevice.theme), status: .unprocessableContent)
    }
    let firstTime = stored.onDevice.profile == nil
    let card = firstTime ? try await feed(for: id, stored).current : nil
    try await service.change(id) { device in
      device.adopt(zone: fields["zone"])
      device.keep(profile)
      // The first card counts as seen once the person reaches Home.
      if let card { device.onDevice.history.record(card, at: now(device)) }
    }
    return .seeOther(firstTime ? WalkWorthyPath.home.path : WalkWorthyPath.settings.path + "?notice=profile")
  }

  // MARK: Canvas

  @Sendable func canvas(_ request: Request, context: AppRequestContext) async throws -> Response {
    let id = try context.deviceID()
    let device = try await service.device(id)
    guard device.onDevice.profile != nil else { return .seeOther(WalkWorthyPath.welcome.path) }
    let fake = device.usesFakeCanvas(config)
    let today = fake && device.onDevice.canvasLinked ? await todayCanvas(id, device) : nil
    return pages.response(
      view(context, device, at: WalkWorthyPath.canvas.path).canvas(
        CanvasView(fakeCanvas: fake, linked: device.onDevice.canvasLinked, today: today, zone: device.zone),
        theme: device.onDevice.theme))
  }

  func linkCanvas(_ context: AppRequestContext, linked: Bool) async throws -> Response {
    try await change(context) { device, _ in
      guard device.usesFakeCanvas(config) else {
        throw OrchardError.badRequest(Self.text(context)(.practiceLinkOff), code: "FAKE_CANVAS_OFF")
      }
      device.onDevice.canvasLinked = linked
    }
    return .seeOther(WalkWorthyPath.canvas.path)
  }

  // MARK: Home

  @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
    let id = try context.deviceID()
    let device = try await service.device(id)
    guard device.onDevice.profile != nil else { return .seeOther(WalkWorthyPath.welcome.path) }
    let feed = try await feed(for: id, device)
    let refresh = request.uri.queryParameters.get("refreshed") == "1" ? device.onDevice.lastRefresh : nil
    return pages.response(
      view(context, device, at: WalkWorthyPath.home.path, showing: refresh?.notification).home(
        HomeView(feed: feed, refresh: refresh, now: now(device), zone: device.zone), theme: device.onDevice.theme))
  }

  func move(_ context: AppRequestContext, forward: Bool) async throws -> Response {
    try await change(context) { device, id in
      var feed = try await feed(for: id, device)
      let card = forward ? feed.next() : feed.previous()
      device.onDevice.currentID = card.id
      device.onDevice.history.record(card, at: now(device))
    }
    return .seeOther(WalkWorthyPath.home.path)
  }

  @Sendable func chooseTranslation(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    let translation = try Self.translation(fields["translation"])
    let card = try await change(context) { device, id in
      var feed = try await feed(for: id, device)
      let card = feed.select(translation)
      device.onDevice.translation = translation
      device.onDevice.history.record(card, at: now(device))
      return card
    }
    // The page's script changes the card in place; a plain form post loads Home again.
    guard request.headers[.accept]?.contains("application/json") == true else {
      return .seeOther(WalkWorthyPath.home.path)
    }
    return try Self.json(ShownCard(card), status: .ok)
  }

  /// The spec's "simulate background refresh": the background task's body, run now.
  @Sendable func refresh(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    let text = Self.text(context)
    try await change(context) { device, id in
      device.adopt(zone: fields["zone"])
      let refreshedAt = self.now(device)
      await device.onDevice.refresh(
        api: service.api(for: id, mode: api, at: refreshedAt), library: library, mode: config.notificationMode,
        now: refreshedAt,
        timeZone: device.zone, text: text)
    }
    return .seeOther(WalkWorthyPath.home.path + "?refreshed=1")
  }

  // MARK: Pop-ups

  @Sendable func dealPopups(_ request: Request, context: AppRequestContext) async throws -> Response {
    var generator = service.random.generator
    try await change(context) { device, _ in
      let cards = PopupDeck.sequence(from: library.entries, in: device.onDevice.translation, using: &generator)
      device.onDevice.showPopups(cards, at: now(device))
    }
    return .seeOther(WalkWorthyPath.popup(1))
  }

  @Sendable func popups(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try await service.device(try context.deviceID())
    guard device.onDevice.profile != nil else { return .seeOther(WalkWorthyPath.welcome.path) }
    let cards = popupCards(device.onDevice)
    guard !cards.isEmpty else { return .seeOther(WalkWorthyPath.home.path) }
    let number = request.uri.queryParameters.get("card", as: Int.self) ?? 1
    guard (1...cards.count).contains(number) else { return .seeOther(WalkWorthyPath.popup(1)) }
    return pages.response(Self.view(context).popups(cards, current: number, theme: device.onDevice.theme))
  }

  /// A pop-up reached by swipe, key or button: it joins the history.
  @Sendable func popupSeen(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    guard let number = fields["card"].flatMap(Int.init) else {
      throw OrchardError.badRequest("Say which pop-up card was shown.", code: "BAD_POPUP_CARD")
    }
    let shown = try await change(context) { device, _ in
      let cards = popupCards(device.onDevice)
      guard cards.indices.contains(number - 1) else { return 1 }
      device.onDevice.history.record(cards[number - 1].card, at: now(device))
      return number
    }
    return .seeOther(WalkWorthyPath.popup(shown))
  }

  // MARK: History

  @Sendable func history(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try await service.device(try context.deviceID())
    guard device.onDevice.profile != nil else { return .seeOther(WalkWorthyPath.welcome.path) }
    return pages.response(
      view(context, device, at: WalkWorthyPath.history.path).history(
        device.onDevice.history.entries, zone: device.zone, theme: device.onDevice.theme))
  }

  @Sendable func historyEntry(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try await service.device(try context.deviceID())
    guard let id = context.parameters.get("id", as: Int.self), let entry = device.onDevice.history.entry(id: id) else {
      throw OrchardError.notFound
    }
    return pages.response(
      view(context, device, at: WalkWorthyPath.entry(id)).historyDetail(
        entry, zone: device.zone, theme: device.onDevice.theme))
  }

  // MARK: Settings

  @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try await service.device(try context.deviceID())
    guard device.onDevice.profile != nil else { return .seeOther(WalkWorthyPath.welcome.path) }
    let notice = request.uri.queryParameters.get("notice").flatMap(SettingsNotice.init(rawValue:))
    return try settingsPage(device, answers: SettingsAnswers(device, config: config), notice: notice, context)
  }

  /// The settings page for `answers`: a form with problems comes back as it was typed, with 422.
  func settingsPage(
    _ device: WalkWorthyDevice, answers: SettingsAnswers, notice: SettingsNotice?, _ context: AppRequestContext,
    clock refused: (typed: String, problem: String)? = nil
  ) throws -> Response {
    guard let profile = device.onDevice.profile else { throw Self.onboardingFirst }
    var clock = TestClockView(now: now(device), shifted: device.onDevice.clockShift != nil)
    if let refused { (clock.typed, clock.problem) = (refused.typed, refused.problem) }
    var view = SettingsView(
      profile: profile, device: device, answers: answers, config: config, api: api, build: build, notice: notice,
      testClock: testDeviceClock ? clock : nil)
    view.pushKey = push.publicKey
    let invalid = (answers.submitted && !answers.notifications.problems.isEmpty) || refused != nil
    return pages.response(
      self.view(context, device, at: WalkWorthyPath.settings.path).settings(view, theme: device.onDevice.theme),
      status: invalid ? .unprocessableContent : .ok)
  }

  @Sendable func saveSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    let answers = try SettingsAnswers(fields)
    let notifications: NotificationSettings
    switch answers.notifications.validated() {
    case .success(let settings): notifications = settings
    case .failure:
      let device = try await service.device(try context.deviceID())
      return try settingsPage(device, answers: answers, notice: nil, context)
    }
    let text = Self.text(context)
    try await change(context) { device, _ in
      device.adopt(zone: fields["zone"])
      if var profile = device.onDevice.profile {
        profile.personalizationOptIn = answers.personalize
        device.keep(profile)
      }
      device.fakeCanvas = answers.fakeCanvas
      device.onDevice.translation = answers.translation
      device.onDevice.theme = answers.theme
      device.onDevice.notifications = notifications
      device.onDevice.pending = NotificationPlanner.plan(
        settings: notifications, mode: config.notificationMode, now: now(device), timeZone: device.zone,
        pending: device.onDevice.pending, text: text)
    }
    try await push.plan(try context.deviceID())
    return .seeOther(WalkWorthyPath.settings.path + "?notice=saved")
  }

  /// One switch, saved the moment it is flipped: the page's script posts it and hears back JSON.
  /// The Save button still sends the whole form, so the page needs no script.
  @Sendable func saveSwitch(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    let text = Self.text(context)
    guard let name = fields["switch"], let state = fields["on"], ["on", "off"].contains(state) else {
      throw OrchardError.badRequest(text(.unknownSwitch), code: "UNKNOWN_SWITCH")
    }
    let on = state == "on"
    let shown = NotificationSettingsForm(
      isEnabled: on, dailyTime: String((fields["daily"] ?? "").prefix(40)), quietHoursOn: on,
      quietStart: String((fields["quiet-start"] ?? "").prefix(40)),
      quietEnd: String((fields["quiet-end"] ?? "").prefix(40)))
    let wantsJSON = request.headers[.accept]?.contains("application/json") == true
    do {
      try await change(context) { device, _ in
        device.adopt(zone: fields["zone"])
        switch name {
        case "personalize":
          guard var profile = device.onDevice.profile else { return }
          profile.personalizationOptIn = on
          device.keep(profile)
        case "fake-canvas": device.fakeCanvas = on
        default:
          guard let toggle = NotificationSettingsForm.Switch(rawValue: name) else {
            throw OrchardError.badRequest(text(.unknownSwitch), code: "UNKNOWN_SWITCH")
          }
          var form = NotificationSettingsForm(device.onDevice.notifications)
          form.flip(toggle, on: on, shown: shown)
          let settings = try form.validated().get()
          device.onDevice.notifications = settings
          device.onDevice.pending = NotificationPlanner.plan(
            settings: settings, mode: config.notificationMode, now: now(device), timeZone: device.zone,
            pending: device.onDevice.pending, text: text)
        }
      }
    } catch let error as NotificationSettingsError {
      guard wantsJSON else {
        let device = try await service.device(try context.deviceID())
        var answers = SettingsAnswers(device, config: config)
        if let toggle = NotificationSettingsForm.Switch(rawValue: name) {
          answers.notifications.flip(toggle, on: on, shown: shown)
        }
        answers.submitted = true
        return try settingsPage(device, answers: answers, notice: nil, context)
      }
      let problem = error.problems.first
      return try Self.json(
        ScriptAnswer(
          saved: false, field: problem?.field.rawValue, code: problem?.code, message: problem.map { text($0.message) }),
        status: .unprocessableContent)
    }
    try await push.plan(try context.deviceID())
    guard wantsJSON else { return .seeOther(WalkWorthyPath.settings.path + "?notice=saved") }
    return try Self.json(ScriptAnswer(saved: true, field: nil, code: nil, message: nil), status: .ok)
  }

  /// A small JSON answer for the page's script, never cached.
  static func json(_ body: some Encodable, status: HTTPResponse.Status) throws -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: CachePolicy.personal],
      body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(body))))
  }

  /// "Send test notification (10 s)": the planner decides when; the browser shows it. A script asks
  /// for JSON and hands the notification to the service worker; a plain form post gets the page.
  @Sendable func testNotification(_ request: Request, context: AppRequestContext) async throws -> Response {
    let text = Self.text(context)
    let (test, sentAt) = try await change(context) { device, _ in
      let sentAt = self.now(device)
      device.onDevice.pending = NotificationPlanner.plan(
        settings: device.onDevice.notifications, mode: config.notificationMode, now: sentAt, timeZone: device.zone,
        pending: device.onDevice.pending, sendingTest: true, text: text)
      let test = device.onDevice.pending.first { $0.kind == .test }
      // Kept in the inbox too, so it is still there after leaving this page.
      if let test { device.onDevice.inbox.keep(test) }
      return (test, sentAt)
    }
    let wantsJSON = request.headers[.accept]?.contains("application/json") == true
    guard wantsJSON else {
      return .seeOther(WalkWorthyPath.settings.path + (test == nil ? "?notice=off" : "?notice=test"))
    }
    return try Self.json(ScheduledNotification(test, now: sentAt), status: .ok)
  }

  /// Dismiss: the notification leaves the inbox. A script hears back JSON and removes it in place;
  /// a plain form post returns to the screen it came from.
  @Sendable func dismissNotification(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    let id = fields["id"] ?? ""
    try await change(context) { device, _ in device.onDevice.inbox.dismiss(id: id) }
    guard request.headers[.accept]?.contains("application/json") != true else {
      return try Self.json(ScriptAnswer(saved: true, field: nil, code: nil, message: nil), status: .ok)
    }
    return .seeOther(Self.backPath(fields["back"]))
  }

  /// A screen of this app to return to: only a path under WalkWorthy's own, never another site.
  static func backPath(_ text: String?) -> String {
    guard let text, text.hasPrefix(WalkWorthyPath.home.path), !text.contains("//"), !text.contains("\\") else {
      return WalkWorthyPath.home.path
    }
    return text
  }

  /// Sets this device's clock to an instant, as a tester would on a phone (to reach the mock
  /// encouragement's day), or back to the real time.
  @Sendable func setDeviceClock(_ request: Request, context: AppRequestContext) async throws -> Response {
    let fields = try await FormFields(request, context: context)
    var shift: TimeInterval?
    if let text = fields["at"], !text.isEmpty {
      guard let instant = WireTimestamp.parse(text) else {
        let device = try await service.device(try context.deviceID())
        return try settingsPage(
          device, answers: SettingsAnswers(device, config: config), notice: nil, context,
          clock: (String(text.prefix(80)), Self.text(context)(.testClockUnreadable)))
      }
      shift = instant.timeIntervalSince(service.clock.now)
    }
    try await change(context) { device, _ in device.onDevice.clockShift = shift }
    try await push.clockMoved(try context.deviceID())
    return .seeOther(WalkWorthyPath.settings.path)
  }

  // MARK: Push

  /// A browser's push subscription, as `PushSubscription.toJSON()` writes it.
  struct SubscriptionBody: Decodable {
    struct Keys: Decodable {
      let p256dh: String
      let auth: String
    }
    let endpoint: String
    let keys: Keys
  }

  /// "Notify me": keeps the subscription the page's script made, after onboarding only.
  @Sendable func subscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
    let text = Self.text(context)
    let id = try context.deviceID()
    guard try await service.device(id).onDevice.profile != nil else { throw Self.onboardingFirst }
    guard let body = try? await request.decode(as: SubscriptionBody.self, context: context) else {
      throw OrchardError.badRequest(text(.pushSubscriptionUnreadable), code: "PUSH_SUBSCRIPTION_UNREADABLE")
    }
    do {
      try await push.subscribe(id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth)
    } catch let problem as WebPushSubscription.Problem {
      let message: WalkWorthyText =
        switch problem {
        case .endpointInvalid: .pushEndpointInvalid
        case .endpointNotPublic: .pushEndpointNotPublic
        case .keysInvalid: .pushKeysInvalid
        }
      throw OrchardError.badRequest(text(message), code: problem.rawValue)
    }
    return try Self.json(PushAnswer(subscribed: true), status: .created)
  }

  /// "Stop notifying me": the subscription is forgotten.
  @Sendable func unsubscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
    try await push.unsubscribe(try context.deviceID())
    return try Self.json(PushAnswer(subscribed: false), status: .ok)
  }

  struct PushAnswer: Encodable {
    let subscribed: Bool
  }

  // MARK: Helpers

  /// The time on this visitor's device: the server's, moved by a tester's shift on test servers.
  func now(_ device: WalkWorthyDevice) -> Date {
    device.onDevice.now(service.clock.now, shiftsAllowed: testDeviceClock)
  }

  /// Today's sample day; nil when it cannot be read (the page says so).
  func todayCanvas(_ id: IdempotencyID, _ device: WalkWorthyDevice) async -> TodayCanvas? {
    try? await service.api(for: id, mode: api, at: now(device)).fetchTodayCanvas()
  }

  /// The home feed: today's list, on the card last shown.
  func feed(for id: IdempotencyID, _ device: WalkWorthyDevice) async throws -> HomeFeed {
    let source = service.api(for: id, mode: api, at: now(device))
    let canvas = device.usesFakeCanvas(config) && device.onDevice.canvasLinked ? await todayCanvas(id, device) : nil
    let leading = try? await source.fetchNext().payload?.id
    let entries = HomeFeed.todayEntries(from: library, leadingID: leading, canvas: canvas)
    guard
      let feed = HomeFeed(
        entries: entries, translation: device.onDevice.translation, currentID: device.onDevice.currentID)
    else { throw OrchardError.internalError }
    return feed
  }

  /// The last sequence dealt, in the device's translation now.
  func popupCards(_ state: OnDeviceState) -> [ShownPopup] {
    state.popups.compactMap { slot in
      library.encouragement(id: slot.id).map { ShownPopup(tag: slot.tag, card: VerseCard($0, in: state.translation)) }
    }
  }

  /// Loads, changes and saves. Every change needs a profile first (a cleared browser's old page).
  @discardableResult
  func change<R>(
    _ context: AppRequestContext, _ body: (inout WalkWorthyDevice, IdempotencyID) async throws -> R
  ) async throws -> R {
    let id = try context.deviceID()
    return try await service.change(id) { device in
      guard device.onDevice.profile != nil else { throw Self.onboardingFirst }
      return try await body(&device, id)
    }
  }

  /// The sentences of the request's language.
  static func text(_ context: AppRequestContext) -> Localizer<WalkWorthyText> {
    WalkWorthyTexts.all.localizer(context.language)
  }

  /// The pages in the request's language, with the device's inbox as it stands now on `path`
  /// (less the notification the screen shows anyway).
  func view(
    _ context: AppRequestContext, _ device: WalkWorthyDevice, at path: String, showing: NotificationRequest? = nil
  ) -> WalkWorthyPages {
    var pages = Self.view(context)
    let items = device.onDevice.inbox.arrived(by: now(device)).filter { $0.id != showing?.id }
    pages.inbox = InboxView(items: items, back: path, zone: device.zone)
    return pages
  }

  /// The pages in the request's language.
  static func view(_ context: AppRequestContext) -> WalkWorthyPages { WalkWorthyPages(t: text(context)) }

  static let onboardingFirst = OrchardError(
    status: .conflict, code: "ONBOARDING_FIRST", title: "Let\u{2019}s start with hello",
    detail:
      "This browser has no WalkWorthy profile yet, so nothing was changed. Open WalkWorthy to fill in the welcome form."
  )

  static func translation(_ value: String?) throws -> Translation {
    guard let translation = value.flatMap(Translation.init(rawValue:)) else {
      throw OrchardError.badRequest(
        "Choose one of the translations offered: BSB, KJV or WEB.", code: "UNKNOWN_TRANSLATION")
    }
    return translation
  }
}

/// What the settings page can say after a change.
enum SettingsNotice: String {
  case saved, test, off, profile

  func text(_ t: Localizer<WalkWorthyText>) -> String {
    switch self {
    case .saved: "Saved."
    case .test: t(NotificationPlanner.testOnItsWay)
    case .off: "Notifications are off, so nothing was scheduled. Turn them on above first."
    case .profile: "Your profile is updated."
    }
  }
}

/// How a change sent by the page's script went (a switch, a dismissal): the problem's field, code
/// and sentence when it was refused.
struct ScriptAnswer: Encodable {
  let saved: Bool
  let field: String?
  let code: String?
  let message: String?
}

/// The home card as the page's script receives it after a new translation: the same passage,
/// its text and label changed together.
struct ShownCard: Encodable {
  let id: String
  let ref: String
  let text: String
  let label: String
  let name: String
  let encouragement: String

  init(_ card: VerseCard) {
    id = card.id
    ref = card.ref
    text = card.text
    label = card.label
    name = card.translation.name
    encouragement = card.encouragement
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

/// A pop-up as the page shows it.
struct ShownPopup {
  let tag: Tag
  let card: VerseCard
}
