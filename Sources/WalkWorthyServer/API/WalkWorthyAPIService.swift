import Foundation
import OpenAPIRuntime
import OrchardKit
import ServerKit
import WalkWorthyAPI
import WalkWorthyCore

/// WalkWorthy's JSON API (`openapi.yaml` in WalkWorthyAPI). The device of every call but
/// `createDevice` comes from ``BearerAuthentication``, never from the request's fields.
struct WalkWorthyAPIService: APIProtocol {
  let devices: any WalkWorthyDeviceRepository
  let calendars: CalendarLinker
  let selector: EncouragementSelector
  let clock: any WallClock
  let random: RandomSource

  func createDevice(_ input: Operations.createDevice.Input) async throws -> Operations.createDevice.Output {
    var generator = SystemRandomNumberGenerator()
    let device = IdempotencyID(using: &generator)
    let token = DeviceToken(using: &generator)
    try await devices.insert(device, tokenHash: token.hash, at: clock.now)
    return .created(
      .init(
        headers: .init(Cache_hyphen_Control: "no-store"),
        body: .json(.init(device_id: device.description, token: token.value))))
  }

  func getNextEncouragement(
    _ input: Operations.getNextEncouragement.Input
  ) async throws -> Operations.getNextEncouragement.Output {
    let (id, device) = try await current()
    let translation = Translation(abbreviation: (input.query.translation ?? .BSB).rawValue) ?? .standard
    let next = try await nextEncouragement(for: id, device, in: translation)
    let body = Components.Schemas.NextResponse(
      shouldNotify: next.shouldNotify,
      payload: .init(
        id: next.payloadID, ref: next.card.ref, text: next.card.text, encouragement: next.card.encouragement,
        translation: .init(rawValue: next.card.label) ?? .BSB, expiresAt: next.expiresAt))
    return .ok(.init(headers: .init(Cache_hyphen_Control: "no-store"), body: .json(body)))
  }

  /// The device's encouragement for now, chosen (and stored) if it needs a new one; what both
  /// ``getNextEncouragement(_:)`` and ``FreshEncouragement`` answer with.
  func nextEncouragement(
    for id: IdempotencyID, _ device: WalkWorthyDevice, in translation: Translation
  ) async throws -> NextEncouragement {
    let now = clock.now
    let zone = Self.zone(device.timeZone)
    // Personal data is read only with the student's opt-in.
    let canvas = device.profile == nil ? nil : try await calendars.todayCanvas(of: id, device, now: now, zone: zone)
    let signals = EncouragementSelector.signals(
      personalized: device.profile != nil, canvas: canvas, now: now, timeZone: zone)
    var generator = random.generator
    var state = device.selection
    var selection = selector.next(after: state, signals: signals, now: now, using: &generator)
    // Two requests choosing at once: only one choice is stored and notifies; the other request
    // answers with it, quietly.
    while selection.isNew,
      try await !devices.replaceSelection(selection.state, ifHandedOut: state.handedOut, for: id, at: now)
    {
      guard let stored = try await devices.load(id) else { throw OrchardError.unauthorized }
      state = stored.selection
      selection = selector.next(after: state, signals: signals, now: now, using: &generator)
    }
    // Built from one card, so the text and its label cannot disagree.
    let card = VerseCard(selection.entry, in: translation)
    let current = selection.state.current
    return NextEncouragement(
      shouldNotify: selection.isNew, payloadID: current?.payloadID ?? card.id, card: card,
      expiresAt: current?.expiresAt ?? signals.expiry)
  }

  func getTodayCanvas(_ input: Operations.getTodayCanvas.Input) async throws -> Operations.getTodayCanvas.Output {
    let (id, device) = try await current()
    let canvas = try await calendars.todayCanvas(of: id, device, now: clock.now, zone: Self.zone(device.timeZone))
    return .ok(.init(body: .json(Self.wire(canvas))))
  }

  func linkCalendar(_ input: Operations.linkCalendar.Input) async throws -> Operations.linkCalendar.Output {
    let (id, device) = try await current()
    guard case .json(let link) = input.body else { throw OrchardError.badRequest("The body must be JSON.") }
    let url = try CalendarLinker.feedURL(link.url)
    let now = clock.now
    let zone = Self.zone(device.timeZone)
    let stored = try await calendars.link(url, for: id, device, now: now, zone: zone)
    let today = stored.todayCanvas(now: now, timeZone: zone)
    return .ok(
      .init(
        body: .json(
          .init(
            url: url.absoluteString, eventCount: stored.eventCount, skippedCount: stored.skippedCount,
            assignmentsToday: today.assignmentsToday.count, examsToday: today.examsToday.count))))
  }

  func unlinkCalendar(_ input: Operations.unlinkCalendar.Input) async throws -> Operations.unlinkCalendar.Output {
    let (id, _) = try await current()
    try await devices.saveCalendar(nil, nil, for: id, at: clock.now)
    return .noContent(.init())
  }

