import Foundation
import MIGACore
import OrchardKit
import SQLKit
import ServerKit

/// MIGA's one service, behind its web version and its JSON API alike: one table of devices, one
/// table of events, one library. Every step is load → `MIGACore` decides → save, and the events a
/// step records are stored in the same transaction as the state it moves to.
struct MIGAService: Sendable {
  let devices: DeviceStore<MIGAState>
  let events: any MIGAEventStore
  let library: LiveLibrary
  let clock: any WallClock
  let random: RandomSource
  /// Limits how many events one device stores (``RateRule/events``).
  let limiter: RateLimiter

  // MARK: Devices

  /// A new app install and its bearer token (shown once; only its hash is kept).
  func register() async throws -> NewInstall {
    try await devices.register(drawingFrom: random, at: clock.now)
  }

  func device(tokenHash: String) async throws -> IdempotencyID? {
    try await devices.device(tokenHash: tokenHash)
  }

  func state(of device: IdempotencyID) async throws -> MIGAState {
    try await devices.document(device)
  }

  // MARK: Events and stats

  /// Stores the events of `device` it does not have yet (an upload from the app's outbox), within
  /// the device's event rate: a flood is refused whole (429) before anything is written.
  func store(_ batch: [MIGAEvent], for device: IdempotencyID) async throws -> Set<IdempotencyID> {
    try limiter.check(.events, for: device.description, cost: Double(max(1, batch.count)))
    return try await events.store(batch, for: device, at: clock.now)
  }

  /// What the device keeps for pausing with no connection: the pause length and the next quotes.
  func offlinePlan(for state: MIGAState) async throws -> OfflineGateway.Plan {
    var generator = random.generator
    return OfflineGateway.plan(for: state, library: try await library.items(), using: &generator)
  }

  /// Records the steps of pauses the device took offline: the core replays them into events,
  /// which are stored as an upload's are (``store(_:for:)``), so a step sent again counts once.
  func recordOffline(
    _ steps: [OfflineGateway.Step], for device: IdempotencyID
  ) async throws -> (results: [(step: OfflineGateway.Step, result: OfflineGateway.Result)], stored: Set<IdempotencyID>)
  {
    let state = try await devices.document(device)
    var log = try await events.log(of: device)
    let results = try OfflineGateway.record(
      steps, state: state, library: try await library.items(), now: clock.now, log: &log)
    let recorded = results.flatMap { entry -> [MIGAEvent] in
      guard case .recorded(let events) = entry.result else { return [] }
      return events
    }
    return (results, recorded.isEmpty ? [] : try await store(recorded, for: device))
  }

  /// A page of the device's stored events after `cursor`, and the cursor after it. A cursor that
  /// names another device's event (or one erased) is refused.
  func events(
    of device: IdempotencyID, after cursor: EventCursor, limit: Int
  ) async throws -> (page: StoredEventPage, next: EventCursor) {
    let seq: Int64
    switch cursor {
    case .start: seq = 0
    case .legacy(let position): seq = position
    case .after(let event):
      guard let position = try await events.position(of: event, for: device) else { throw EventCursor.unknown }
      seq = position
    }
    let page = try await events.events(of: device, after: seq, limit: limit)
    return (page, page.events.last.map { .after($0.id) } ?? cursor)
  }

  /// The device's numbers, from its own log, with its own zone and day start: the same code for a
  /// browser's log and an app's uploaded backup.
  func stats(of device: IdempotencyID) async throws -> Stats {
    let state = try await devices.document(device)
    return try state.stats(log: try await events.log(of: device), now: clock.now)
  }

  // MARK: Changes

  /// One step of the core on the device's state and log, with this request's recorder and
  /// randomness: the new state and the events it recorded are saved together.
  @discardableResult
  func step<R: Sendable>(
    _ device: IdempotencyID,
    _ change: (inout MIGAState, inout EventLog, EventRecorder, inout SourceGenerator) throws -> R
  ) async throws -> R {
    let now = clock.now
    var generator = random.generator
    let outcome = try await devices.update(
      device, at: now,
      { state in
        var log = try await events.log(of: device)
        let recorded = log.events.count
        let recorder = EventRecorder(clock: FixedClock(now), boundary: try state.settings.boundary())
        let result = try change(&state, &log, recorder, &generator)
        return Recorded(result: result, events: Array(log.events.dropFirst(recorded)))
      },
      alongside: { [events] outcome, database in
        try await events.store(outcome.events, for: device, at: now, on: database)
      })
    return outcome.result
  }

  /// A change to the state alone (onboarding answers, settings).
  @discardableResult
  func change<R>(_ device: IdempotencyID, _ change: (inout MIGAState) throws -> R) async throws -> R {
    try await devices.update(device, at: clock.now) { state in try change(&state) }
  }

  /// Forgets the device's state and log.
  func erase(_ device: IdempotencyID) async throws {
    try await events.delete(of: device)
    try await devices.delete(device)
  }

  /// Everything kept for the device, to take away: its state and its log.
  func export(_ device: IdempotencyID) async throws -> MIGAExport {
    MIGAExport(state: try await devices.document(device), log: try await events.log(of: device))
  }

  /// What a step returns with the events it recorded.
  struct Recorded<R: Sendable>: Sendable {
    let result: R
    let events: [MIGAEvent]
  }
}

/// A device's data as the web version hands it over: the state's members and its `log`.
struct MIGAExport: Encodable {
  let state: MIGAState
  let log: EventLog

  private enum Keys: String, CodingKey { case log }

  func encode(to encoder: any Encoder) throws {
    try state.encode(to: encoder)
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(log, forKey: .log)
  }
}
