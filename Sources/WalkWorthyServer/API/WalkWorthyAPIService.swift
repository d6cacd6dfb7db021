import Foundation
import OpenAPIRuntime
import OrchardKit
import ServerKit
import WalkWorthyAPI
import WalkWorthyCore

/// WalkWorthy's JSON API (`openapi.yaml` in WalkWorthyAPI): the handlers the generated protocol
/// asks for, each turning the contract's types into a call of ``WalkWorthyService`` and back. The
/// device of every call but `createDevice` comes from ``BearerAuthentication``, never from the
/// request's fields.
struct WalkWorthyAPIService: APIProtocol {
  let service: WalkWorthyService

  func createDevice(_ input: Operations.createDevice.Input) async throws -> Operations.createDevice.Output {
    let install = try await service.register()
    let credentials = Components.Schemas.DeviceCredentials(
      device_id: install.device.description, token: install.token.value)
    return .created(.init(headers: .init(Cache_hyphen_Control: CachePolicy.personal), body: .json(credentials)))
  }

  func deleteDevice(_ input: Operations.deleteDevice.Input) async throws -> Operations.deleteDevice.Output {
    try await service.erase(try BearerAuthentication.device(or: .unauthorized))
    return .noContent(.init(headers: .init(Cache_hyphen_Control: CachePolicy.personal)))
  }

  func getNextEncouragement(
    _ input: Operations.getNextEncouragement.Input
  ) async throws -> Operations.getNextEncouragement.Output {
    let id = try BearerAuthentication.device(or: .unauthorized)
    let translation = Translation(abbreviation: (input.query.translation ?? .BSB).rawValue) ?? .standard
    let next = try await service.nextEncouragement(for: id, in: translation)
    let body = Components.Schemas.NextResponse(
      shouldNotify: next.shouldNotify,
      payload: .init(
        id: next.payloadID, ref: next.card.ref, text: next.card.text, encouragement: next.card.encouragement,
        translation: .init(rawValue: next.card.label) ?? .BSB, expiresAt: next.expiresAt))
    return .ok(.init(headers: .init(Cache_hyphen_Control: CachePolicy.personal), body: .json(body)))
  }

  func getTodayCanvas(_ input: Operations.getTodayCanvas.Input) async throws -> Operations.getTodayCanvas.Output {
    let (id, device) = try await current()
    let canvas = try await service.todayCanvas(of: id, device, now: service.clock.now)
    return .ok(.init(body: .json(Self.wire(canvas))))
  }

  func linkCalendar(_ input: Operations.linkCalendar.Input) async throws -> Operations.linkCalendar.Output {
    let (id, _) = try await current()
    guard case .json(let link) = input.body else { throw OrchardError.badRequest("The body must be JSON.") }
    let url = try CalendarFeeds.feedURL(link.url)
    let (stored, device) = try await service.link(url, for: id, from: ClientAddressMiddleware.current)
    let today = stored.todayCanvas(now: service.clock.now, timeZone: device.zone)
    return .ok(
      .init(
        body: .json(
          .init(
            url: url.absoluteString, eventCount: stored.eventCount, skippedCount: stored.skippedCount,
            assignmentsToday: today.assignmentsToday.count, examsToday: today.examsToday.count))))
  }

  func unlinkCalendar(_ input: Operations.unlinkCalendar.Input) async throws -> Operations.unlinkCalendar.Output {
    let (id, _) = try await current()
    try await service.unlink(id)
    return .noContent(.init())
  }

  func getSettings(_ input: Operations.getSettings.Input) async throws -> Operations.getSettings.Output {
    let (_, device) = try await current()
    return .ok(.init(body: .json(settings(device))))
  }

  func updateSettings(_ input: Operations.updateSettings.Input) async throws -> Operations.updateSettings.Output {
    let (id, _) = try await current()
    guard case .json(let update) = input.body else { throw OrchardError.badRequest("The body must be JSON.") }
    let zone = try update.timeZone.map { name throws(OrchardError) in
      guard let zone = try? IANAZone(name) else {
        throw OrchardError.badRequest(
          "timeZone must be an IANA time zone name such as America/Chicago.", code: "INVALID_TIME_ZONE")
      }
      return zone
    }
    let changed = try await service.change(id) { device in
      if let zone { device.setZone(zone) }
      if let fake = update.useFakeCanvas { device.fakeCanvas = fake }
      return device
    }
    return .ok(.init(body: .json(settings(changed))))
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
    let shared = try await service.change(id) { device in
      device.share(profile)
      return device.profile
    }
    // Opting out keeps nothing.
    guard let shared else { return .noContent(.init()) }
    return .ok(.init(body: .json(Self.wire(shared))))
  }

  func deleteProfile(_ input: Operations.deleteProfile.Input) async throws -> Operations.deleteProfile.Output {
    let (id, _) = try await current()
    try await service.change(id) { device in device.unshareProfile() }
    return .noContent(.init())
  }

  // MARK: - Helpers

  /// The request's device and what is stored for it.
  private func current() async throws -> (IdempotencyID, WalkWorthyDevice) {
    let id = try BearerAuthentication.device(or: .unauthorized)
    return (id, try await service.device(id))
  }

  func settings(_ device: WalkWorthyDevice) -> Components.Schemas.Settings {
    .init(
      useFakeCanvas: device.usesFakeCanvas(service.config), timeZone: device.timeZone,
      calendarLinked: device.calendar != nil, personalizationOptIn: device.isPersonalized)
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

extension OrchardError {
  /// WalkWorthy's 401: where its apps get a token.
  static let unauthorized = OrchardError.unauthorized(
    realm: "walkworthy",
    detail: "Send the device token from POST /walkworthy/api/v1/devices as Authorization: Bearer <token>.")
}
