import Foundation
import Hummingbird
import MIGACore
import OrchardKit
import ServerKit

/// MIGA's web version: onboarding, the hub, the gateway, stats and settings, as plain HTML forms
/// and links. Each route asks ``MIGAService`` (the JSON API's service too) and shows what
/// `MIGACore` decided.
struct MIGARoutes: Sendable {
  let service: MIGAService
  let pages: PageRenderer
  /// The web visitors' devices, for erasing one whole.
  let visitors: DeviceMiddleware
  /// The credit the library's source editions ask for, shown with the settings for what to read.
  let credit: String

  var clock: any WallClock { service.clock }

  func register(_ routes: AppRoutes) {
    let errors = NotFoundPages(pages: pages) { _, context in Self.view(context).notFound() }
    let group = routes.web().add(middleware: errors)
    group.get(MIGAPath.home.pattern, use: hub)
    group.get(MIGAPath.welcome.pattern, use: onboardingStep)
    group.post(MIGAPath.welcome.pattern, use: answerStep)
    group.post(MIGAPath.open.pattern, use: openGateway)
    group.get(MIGAPath.gateway.pattern, use: gateway)
    group.post(MIGAPath.exit.pattern, use: exit)
    group.post(MIGAPath.next.pattern, use: readNext)
    group.post(MIGAPath.proceed.pattern, use: proceed)
    group.get(MIGAPath.win.pattern, use: win)
    group.get(MIGAPath.leaving.pattern, use: leaving)
    group.get(MIGAPath.offlineGateway.pattern, use: offlineGateway)
    // JSON for the page script: its refusals are problem documents (a `.json` address).
    routes.web(limit: BodyLimit(bytes: 64 * 1024)).post(MIGAPath.offlinePauses.pattern, use: recordOfflinePauses)
    group.get(MIGAPath.stats.pattern, use: stats)
    group.get(MIGAPath.settings.pattern, use: settings)
    group.post(MIGAPath.pause.pattern, use: savePause)
    group.post(MIGAPath.categories.pattern, use: saveCategories)
    group.post(MIGAPath.addApp.pattern, use: addApp)
    group.post(MIGAPath.removeApp.pattern, use: removeApp)
    group.post(MIGAPath.customApp.pattern, use: addCustomApp)
    group.post(MIGAPath.day.pattern, use: saveDay)
    group.get(MIGAPath.export.pattern, use: export)
    group.post(MIGAPath.erase.pattern, use: erase)
    // Open to anyone, before onboarding too: it never asks for a device.
    group.get(MIGAPath.support.pattern) { _, context in pages.response(Self.view(context).support()) }
    routes.answerUnknownAddresses(with: errors)
  }

  // MARK: Hub and onboarding

  @Sendable func hub(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try context.deviceID()
    let state = try await service.state(of: device)
    guard state.onboarding.isComplete, let hub = state.hub else {
      return .seeOther(MIGAPath.step(state.onboarding.step))
    }
    let firstRun = request.uri.queryParameters.get("welcome") == "1"
    return pages.response(
      Self.view(context).hub(hub, streak: try await service.stats(of: device).streak, firstRun: firstRun))
  }

  @Sendable func onboardingStep(_ request: Request, context: AppRequestContext) async throws -> Response {
    let step = try step(in: context)
    let state = try await service.state(of: try context.deviceID())
    if state.onboarding.isComplete { return .seeOther(MIGAPath.home.path) }
    // Never ahead of the first unanswered step.
    guard step <= state.onboarding.step else { return .seeOther(MIGAPath.step(state.onboarding.step)) }
    return pages.response(Self.view(context).onboarding(step, state.onboarding))
  }

  @Sendable func answerStep(_ request: Request, context: AppRequestContext) async throws -> Response {
    let step = try step(in: context)
    let form = try await FormFields(request, context: context)
    enum Outcome: Sendable {
      case done(OnboardingStep?)
      case behind(OnboardingStep)
    }
    let device = try context.deviceID()
    let outcome: Outcome
    do {
      outcome = try await service.change(device) { state -> Outcome in
        if state.onboarding.isComplete { return .done(nil) }
        guard step <= state.onboarding.step else { return .behind(state.onboarding.step) }
        state.onboarding.go(to: step)
        state.settings.adopt(zone: form["zone"])
        try Self.answer(step, form, in: &state)
        return .done(state.onboarding.isComplete ? nil : state.onboarding.step)
      }
    } catch let error as OnboardingError {
      return try await refuseStep(step, Self.explain(error), form: form, device: device, context: context)
    } catch let error as MIGAError {
      return try await refuseStep(step, Self.explain(error), form: form, device: device, context: context)
    } catch let error as OrchardError where error.status == .badRequest {
      return try await refuseStep(step, error.detail, form: form, device: device, context: context)
    }
    switch outcome {
    case .behind(let first): return .seeOther(MIGAPath.step(first))
    case .done(nil): return .seeOther(MIGAPath.home.path + "?welcome=1")
    case .done(let next?): return .seeOther(MIGAPath.step(next))
    }
  }

