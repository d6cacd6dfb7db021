import Foundation
import OrchardKit
import Synchronization
import WalkWorthyCore

/// WalkWorthy's devices, remembered in memory in front of their SQL rows, for a database only this
/// process writes (SQLite; ``Database/isShared`` is false). A remembered device *is* its row, so
/// asking for the next encouragement reads nothing.
///
/// Every write goes to the database first. A compare-and-set of the selection that succeeds
/// updates the remembered device in place; any other write forgets it, so the next load reads the
/// row. Each write also moves an epoch on, and a load remembers what it read only if no write
/// happened while it was reading, so a row read just before a write can never be kept after it.
/// When full, it starts over.
final class RememberedDevices: WalkWorthyDeviceRepository {
  private struct State {
    var devices: [IdempotencyID: WalkWorthyDevice] = [:]
    var epoch = 0
  }

  private let stored: any WalkWorthyDeviceRepository
  private let state = Mutex(State())
  let capacity: Int

  init(_ stored: any WalkWorthyDeviceRepository, capacity: Int = 50_000) {
    self.stored = stored
    self.capacity = capacity
  }

  func insert(_ device: IdempotencyID, tokenHash: String, at now: Date) async throws {
    try await stored.insert(device, tokenHash: tokenHash, at: now)
  }

  func device(tokenHash: String) async throws -> IdempotencyID? {
    try await stored.device(tokenHash: tokenHash)
  }

  func load(_ id: IdempotencyID) async throws -> WalkWorthyDevice? {
    let (remembered, epoch) = state.withLock { ($0.devices[id], $0.epoch) }
    if let remembered { return remembered }
    guard let device = try await stored.load(id) else { return nil }
    state.withLock { state in
      guard state.epoch == epoch else { return }
      if state.devices.count >= capacity { state.devices.removeAll(keepingCapacity: true) }
      state.devices[id] = device
    }
    return device
  }

  func saveProfile(_ profile: ProfileUpload?, for device: IdempotencyID, at now: Date) async throws {
    try await written(device) { try await stored.saveProfile(profile, for: device, at: now) }
  }

  func saveSettings(useFakeCanvas: Bool, timeZone: String, for device: IdempotencyID, at now: Date) async throws {
    try await written(device) {
      try await stored.saveSettings(useFakeCanvas: useFakeCanvas, timeZone: timeZone, for: device, at: now)
    }
  }

  func replaceSelection(
    _ selection: SelectionState, ifHandedOut previous: Int, for device: IdempotencyID, at now: Date
  ) async throws -> Bool {
    let replaced = try await stored.replaceSelection(selection, ifHandedOut: previous, for: device, at: now)
    state.withLock { state in
      state.epoch += 1
      // Only the one request whose compare-and-set won may move the remembered selection on, and
      // only from the selection it replaced; anything else is read again.
      if replaced, state.devices[device]?.selection.handedOut == previous {
        state.devices[device]?.selection = selection
      } else {
        state.devices[device] = nil
      }
    }
    return replaced
  }

  func calendar(of device: IdempotencyID) async throws -> StoredCalendar? {
    try await stored.calendar(of: device)
  }

  func saveCalendar(
    _ link: CalendarLink?, _ calendar: StoredCalendar?, for device: IdempotencyID, at now: Date
  ) async throws {
    try await written(device) { try await stored.saveCalendar(link, calendar, for: device, at: now) }
  }

  /// Runs a write, then forgets the device (also when the write failed part-way).
  private func written(_ device: IdempotencyID, _ write: () async throws -> Void) async throws {
    defer {
      state.withLock { state in
        state.epoch += 1
        state.devices[device] = nil
      }
    }
    try await write()
  }
}
