import Foundation
import Hummingbird
import MIGACore
import OrchardKit
import SQLKit
import ServerKit

/// MIGA's web version under `/miga/`: onboarding, the hub, the gateway, stats and settings, as plain
/// HTML forms and links, with the device's state kept on the server under its device id and every
/// rule applied by `MIGACore`.
public enum MIGAWeb {
  public static let migrations = [
    DeviceDocuments<MIGAState>.migration("miga-web-0001-devices", table: "miga_web_devices")
  ]

  public static let tokens = MIGATheme.tokens

  /// MIGA's stylesheet and script.
  public static func assets() throws -> AssetCatalog {
    guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Public") else {
      throw AssetError.missingBundle
    }
    return try AssetCatalog.load(from: directory)
  }

  /// Mounts the pages behind the device middleware (every screen is per visitor).
  public static func mount(
    on router: Router<AppRequestContext>, database: Database, devices: DeviceMiddleware, clock: any WallClock,
    pages: PageRenderer
  ) {
    let routes = MIGAWebRoutes(
      documents: DeviceDocuments(database: database.sql, shared: database.isShared, table: "miga_web_devices"),
      clock: clock, pages: pages, library: LiveLibrary(repository: SQLMIGAContentRepository(database: database.sql)))
    routes.register(on: router.group("/miga").add(middleware: devices))
  }
}

struct MIGAWebRoutes: Sendable {
  let documents: DeviceDocuments<MIGAState>
  let clock: any WallClock
  let pages: PageRenderer
  let library: LiveLibrary

  func register(on group: RouterGroup<AppRequestContext>) {
    group.get("/", use: hub)
    group.get("/welcome/:step", use: onboardingStep)
    group.post("/welcome/:step", use: answerStep)
    group.post("/open/:app", use: openGateway)
    group.get("/gateway", use: gateway)
    group.post("/gateway/exit", use: exit)
    group.post("/gateway/next", use: readNext)
    group.post("/gateway/proceed", use: proceed)
    group.get("/win", use: win)
    group.get("/leaving", use: leaving)
    group.get("/stats", use: stats)
    group.get("/settings", use: settings)
    group.post("/settings/pause", use: savePause)
    group.post("/settings/categories", use: saveCategories)
    group.post("/settings/apps/add", use: addApp)
    group.post("/settings/apps/remove", use: removeApp)
    group.post("/settings/apps/custom", use: addCustomApp)
    group.post("/settings/day", use: saveDay)
    group.get("/export.json", use: export)
    group.post("/erase", use: erase)
  }

  // MARK: Hub and onboarding

  @Sendable func hub(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard state.onboarding.isComplete, let hub = state.hub else {
      return redirect(MIGAPath.welcome(state.onboarding.step))
    }
    let firstRun = request.uri.queryParameters.get("welcome") == "1"
    return pages.response(MIGAPages.hub(hub, streak: try state.stats(now: clock.now).streak, firstRun: firstRun))
  }

  @Sendable func onboardingStep(_ request: Request, context: AppRequestContext) async throws -> Response {
    let step = try step(in: context)
    let state = try await load(context)
    if state.onboarding.isComplete { return redirect(MIGAPath.root) }
    // Never ahead of the first unanswered step.
    guard step <= state.onboarding.step else { return redirect(MIGAPath.welcome(state.onboarding.step)) }
    return pages.response(MIGAPages.onboarding(step, state.onboarding))
  }

  @Sendable func answerStep(_ request: Request, context: AppRequestContext) async throws -> Response {
    let step = try step(in: context)
    let form = try await FormFields(request)
    var state = try await load(context)
    if state.onboarding.isComplete { return redirect(MIGAPath.root) }
    guard step <= state.onboarding.step else { return redirect(MIGAPath.welcome(state.onboarding.step)) }
    state.onboarding.go(to: step)
    Self.applyZone(form["zone"], to: &state.settings)
    do {
      switch step {
      case .timeAwareness: try state.onboarding.setDailyMinutes(try Self.integer(form["minutes"], "minutes a day"))
      case .goals: state.onboarding.setGoals(Set(form.values("goal").compactMap(Goal.init(rawValue:))))
      case .readiness: try state.onboarding.setReadiness(try Self.integer(form["readiness"], "readiness"))
      case .interests:
        state.onboarding.setInterests(Set(form.values("category").compactMap(ContentCategory.init(rawValue:))))
      case .apps: try state.onboarding.setApps(form.values("app"))
      case .pauseLength: try state.onboarding.setPause(try Self.integer(form["seconds"], "pause length"))
      case .welcome, .timeCost, .science, .howItWorks, .hideApps, .ready: break
      }
      if step == .ready {
        try state.completeOnboarding()
      } else {
        try state.onboarding.advance()
      }
    } catch let error as OnboardingError {
      throw OrchardError.badRequest(Self.explain(error), code: "BAD_ONBOARDING_ANSWER")
    } catch let error as MIGAError {
      throw OrchardError.badRequest(Self.explain(error), code: "BAD_ONBOARDING_ANSWER")
    }
    try await save(state, context)
    return redirect(
      state.onboarding.isComplete ? MIGAPath.root + "?welcome=1" : MIGAPath.welcome(state.onboarding.step))
  }