  /// A refused answer: the same step again (422), with the answers just given and the reason beside
  /// them. Nothing was saved.
  func refuseStep(
    _ step: OnboardingStep, _ reason: String, form: FormFields, device: IdempotencyID, context: AppRequestContext
  ) async throws -> Response {
    var answers = try await service.state(of: device).onboarding
    answers.go(to: step)
    let given = StepAnswers(apps: Set(form.values("app")), reason: reason)
    return pages.response(Self.view(context).onboarding(step, answers, given: given), status: .unprocessableContent)
  }

  /// The step's answer from the form, then on to the next step (or into the hub after the last).
  static func answer(_ step: OnboardingStep, _ form: FormFields, in state: inout MIGAState) throws {
    switch step {
    case .timeAwareness: try state.onboarding.setDailyMinutes(try integer(form["minutes"], "minutes a day"))
    case .goals: state.onboarding.setGoals(Set(form.values("goal").compactMap(Goal.init(rawValue:))))
    case .readiness: try state.onboarding.setReadiness(try integer(form["readiness"], "readiness"))
    case .interests:
      state.onboarding.setInterests(Set(form.values("category").compactMap(ContentCategory.init(rawValue:))))
    case .apps: try state.onboarding.setApps(form.values("app"))
    case .pauseLength: try state.onboarding.setPause(try integer(form["seconds"], "pause length"))
    case .welcome, .timeCost, .science, .howItWorks, .hideApps, .ready: break
    }
    if step == .ready {
      try state.completeOnboarding()
    } else {
      try state.onboarding.advance()
    }
  }

  // MARK: Gateway

  @Sendable func openGateway(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let app = context.parameters.get("app") else { throw OrchardError.notFound }
    let device = try context.deviceID()
    let state = try await service.state(of: device)
    guard state.onboarding.isComplete else { return .seeOther(MIGAPath.step(state.onboarding.step)) }
    guard state.hub?.contains(app) == true else { throw OrchardError.notFound }
    let items = try await service.library.items()
    try await step(device) { state, log, recorder, generator in
      try state.openGateway(appID: app, library: items, log: &log, recorder: recorder, using: &generator)
    }
    return .seeOther(MIGAPath.gateway.path)
  }

  @Sendable func gateway(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await service.state(of: try context.deviceID())
    guard let gateway = state.gateway, let content = state.currentContent(in: try await service.library.items()) else {
      return .seeOther(MIGAPath.home.path)
    }
    return pages.response(Self.view(context).gateway(gateway, content: content, now: clock.now))
  }

  @Sendable func exit(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try context.deviceID()
    guard try await service.state(of: device).gateway != nil else { return .seeOther(MIGAPath.home.path) }
    try await step(device) { state, log, recorder, generator in
      try state.exit(log: &log, recorder: recorder, using: &generator)
    }
    return .seeOther(MIGAPath.win.path)
  }

  @Sendable func readNext(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try context.deviceID()
    guard try await service.state(of: device).gateway != nil else { return .seeOther(MIGAPath.home.path) }
    let items = try await service.library.items()
    try await step(device) { state, log, recorder, generator in
      try state.readNext(library: items, log: &log, recorder: recorder, using: &generator)
    }
    return .seeOther(MIGAPath.gateway.path)
  }

  @Sendable func proceed(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let intention = form["intention"].flatMap { $0.isEmpty ? nil : $0 }.map(Intention.init(rawValue:))
    guard intention != .some(nil) else {
      throw OrchardError.badRequest("Choose one of the intentions offered, or none.", code: "UNKNOWN_INTENTION")
    }
    let device = try context.deviceID()
    guard let gateway = try await service.state(of: device).gateway else { return .seeOther(MIGAPath.home.path) }
    // Early (a page from before the countdown ended): back to the pause, nothing lost.
    guard gateway.canProceed(at: clock.now) else { return .seeOther(MIGAPath.gateway.path) }
    let app = try await step(device) { state, log, recorder, generator in
      try state.proceed(intention: intention ?? nil, log: &log, recorder: recorder, using: &generator)
    }
    return .seeOther(MIGAPath.leavingFor(app))
  }

