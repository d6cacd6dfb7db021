import Foundation
import Logging
import OrchardKit
import SQLKit
import ServerKit
import WalkWorthyCore

/// WalkWorthy's one service, behind its JSON API and its web version alike: one table of devices,
/// one of linked feeds' events. Every operation is load → `WalkWorthyCore` decides → save, each
/// save a compare-and-set.
struct WalkWorthyService: Sendable {
  let devices: DeviceStore<WalkWorthyDevice>
  let calendars: StoredCalendars
  let selector: EncouragementSelector
  let fetcher: any CalendarFeedFetcher
  /// The app's flags (the spec's defaults: fake Canvas on, local notifications).
  let config: Config
  let clock: any WallClock
  let random: RandomSource
  /// Limits the feeds fetched for one device and from one address (``RateRule/outboundFetches``).
  let limiter: RateLimiter
  let logger: Logger

  // MARK: Devices

  /// A new app install and its bearer token (shown once; only its hash is kept).
  func register() async throws -> NewInstall {
    try await devices.register(drawingFrom: random, at: clock.now)
  }

  func device(tokenHash: String) async throws -> IdempotencyID? {
    try await devices.device(tokenHash: tokenHash)
  }

  /// What is kept for the device (a fresh device's defaults when nothing is yet).
  func device(_ id: IdempotencyID) async throws -> WalkWorthyDevice {
    try await devices.document(id)
  }

  /// Loads, changes, saves: a compare-and-set, asked again if another request changed the device
  /// first.
  @discardableResult
  func change<R>(_ id: IdempotencyID, _ change: (inout WalkWorthyDevice) async throws -> R) async throws -> R {
    try await devices.update(id, at: clock.now, change)
  }

  // MARK: Encouragements

  /// The device's encouragement for `now`, chosen (and kept) when it needs a new one. Two requests
  /// choosing at once store one choice: the one that loses its compare-and-set asks the selector
  /// again, which then keeps the stored choice, so only one answer notifies.
  func nextEncouragement(
    for id: IdempotencyID, in translation: Translation, at now: Date? = nil
  ) async throws -> NextEncouragement {
    let now = now ?? clock.now
    let device = try await devices.document(id)
    // Personal data is read only with the student's opt-in.
    let canvas = device.isPersonalized ? try await todayCanvas(of: id, device, now: now) : nil
    let signals = device.signals(canvas: canvas, now: now)
    var generator = random.generator
    let selection = try await devices.update(id, at: now) { device in
      let selection = selector.next(after: device.selection, signals: signals, now: now, using: &generator)
      device.selection = selection.state
      return selection
    }
    // Built from one card, so the text and its label cannot disagree.
    let card = VerseCard(selection.entry, in: translation)
    let current = selection.state.current
    return NextEncouragement(
      shouldNotify: selection.isNew, payloadID: current?.payloadID ?? card.id, card: card,
      expiresAt: current?.expiresAt ?? signals.expiry)
  }

  // MARK: Canvas

  /// Today's canvas for the device: the fake one, its linked feed's, or an empty one. A stored feed
  /// older than an hour is read again; one that fails for now keeps serving its last good copy.
  func todayCanvas(of id: IdempotencyID, _ device: WalkWorthyDevice, now: Date) async throws -> TodayCanvas {
    let zone = device.zone
    if device.usesFakeCanvas(config) { return FakeCanvas.today(now: now, timeZone: zone) }
    guard let link = device.calendar else { return .empty }
    if link.needsRefresh(at: now), let url = URL(string: link.url) {
      do {
        return try await store(url, for: id, now: now).todayCanvas(now: now, timeZone: zone)
      } catch let error as OrchardError {
        logger.notice("calendar refresh failed", metadata: ["code": "\(error.code)"])
      }
    }
    return try await calendars.calendar(of: id)?.todayCanvas(now: now, timeZone: zone) ?? .empty
  }

  /// Fetches and reads `url`, then links it in place of the fake Canvas. Any failure throws before
  /// anything is stored. Every attempt counts against the device and the address it came from,
  /// so the link cannot be used to probe addresses without end.
  func link(
    _ url: URL, for id: IdempotencyID, from address: String
  ) async throws -> (StoredCalendar, WalkWorthyDevice) {
    try limiter.check(.outboundFetches, for: "device:" + id.description)
    try limiter.check(.outboundFetches, for: "address:" + address)
    let now = clock.now
    let calendar = try await store(url, for: id, now: now) { device in device.fakeCanvas = false }
    return (calendar, try await devices.document(id))
  }

  /// Forgets the device: its settings, its profile, its linked calendar and the calendar's events.
  /// The calendar goes first, so a failure part-way leaves a device that can be erased again.
  func erase(_ id: IdempotencyID) async throws {
    try await calendars.delete(of: id, on: calendars.database)
    try await devices.delete(id)
  }

  func unlink(_ id: IdempotencyID) async throws {
    try await devices.update(
      id, at: clock.now, { device in device.calendar = nil },
      alongside: { [calendars] _, database in try await calendars.delete(of: id, on: database) })
  }

  /// Reads the feed and stores its events with the link, in one transaction.
  @discardableResult
  private func store(
    _ url: URL, for id: IdempotencyID, now: Date, _ also: (inout WalkWorthyDevice) -> Void = { _ in }
  ) async throws -> StoredCalendar {
    let zone = try await devices.document(id).zone
    let calendar = try await CalendarFeeds.read(url, with: fetcher, now: now, zone: zone)
    try await devices.update(
      id, at: now,
      { device in
        device.calendar = CalendarLink(url: url.absoluteString, fetchedAt: now)
        also(&device)
      },
      alongside: { [calendars] _, database in try await calendars.save(calendar, of: id, at: now, on: database) })
    return calendar
  }

  // MARK: The web version's source of encouragements

  /// Where the web version's encouragements come from for this device: the spec's mock answers,
  /// or (live) this very service, exactly as an app install gets them through the API.
  func api(for id: IdempotencyID, mode: APIMode, at now: Date) -> any EncouragementAPI {
    switch mode {
    case .mock: MockAPIClient()
    case .live: InProcessAPI(service: self, device: id, now: now)
    }
  }
}

/// One answer to "what now?": the encouragement, in one translation, and whether it is new.
struct NextEncouragement: Sendable {
  let shouldNotify: Bool
  let payloadID: String
  let card: VerseCard
  let expiresAt: Date

  /// As the spec's API client reads it.
  var response: NextResponse {
    NextResponse(
      shouldNotify: shouldNotify,
      payload: EncouragementPayload(
        id: payloadID, ref: card.ref, text: card.text, encouragement: card.encouragement, translation: card.label,
        expiresAt: WireTimestamp.format(expiresAt, precision: .seconds)))
  }
}

/// ``EncouragementAPI`` answered by the service itself, for one device: what the web version runs
/// on in live mode, the same selection the JSON API serves.
struct InProcessAPI: EncouragementAPI {
  let service: WalkWorthyService
  let device: IdempotencyID
  let now: Date

  func fetchNext() async throws -> NextResponse {
    try await service.nextEncouragement(for: device, in: .standard, at: now).response
  }

  func fetchTodayCanvas() async throws -> TodayCanvas {
    try await service.todayCanvas(of: device, try await service.device(device), now: now)
  }
}

extension TodayCanvas {
  static let empty = TodayCanvas(assignmentsToday: [], examsToday: [])
}