  // MARK: Gateway

  @Sendable func openGateway(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let app = context.parameters.get("app") else { throw OrchardError.notFound }
    var state = try await load(context)
    guard state.onboarding.isComplete else { return redirect(MIGAPath.welcome(state.onboarding.step)) }
    guard state.hub?.contains(app) == true else { throw OrchardError.notFound }
    let items = try await library.items()
    try await step(&state, context) { state, recorder, generator throws(MIGAError) in
      try state.openGateway(appID: app, library: items, recorder: recorder, using: &generator)
    }
    return redirect(MIGAPath.gateway)
  }

  @Sendable func gateway(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard let gateway = state.gateway, let content = state.currentContent(in: try await library.items()) else {
      return redirect(MIGAPath.root)
    }
    return pages.response(MIGAPages.gateway(gateway, content: content, now: clock.now))
  }

  @Sendable func exit(_ request: Request, context: AppRequestContext) async throws -> Response {
    var state = try await load(context)
    guard state.gateway != nil else { return redirect(MIGAPath.root) }
    try await step(&state, context) { state, recorder, generator throws(MIGAError) in
      try state.exit(recorder: recorder, using: &generator)
    }
    return redirect(MIGAPath.win)
  }

  @Sendable func readNext(_ request: Request, context: AppRequestContext) async throws -> Response {
    var state = try await load(context)
    guard state.gateway != nil else { return redirect(MIGAPath.root) }
    let items = try await library.items()
    try await step(&state, context) { state, recorder, generator throws(MIGAError) in
      try state.readNext(library: items, recorder: recorder, using: &generator)
    }
    return redirect(MIGAPath.gateway)
  }

  @Sendable func proceed(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    let intention = form["intention"].flatMap { $0.isEmpty ? nil : $0 }.map(Intention.init(rawValue:))
    guard intention != .some(nil) else {
      throw OrchardError.badRequest("Choose one of the intentions offered, or none.", code: "UNKNOWN_INTENTION")
    }
    var state = try await load(context)
    guard let gateway = state.gateway else { return redirect(MIGAPath.root) }
    // Early (a page from before the countdown ended): back to the pause, nothing lost.
    guard gateway.canProceed(at: clock.now) else { return redirect(MIGAPath.gateway) }
    var app: SocialApp?
    try await step(&state, context) { state, recorder, generator throws(MIGAError) in
      app = try state.proceed(intention: intention ?? nil, recorder: recorder, using: &generator)
    }
    return redirect(app.map { MIGAPath.leaving($0) } ?? MIGAPath.root)
  }

  /// The hand-off to the app after Proceed: on the web, its address.
  @Sendable func leaving(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard let id = request.uri.queryParameters.get("app"), let app = state.hub?.app(id: id) else {
      return redirect(MIGAPath.root)
    }
    return pages.response(MIGAPages.leaving(app))
  }

  @Sendable func win(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    let stats = try state.stats(now: clock.now)
    return pages.response(MIGAPages.win(streak: stats.streak, exits: stats.lifetime.exits))
  }

  // MARK: Stats and settings

  @Sendable func stats(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard state.onboarding.isComplete else { return redirect(MIGAPath.welcome(state.onboarding.step)) }
    return pages.response(MIGAPages.stats(try state.stats(now: clock.now)))
  }