  /// The hand-off to the app after Proceed: on the web, its address.
  @Sendable func leaving(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await service.state(of: try context.deviceID())
    guard let id = request.uri.queryParameters.get("app"), let app = state.hub?.app(id: id) else {
      return .seeOther(MIGAPath.home.path)
    }
    return pages.response(Self.view(context).leaving(app))
  }

  @Sendable func win(_ request: Request, context: AppRequestContext) async throws -> Response {
    let stats = try await service.stats(of: try context.deviceID())
    return pages.response(Self.view(context).win(streak: stats.streak, exits: stats.lifetime.exits))
  }

  // MARK: Offline

  /// The pause as the service worker keeps it: what the core decided this device's next offline
  /// pauses are (length, quotes), in front of any app of the hub.
  @Sendable func offlineGateway(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await service.state(of: try context.deviceID())
    guard state.onboarding.isComplete, let hub = state.hub else {
      return .seeOther(MIGAPath.step(state.onboarding.step))
    }
    return pages.response(Self.view(context).offlineGateway(try await service.offlinePlan(for: state), hub: hub))
  }

  /// The steps of pauses taken offline, sent when the connection is back; answers a receipt.
  @Sendable func recordOfflinePauses(_ request: Request, context: AppRequestContext) async throws -> Response {
    let buffer = try await request.body.collect(upTo: context.maxUploadSize)
    let steps = try OfflinePauseContract.steps(Data(buffer: buffer), MIGATexts.all.localizer(context.language))
    let (results, stored) = try await service.recordOffline(steps, for: try context.deviceID())
    let receipt = OfflinePauseContract.Receipt(results, stored: stored)
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: CachePolicy.personal],
      body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(receipt))))
  }

  // MARK: Stats and settings

  @Sendable func stats(_ request: Request, context: AppRequestContext) async throws -> Response {
    let device = try context.deviceID()
    let state = try await service.state(of: device)
    guard state.onboarding.isComplete else { return .seeOther(MIGAPath.step(state.onboarding.step)) }
    return pages.response(Self.view(context).stats(try await service.stats(of: device)))
  }

  @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
    let state = try await service.state(of: try context.deviceID())
    guard state.onboarding.isComplete else { return .seeOther(MIGAPath.step(state.onboarding.step)) }
    let query = String((request.uri.queryParameters.get("q") ?? "").prefix(40))
    let notice = request.uri.queryParameters.get("notice").flatMap(SettingsNotice.init(rawValue:))
    return pages.response(Self.view(context).settings(state, query: query, notice: notice, credit: credit))
  }

  @Sendable func savePause(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let seconds = try Self.integer(form["seconds"], "pause length")
    guard PauseSettings.isOffered(seconds) else {
      let range = PauseSettings.range
      throw OrchardError.badRequest(
        "The pause can be \(range.lowerBound) to \(range.upperBound) seconds, in steps of \(PauseSettings.step).",
        code: "BAD_PAUSE")
    }
    try await settingsChange(context) { state in
      state.settings.pause.set(seconds: seconds)
      state.settings.pause.adapts = form["adapts"] == "1"
    }
    return .seeOther(MIGAPath.settingsSaying(.saved))
  }

  @Sendable func saveCategories(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let chosen = Set(form.values("category").compactMap(ContentCategory.init(rawValue:)))
    try await settingsChange(context) { state in state.settings.categories = CategoryPreferences(chosen) }
    return .seeOther(MIGAPath.settingsSaying(.saved))
  }

  @Sendable func addApp(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    guard let app = form["app"].flatMap(AppRegistry.app(id:)) else {
      throw OrchardError.badRequest("Choose one of the apps listed.", code: "UNKNOWN_APP")
    }
    let added = try await settingsChange(context) { state in state.addApp(app) }
    return .seeOther(MIGAPath.settingsSaying(added ? .added : .full))
  }

  @Sendable func addCustomApp(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let name = form["name"] ?? ""
    let address = form["url"] ?? ""
    guard let app = SocialApp.custom(name: name, webURL: address) else {
      let state = try await service.state(of: try context.deviceID())
      guard state.onboarding.isComplete else { throw OrchardError.notFound }
      let problem = SocialApp.customProblem(name: name, webURL: address) ?? .address
      let page = Self.view(context).settings(
        state, query: "", notice: nil, credit: credit,
        customSite: CustomSiteAnswer(name: name, url: address, problem: problem))
      return pages.response(page, status: .unprocessableContent)
    }
    let added = try await settingsChange(context) { state in state.addApp(app) }
    return .seeOther(MIGAPath.settingsSaying(added ? .added : .full))
  }

  @Sendable func removeApp(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let id = form["app"] ?? ""
    let removed = try await settingsChange(context) { state in state.removeApp(id: id) }
    return .seeOther(MIGAPath.settingsSaying(removed ? .removed : .last))
  }

  @Sendable func saveDay(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let hour = try Self.integer(form["hour"], "day start")
    guard MIGASettings.dayStartHours.contains(hour) else {
      let t = MIGATexts.all.localizer(context.language)
      throw OrchardError.badRequest(t(MIGASettings.dayStartRange), code: "BAD_DAY_START")
    }
    try await settingsChange(context) { state in
      state.settings.dayStartHour = hour
      state.settings.adopt(zone: form["zone"])
    }
    return .seeOther(MIGAPath.settingsSaying(.saved))
  }

  @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
    let export = try await service.export(try context.deviceID())
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/json; charset=utf-8", .cacheControl: CachePolicy.personal,
        .contentDisposition: "attachment; filename=\"miga-data.json\"",
      ],
      body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(export))))
  }

  @Sendable func erase(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    guard form["confirm"] == "yes" else {
      throw OrchardError.badRequest(
        "Tick the box to confirm: erasing cannot be undone. Nothing was erased.", code: "ERASE_NOT_CONFIRMED")
    }
    let id = try context.deviceID()
    try await service.erase(id)
    // The device itself goes too: its cookie names nothing from now on, in every process.
    var response = Response.seeOther(MIGAPath.home.path)
    response.headers.append(try await visitors.erase(id))
    return response
  }

  // MARK: Helpers

  /// One gateway step through the service; a step the core refuses is the visitor's 400.
  @discardableResult
  func step<R: Sendable>(
    _ device: IdempotencyID,
    _ change: (inout MIGAState, inout EventLog, EventRecorder, inout SourceGenerator) throws -> R
  ) async throws -> R {
    do {
      return try await service.step(device) { state, log, recorder, generator in
        try change(&state, &log, recorder, &generator)
      }
    } catch let error as MIGAError {
      throw OrchardError.badRequest(Self.explain(error), code: "GATEWAY_STEP_REFUSED")
    }
  }

  /// A settings change; settings exist only once onboarding is done.
  func settingsChange<R>(_ context: AppRequestContext, _ change: (inout MIGAState) -> R) async throws -> R {
    try await service.change(try context.deviceID()) { state in
      guard state.onboarding.isComplete else { throw OrchardError.notFound }
      return change(&state)
    }
  }

  /// The pages in the request's language.
  static func view(_ context: AppRequestContext) -> MIGAPages {
    MIGAPages(t: MIGATexts.all.localizer(context.language))
  }

  func step(in context: AppRequestContext) throws -> OnboardingStep {
    guard let step = context.parameters.get("step").flatMap(OnboardingStep.init(slug:)) else {
      throw OrchardError.notFound
    }
    return step
  }

  static func integer(_ value: String?, _ name: String) throws -> Int {
    guard let value, let number = Int(value) else {
      throw OrchardError.badRequest("The \(name) must be a whole number.", code: "NOT_A_NUMBER")
    }
    return number
  }

  static func explain(_ error: OnboardingError) -> String {
    switch error {
    case .outOfRange(let what): "That \(what) is outside the range offered. Please choose again."
    case .appCount:
      HubSelection.limit.lowerBound == 1
        ? "Choose at least one app, and at most \(HubSelection.limit.upperBound)."
        : "Choose at least \(HubSelection.limit.lowerBound) apps, and at most \(HubSelection.limit.upperBound)."
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
}

/// The answers a refused onboarding step gives back, and why it was refused.
struct StepAnswers {
  let apps: Set<String>
  let reason: String
}

/// A custom site the settings could not add: what was typed, and what is wrong with it.
struct CustomSiteAnswer {
  let name: String
  let url: String
  let problem: CustomAppProblem
}

/// Messages the settings page can show after a change.
enum SettingsNotice: String {
  case saved, added, removed, full, last
}