  func getSettings(_ input: Operations.getSettings.Input) async throws -> Operations.getSettings.Output {
    let (_, device) = try await current()
    return .ok(.init(body: .json(Self.settings(device))))
  }

  func updateSettings(_ input: Operations.updateSettings.Input) async throws -> Operations.updateSettings.Output {
    let (id, device) = try await current()
    guard case .json(let update) = input.body else { throw OrchardError.badRequest("The body must be JSON.") }
    var changed = device
    if let timeZone = update.timeZone {
      guard (try? TimeZone(ianaIdentifier: timeZone)) != nil else {
        throw OrchardError.badRequest(
          "timeZone must be an IANA time zone name such as America/Chicago.", code: "INVALID_TIME_ZONE")
      }
      changed.timeZone = timeZone
    }
    changed.useFakeCanvas = update.useFakeCanvas ?? device.useFakeCanvas
    try await devices.saveSettings(
      useFakeCanvas: changed.useFakeCanvas, timeZone: changed.timeZone, for: id, at: clock.now)
    return .ok(.init(body: .json(Self.settings(changed))))
  }

  func getProfile(_ input: Operations.getProfile.Input) async throws -> Operations.getProfile.Output {
    let (_, device) = try await current()
    guard let profile = device.profile else {
      throw OrchardError(
        status: .notFound, code: "NO_PROFILE", title: "No profile",
        detail: "This device has not shared a profile; it is kept only while personalisation is on.")
    }
    return .ok(.init(body: .json(Self.wire(profile))))
  }

  func putProfile(_ input: Operations.putProfile.Input) async throws -> Operations.putProfile.Output {
    let (id, _) = try await current()
    guard case .json(let upload) = input.body else { throw OrchardError.badRequest("The body must be JSON.") }
    let profile: Profile
    switch ProfileProblems.validate(upload) {
    case .success(let valid): profile = valid
    case .failure(let error):
      return .badRequest(.init(body: .application_problem_plus_json(ProfileProblems.problem(error))))
    }
    guard let stored = profile.uploadPayload else {
      // Opting out keeps nothing.
      try await devices.saveProfile(nil, for: id, at: clock.now)
      return .noContent(.init())
    }
    try await devices.saveProfile(stored, for: id, at: clock.now)
    return .ok(.init(body: .json(Self.wire(stored))))
  }

  func deleteProfile(_ input: Operations.deleteProfile.Input) async throws -> Operations.deleteProfile.Output {
    let (id, _) = try await current()
    try await devices.saveProfile(nil, for: id, at: clock.now)
    return .noContent(.init())
  }

  // MARK: - Helpers

  /// The device's token and stored state, or nil when the request names no known device.
  func device(bearing authorization: String?) async throws -> (IdempotencyID, WalkWorthyDevice)? {
    guard let token = DeviceToken.bearer(in: authorization), let id = try await devices.device(tokenHash: token.hash),
      let device = try await devices.load(id)
    else { return nil }
    return (id, device)
  }

  /// The request's device and what is stored for it.
  private func current() async throws -> (IdempotencyID, WalkWorthyDevice) {
    let id = try BearerAuthentication.device(or: .unauthorized)
    guard let device = try await devices.load(id) else { throw OrchardError.unauthorized }
    return (id, device)
  }

  /// The stored zone; it was checked when set, so only a zone a later database dropped falls back to UTC.
  static func zone(_ identifier: String) -> TimeZone {
    (try? TimeZone(ianaIdentifier: identifier)) ?? TimeZone(secondsFromGMT: 0)!
  }

  static func settings(_ device: WalkWorthyDevice) -> Components.Schemas.Settings {
    .init(
      useFakeCanvas: device.useFakeCanvas, timeZone: device.timeZone, calendarLinked: device.calendar != nil,
      personalizationOptIn: device.profile != nil)
  }

  static func wire(_ profile: ProfileUpload) -> Components.Schemas.Profile {
    .init(
      age: profile.age, major: profile.major, gender: profile.gender.flatMap { .init(rawValue: $0.rawValue) },
      hobbies: profile.hobbies, personalizationOptIn: true)
  }

  static func wire(_ canvas: TodayCanvas) -> Components.Schemas.TodayCanvas {
    .init(
      assignmentsToday: canvas.assignmentsToday.compactMap { assignment in
        assignment.dueDate.map { .init(title: assignment.title, due_at: $0, points: assignment.points) }
      },
      examsToday: canvas.examsToday.compactMap { exam in exam.date.map { .init(title: exam.title, when: $0) } })
  }
}

/// One answer to "what now?": the encouragement, in one translation, and whether it is new.
struct NextEncouragement: Sendable {
  let shouldNotify: Bool
  let payloadID: String
  let card: VerseCard
  let expiresAt: Date
}

extension OrchardError {
  /// WalkWorthy's 401: where its apps get a token.
  static let unauthorized = OrchardError.unauthorized(
    realm: "walkworthy",
    detail: "Send the device token from POST /walkworthy/api/v1/devices as Authorization: Bearer <token>.")
}