  @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    guard state.onboarding.isComplete else { return redirect(MIGAPath.welcome(state.onboarding.step)) }
    let query = String((request.uri.queryParameters.get("q") ?? "").prefix(40))
    let notice = request.uri.queryParameters.get("notice").flatMap(SettingsNotice.init(rawValue:))?.text
    return pages.response(MIGAPages.settings(state, query: query, notice: notice))
  }

  @Sendable func savePause(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    let seconds = try Self.integer(form["seconds"], "pause length")
    guard PauseSettings.isOffered(seconds) else {
      throw OrchardError.badRequest("The pause can be 15 to 45 seconds, in steps of 5.", code: "BAD_PAUSE")
    }
    try await settingsChange(context) { state in
      state.settings.pause.set(seconds: seconds)
      state.settings.pause.adapts = form["adapts"] == "1"
    }
    return redirect(MIGAPath.settings + "?notice=saved")
  }

  @Sendable func saveCategories(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    let chosen = Set(form.values("category").compactMap(ContentCategory.init(rawValue:)))
    try await settingsChange(context) { state in state.settings.categories = CategoryPreferences(chosen) }
    return redirect(MIGAPath.settings + "?notice=saved")
  }

  @Sendable func addApp(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    guard let app = form["app"].flatMap(AppRegistry.app(id:)) else {
      throw OrchardError.badRequest("Choose one of the apps listed.", code: "UNKNOWN_APP")
    }
    var added = false
    try await settingsChange(context) { state in added = state.addApp(app) }
    return redirect(MIGAPath.settings + (added ? "?notice=added" : "?notice=full"))
  }

  @Sendable func addCustomApp(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    guard let app = SocialApp.custom(name: form["name"] ?? "", webURL: form["url"] ?? "") else {
      throw OrchardError.badRequest(
        "Give the site a name of up to 30 characters and an address that starts with https://.",
        code: "BAD_CUSTOM_APP")
    }
    var added = false
    try await settingsChange(context) { state in added = state.addApp(app) }
    return redirect(MIGAPath.settings + (added ? "?notice=added" : "?notice=full"))
  }

  @Sendable func removeApp(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    let id = form["app"] ?? ""
    var removed = false
    try await settingsChange(context) { state in removed = state.removeApp(id: id) }
    return redirect(MIGAPath.settings + (removed ? "?notice=removed" : "?notice=last"))
  }

  @Sendable func saveDay(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    let hour = try Self.integer(form["hour"], "day start")
    guard (0...23).contains(hour) else {
      throw OrchardError.badRequest("A day can start at any hour from 00:00 to 23:00.", code: "BAD_DAY_START")
    }
    try await settingsChange(context) { state in
      state.settings.dayStartHour = hour
      Self.applyZone(form["zone"], to: &state.settings)
    }
    return redirect(MIGAPath.settings + "?notice=saved")
  }

  @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await load(context)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/json; charset=utf-8", .cacheControl: "private, no-store",
        .contentDisposition: "attachment; filename=\"miga-data.json\"",
      ],
      body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(state))))
  }

  @Sendable func erase(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    guard form["confirm"] == "yes" else {
      throw OrchardError.badRequest(
        "Tick the box to confirm: erasing cannot be undone. Nothing was erased.", code: "ERASE_NOT_CONFIRMED")
    }
    try await documents.delete(try Self.device(context))
    return redirect(MIGAPath.root)
  }

  // MARK: Helpers

  func load(_ context: AppRequestContext) async throws -> MIGAState {
    try await documents.load(try Self.device(context)) ?? MIGAState()
  }

  func save(_ state: MIGAState, _ context: AppRequestContext) async throws {
    try await documents.save(state, for: try Self.device(context), at: clock.now)
  }

  /// One gateway step through the core, with this request's recorder and randomness, then saved.
  func step(
    _ state: inout MIGAState, _ context: AppRequestContext,
    _ change: (inout MIGAState, EventRecorder, inout SystemRandomNumberGenerator) throws(MIGAError) -> Void
  ) async throws {
    let recorder = EventRecorder(clock: FixedClock(clock.now), boundary: try state.settings.boundary())
    var generator = SystemRandomNumberGenerator()
    do {
      try change(&state, recorder, &generator)
    } catch {
      throw OrchardError.badRequest(Self.explain(error), code: "GATEWAY_STEP_REFUSED")
    }
    try await save(state, context)
  }

  func settingsChange(_ context: AppRequestContext, _ change: (inout MIGAState) -> Void) async throws {
    var state = try await load(context)
    guard state.onboarding.isComplete else { throw OrchardError.notFound }
    change(&state)
    try await save(state, context)
  }

  func step(in context: AppRequestContext) throws -> OnboardingStep {
    guard let step = context.parameters.get("step").flatMap(OnboardingStep.init(slug:)) else {
      throw OrchardError.notFound
    }
    return step
  }

  static func device(_ context: AppRequestContext) throws -> IdempotencyID {
    guard let device = context.device else { throw OrchardError.internalError }
    return device.id
  }

  static func integer(_ value: String?, _ name: String) throws -> Int {
    guard let value, let number = Int(value) else {
      throw OrchardError.badRequest("The \(name) must be a whole number.", code: "NOT_A_NUMBER")
    }
    return number
  }

  /// The browser's zone, when it is a real IANA zone; anything else keeps the current one.
  static func applyZone(_ zone: String?, to settings: inout MIGASettings) {
    guard let zone, !zone.isEmpty, zone.count <= 64, (try? TimeZone(ianaIdentifier: zone)) != nil else { return }
    settings.timeZone = zone
  }

  static func explain(_ error: OnboardingError) -> String {
    switch error {
    case .outOfRange(let what): "That \(what) is outside the range offered. Please choose again."
    case .appCount: "Choose at least one app, and at most ten."
    case .unknownApp: "Choose apps from the list offered."
    }
  }

  static func explain(_ error: MIGAError) -> String {
    switch error {
    case .noApps: "Choose at least one app before entering the hub."
    case .unknownApp: "That app is not in your hub."
    case .noContent: "There is nothing to read yet. Please try again in a moment."
    case .noGateway: "There is no pause open."
    case .gateway(.closed): "This pause is already over."
    case .gateway(.stillCounting(let remaining)): "The pause has \(remaining) seconds left."
    }
  }

  func redirect(_ location: String) -> Response { Response(status: .seeOther, headers: [.location: location]) }
}

/// Messages the settings page can show after a change.
enum SettingsNotice: String {
  case saved, added, removed, full, last

  var text: String {
    switch self {
    case .saved: "Saved."
    case .added: "Added to your hub."
    case .removed: "Removed from your hub."
    case .full: "Your hub already has that app, or holds ten apps: remove one first."
    case .last: "Your hub keeps at least one app."
    }
  }
}
