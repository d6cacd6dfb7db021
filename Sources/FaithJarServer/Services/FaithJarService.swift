import FaithJarCore
import Foundation
import OrchardKit
import ServerKit

/// Faith Jar's one service: every page and every JSON answer goes through it, and each of its
/// operations is load → the core decides → save.
struct FaithJarService: Sendable {
  let library: VerseLibrary
  let devices: DeviceStore<FaithJarDevice>
  let clock: any WallClock
  let random: RandomSource
  /// Whether visitors may move their device's clock (tests only; the configuration refuses it off
  /// loopback).
  let testDeviceClock: Bool

  /// One request's view of a device: what it keeps, its time, and the access that gives. Reading
  /// never writes: the trial's clock moves forward only when the visitor does something.
  struct Visit: Sendable {
    let device: FaithJarDevice
    let now: Date
    let access: AccessState
  }

  func visit(_ id: IdempotencyID) async throws -> Visit {
    let device = try await devices.document(id)
    let now = device.now(clock.now, shiftsAllowed: testDeviceClock)
    return Visit(device: device, now: now, access: device.access(at: now))
  }

  /// Loads, changes at the device's own time, saves (a compare-and-set, asked again if another
  /// request changed the device first).
  @discardableResult
  func update<R>(_ id: IdempotencyID, _ change: (inout FaithJarDevice, Date) throws -> R) async throws -> R {
    let serverNow = clock.now
    return try await devices.update(id, at: serverNow) { device in
      try change(&device, device.now(serverNow, shiftsAllowed: testDeviceClock))
    }
  }

  func completeOnboarding(_ id: IdempotencyID) async throws {
    try await update(id) { device, now in
      device.state.onboardingCompleted = true
      device.state.launch(at: now)
    }
  }

  /// Deals the feeling's next verse; false (and nothing changes) when access has ended.
  func draw(_ emotion: Emotion, for id: IdempotencyID) async throws -> Bool {
    var generator = random.generator
    return try await update(id) { device, now in
      guard device.access(at: now).grantsAccess else { return false }
      device.state.launch(at: now)
      device.state.drawVerse(for: emotion, from: library, using: &generator)
      return true
    }
  }

  /// A test-store purchase and what it changed; nil when the store is out (nothing is charged or
  /// changed).
  func purchase(_ plan: Plan, for id: IdempotencyID) async throws -> PlanChange? {
    try await update(id) { device, now in try? device.purchase(plan, at: now) }
  }

  func restore(for id: IdempotencyID) async throws -> RestoreOutcome {
    let visit = try await visit(id)
    return visit.device.restore(at: visit.now)
  }

  func moveClock(_ move: DeviceClockMove, for id: IdempotencyID) async throws {
    let serverNow = clock.now
    try await update(id) { device, _ in device.moveClock(move, serverNow: serverNow) }
  }

  /// This device's next verses for every feeling, in its translation, for reading offline; nil
  /// when access has ended.
  func offlineVerses(for id: IdempotencyID) async throws -> OfflineVerses? {
    let visit = try await visit(id)
    guard visit.access.grantsAccess else { return nil }
    var generator = random.generator
    let state = visit.device.state
    return OfflineVerses(
      translation: state.translation, shown: state.shown,
      queue: state.offlineQueue(from: library, using: &generator))
  }

  /// What the device read while offline: the decks carry on after those verses.
  func recordOfflineReads(_ reads: [Emotion: [String]], for id: IdempotencyID) async throws {
    var generator = random.generator
    try await update(id) { device, _ in
      device.state.recordOfflineReads(reads, from: library, using: &generator)
    }
  }
}

/// What a device keeps for reading offline.
struct OfflineVerses: Sendable {
  let translation: Translation
  /// The verse on screen for each feeling.
  let shown: [Emotion: String]
  /// The verses in the order the deck will deal them.
  let queue: [Emotion: [Verse]]
}
