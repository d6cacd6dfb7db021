import Crypto
import Foundation
import IdentityCore
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import Synchronization

/// Wrong passwords kept by key, outside the accounts' rows: at emails that have no account (so they
/// are answered exactly as an account would be, and an answer never says whether an account
/// exists), and from each client address at each account (``SignInThrottle``'s lock per address).
/// In memory on SQLite (one process); in PostgreSQL where several processes share it, so a guesser
/// spreading tries over servers meets one lock.
enum StrangerFailures: Sendable {
  case memory(InMemoryStrangerFailures)
  case shared(SharedStrangerFailures)

  /// The record of failures at `key` (the realm and the email as typed, normalised when it parses).
  func record(_ key: String) async throws -> FailureRecord {
    switch self {
    case .memory(let memory): memory.record(key)
    case .shared(let shared): try await shared.record(key)
    }
  }

  /// Records one more failure at `key`, as `change` (the core's lockout schedule) decides.
  func update(_ key: String, at now: Date, _ change: @Sendable (FailureRecord) -> FailureRecord) async throws {
    switch self {
    case .memory(let memory): memory.update(key, change)
    case .shared(let shared): try await shared.update(key, at: now, change)
    }
  }

  /// Forgets the failures at `key` (a right password from that address).
  func clear(_ key: String) async throws {
    switch self {
    case .memory(let memory): memory.clear(key)
    case .shared(let shared): try await shared.clear(key)
    }
  }
}

/// Bounded: past `capacity`, the oldest half is forgotten.
final class InMemoryStrangerFailures: Sendable {
  private let records: Mutex<[String: FailureRecord]>
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    records = Mutex([:])
  }

  func record(_ key: String) -> FailureRecord { records.withLock { $0[key] ?? .clear } }

  func clear(_ key: String) { _ = records.withLock { $0.removeValue(forKey: key) } }

  func update(_ key: String, _ change: (FailureRecord) -> FailureRecord) {
    records.withLock { records in
      if records[key] == nil, records.count >= capacity {
        let oldest = records.sorted { ($0.value.lastFailure ?? .distantPast) < ($1.value.lastFailure ?? .distantPast) }
        for (key, _) in oldest.prefix(capacity / 2) { records[key] = nil }
      }
      records[key] = change(records[key] ?? .clear)
    }
  }
}

/// The records in the `stranger_failures` table, named by the SHA-256 of the key (an email someone
/// typed that has no account is not kept). Each change is a compare-and-set on the row's version,
/// so two processes counting one failure each both count. Rows older than the schedule's memory
/// are dropped whenever a new one is written.
struct SharedStrangerFailures: Sendable {
  let database: any SQLDatabase
  /// ``LockoutSchedule/memory``: failures older than this are forgotten anyway.
  let memory: TimeInterval

  static let migration = Migration("identity-0003-stranger-failures") { database in
    try await database.create(table: "stranger_failures")
      .column("key_hash", type: .text, .primaryKey(autoIncrement: false))
      .column("failures", type: .bigint, .notNull)
      .column("last_failure_at", type: .epochSeconds)
      .column("locked_until", type: .epochSeconds)
      .column("version", type: .bigint, .notNull)
      .run()
    try await database.create(index: "stranger_failures_last").on("stranger_failures").column("last_failure_at").run()
  }

  struct Row: Decodable {
    let failures: Int64
    let last_failure_at: Double?
    let locked_until: Double?
    let version: Int64

    var record: FailureRecord {
      FailureRecord(
        count: Int(failures), lastFailure: last_failure_at.map(Date.init(timeIntervalSince1970:)),
        lockedUntil: locked_until.map(Date.init(timeIntervalSince1970:)))
    }
  }

  static func hash(_ key: String) -> String { Hex.lowercase(SHA256.hash(data: Array(key.utf8))) }

  func row(_ hash: String) async throws -> Row? {
    try await database.select().columns("failures", "last_failure_at", "locked_until", "version")
      .from("stranger_failures").where("key_hash", .equal, SQLBind(hash)).first(decoding: Row.self)
  }

  func record(_ key: String) async throws -> FailureRecord { try await row(Self.hash(key))?.record ?? .clear }

  func clear(_ key: String) async throws {
    try await database.delete(from: "stranger_failures").where("key_hash", .equal, SQLBind(Self.hash(key))).run()
  }

  func update(_ key: String, at now: Date, _ change: (FailureRecord) -> FailureRecord) async throws {
    let hash = Self.hash(key)
    for _ in 0..<8 {
      if let found = try await row(hash) {
        let next = change(found.record)
        let rows = try await database.update("stranger_failures")
          .set("failures", to: SQLBind(Int64(next.count)))
          .set("last_failure_at", to: SQLBind(next.lastFailure?.timeIntervalSince1970))
          .set("locked_until", to: SQLBind(next.lockedUntil?.timeIntervalSince1970))
          .set("version", to: SQLBind(found.version + 1))
          .where("key_hash", .equal, SQLBind(hash)).where("version", .equal, SQLBind(found.version))
          .returning("version").all()
        if !rows.isEmpty { return }
      } else {
        try await database.delete(from: "stranger_failures")
          .where("last_failure_at", .lessThan, SQLBind(now.timeIntervalSince1970 - memory)).run()
        let next = change(.clear)
        let rows = try await database.insert(into: "stranger_failures")
          .columns("key_hash", "failures", "last_failure_at", "locked_until", "version")
          .values(
            SQLBind(hash), SQLBind(Int64(next.count)), SQLBind(next.lastFailure?.timeIntervalSince1970),
            SQLBind(next.lockedUntil?.timeIntervalSince1970), SQLBind(Int64(1))
          )
          .ignoringConflicts(with: "key_hash").returning("version").all()
        if !rows.isEmpty { return }
      }
    }
    // Eight writers in a row beat this one to the row: the failure is counted by theirs.
  }
}
