import OrchardKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a process remembers in front of the database: values by key, bounded, on the injected
/// clock. Every in-process cache of the server is one of these.
///
/// - **Bounded:** when `capacity` entries are held and a new key arrives, it starts over. A
///   forgotten entry costs one read, nothing more.
/// - **Fresh:** with a `maxAge`, an entry older than that (by the ``WallClock`` the server was
///   given, so tests move it) is gone.
/// - **Never stale after a write:** ``load(_:_:)`` keeps what it read only if no write or
///   revocation happened while it was reading, so a row read just before a write can never be
///   kept after it.
/// - **Revocation reaches every process:** ``forget(_:)`` drops the entry here at once and, on a
///   database other processes share, records the key in ``RevocationLog``; every cache of that
///   name in every process drops it at its next check (at most `revocations.checkEvery` later).
public final class Cache<Key: Hashable & Sendable & CustomStringConvertible, Value: Sendable>: Sendable {
  /// The cache's name: what revocations are recorded under, so the same cache in another process
  /// knows them as its own.
  public let name: String
  public let capacity: Int
  public let maxAge: TimeInterval?
  private let clock: any WallClock
  private let revocations: Revocations
  private let state = Mutex(State())

  private struct State {
    var entries: [Key: (value: Value, storedAt: Date)] = [:]
    /// Moves on with every write and every revocation applied; a load keeps its value only if it
    /// has not moved while the load was reading.
    var epoch = 0
    var revocationCursor: RevocationLog.Cursor?
  }

  public init(
    _ name: String, capacity: Int, maxAge: TimeInterval? = nil, clock: any WallClock,
    revocations: Revocations = .local
  ) {
    precondition(capacity > 0, "a cache holds at least one entry")
    self.name = name
    self.capacity = capacity
    self.maxAge = maxAge
    self.clock = clock
    self.revocations = revocations
  }

  /// The remembered value, if any, fresh and not revoked.
  public func value(for key: Key) async throws -> Value? {
    try await applyRevocations()
    let now = clock.now
    return state.withLock { state in
      guard let entry = state.entries[key] else { return nil }
      if let maxAge, now.timeIntervalSince(entry.storedAt) >= maxAge {
        state.entries[key] = nil
        return nil
      }
      return entry.value
    }
  }

  /// The remembered value, or what `read` returns, which is then remembered unless a write or a
  /// revocation happened while it was reading. Nil from `read` is not remembered.
  public func load(_ key: Key, _ read: () async throws -> Value?) async throws -> Value? {
    if let hit = try await value(for: key) { return hit }
    let epoch = state.withLock { $0.epoch }
    guard let value = try await read() else { return nil }
    keep(value, for: key, ifStillAt: epoch)
    return value
  }

  /// The remembered value, or what `read` returns, remembered as ``load(_:_:)`` would.
  public func fetch(_ key: Key, _ read: () async throws -> Value) async throws -> Value {
    if let hit = try await value(for: key) { return hit }
    let epoch = state.withLock { $0.epoch }
    let value = try await read()
    keep(value, for: key, ifStillAt: epoch)
    return value
  }

  private func keep(_ value: Value, for key: Key, ifStillAt epoch: Int) {
    let now = clock.now
    state.withLock { state in
      guard state.epoch == epoch else { return }
      Self.insert(value, for: key, at: now, into: &state, capacity: capacity)
    }
  }

  /// Remembers `value` as the truth for `key`: call it after a write that made it so.
  public func store(_ value: Value, for key: Key) {
    let now = clock.now
    state.withLock { state in
      state.epoch += 1
      Self.insert(value, for: key, at: now, into: &state, capacity: capacity)
    }
  }

  /// Changes the remembered value in place, if there is one: for a write whose outcome the
  /// writer knows exactly (a compare-and-set that succeeded).
  public func update(_ key: Key, _ change: (inout Value) -> Void) {
    let now = clock.now
    state.withLock { state in
      state.epoch += 1
      guard var entry = state.entries[key] else { return }
      change(&entry.value)
      state.entries[key] = (entry.value, now)
    }
  }

  /// Drops `key` here and, on a shared database, in every other process.
  public func forget(_ key: Key) async throws {
    drop(key)
    if case .shared(let log, _) = revocations {
      try await log.publish(cache: name, key: key.description, at: clock.now)
    }
  }

  /// Drops `key` in this process only: after a write another process cannot have cached anyway.
  public func drop(_ key: Key) {
    state.withLock { state in
      state.epoch += 1
      state.entries[key] = nil
    }
  }

  /// How many entries are held (for tests and metrics).
  public var count: Int { state.withLock { $0.entries.count } }

  private static func insert(
    _ value: Value, for key: Key, at now: Date, into state: inout State, capacity: Int
  ) {
    if state.entries.count >= capacity, state.entries[key] == nil { state.entries.removeAll(keepingCapacity: true) }
    state.entries[key] = (value, now)
  }

  /// Reads the revocation log when the last read is older than `checkEvery`, and drops what it
  /// names (everything, when this cache was idle for longer than the log keeps its rows).
  private func applyRevocations() async throws {
    guard case .shared(let log, let checkEvery) = revocations else { return }
    let now = clock.now
    let cursor = state.withLock { $0.revocationCursor }
    if let cursor, now.timeIntervalSince(cursor.checkedAt) < checkEvery { return }
    let (keys, next) = try await log.revoked(cache: name, after: cursor, at: now)
    state.withLock { state in
      state.revocationCursor = next
      if next.lostTrack {
        state.entries.removeAll(keepingCapacity: true)
        state.epoch += 1
      } else if !keys.isEmpty {
        // Any revocation of this cache stops loads in flight from keeping what they read.
        state.epoch += 1
        for key in state.entries.keys where keys.contains(key.description) { state.entries[key] = nil }
      }
    }
  }
}

/// How a cache learns of entries forgotten by other processes.
public enum Revocations: Sendable {
  /// This process is the database's only writer (SQLite): forgetting is local and immediate.
  case local
  /// Other processes share the database (PostgreSQL): forgetting is recorded in the log, and the
  /// log is read at most once every `checkEvery` seconds.
  case shared(RevocationLog, checkEvery: TimeInterval)

  /// What suits `database`: the log when it is shared, local otherwise.
  public static func `for`(_ database: Database, checkEvery: TimeInterval = 1) -> Revocations {
    database.isShared ? .shared(RevocationLog(database: database.sql), checkEvery: checkEvery) : .local
  }
}
