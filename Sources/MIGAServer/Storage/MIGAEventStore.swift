import Foundation
import MIGACore
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit

/// One page of a device's stored events.
public struct StoredEventPage: Sendable, Equatable {
  public let events: [MIGAEvent]
  /// The position after the last event of the page (the request's own position when it is empty).
  public let lastSeq: Int64
  public let hasMore: Bool
}

/// Every device's event log: the web version's own (the server is its device), and the backup an
/// app install uploads of the log it keeps on the phone.
public protocol MIGAEventStore: Sendable {
  /// Stores the events of `device` that it does not have yet; returns the ids stored now.
  @discardableResult
  func store(_ events: [MIGAEvent], for device: IdempotencyID, at now: Date) async throws -> Set<IdempotencyID>
  /// The same, inside the transaction `database` is in.
  @discardableResult
  func store(
    _ events: [MIGAEvent], for device: IdempotencyID, at now: Date, on database: any SQLDatabase
  ) async throws -> Set<IdempotencyID>
  /// The device's events received after `seq`, oldest first.
  func events(of device: IdempotencyID, after seq: Int64, limit: Int) async throws -> StoredEventPage
  /// Where the device's event `event` sits in the order of arrival; nil if the device has no such
  /// event (another device's, or one erased).
  func position(of event: IdempotencyID, for device: IdempotencyID) async throws -> Int64?
  /// The device's whole log, in the order it was recorded.
  func log(of device: IdempotencyID) async throws -> EventLog
  /// Forgets every event of the device.
  func delete(of device: IdempotencyID) async throws
}

/// Events in `miga_events`, unique on (device, event id), numbered in the order they arrive.
///
/// A batch is one multi-row `INSERT … ON CONFLICT DO NOTHING RETURNING event_id`: one statement
/// (so one transaction) that stores the new events and names them, so the duplicates are the rest
/// — exact even when the same batch arrives twice at once on two servers.
public struct SQLMIGAEventStore: MIGAEventStore {
  let database: any SQLDatabase
  /// Rows per statement: 8 values each keeps a full batch of 500 in one statement, below
  /// PostgreSQL's 65,535 and SQLite's 32,766 bound parameters.
  static let rowsPerStatement = 500

  public init(database: any SQLDatabase) { self.database = database }

  @discardableResult
  public func store(
    _ events: [MIGAEvent], for device: IdempotencyID, at now: Date
  ) async throws -> Set<IdempotencyID> {
    try await store(events, for: device, at: now, on: database)
  }

  @discardableResult
  public func store(
    _ events: [MIGAEvent], for device: IdempotencyID, at now: Date, on database: any SQLDatabase
  ) async throws -> Set<IdempotencyID> {
    guard !events.isEmpty else { return [] }
    let encoder = JSONEncoder()
    let deviceID = SQLBind(device.description)
    let received = SQLBind(now.milliseconds)
    var stored = Set<IdempotencyID>()
    for start in stride(from: 0, to: events.count, by: Self.rowsPerStatement) {
      let insert = database.insert(into: "miga_events")
        .columns("device_id", "event_id", "kind", "occurred_at", "local_day", "event", "received_at")
      for event in events[start..<min(start + Self.rowsPerStatement, events.count)] {
        let json = String(decoding: try encoder.encode(event), as: UTF8.self)
        insert.values([
          deviceID, SQLBind(event.id.description), SQLBind(event.kind.rawValue),
          SQLBind(event.occurredAt.milliseconds), SQLBind(event.localDay.description), SQLBind(json), received,
        ])
      }
      struct Row: Decodable { let event_id: String }
      let rows: [Row] = try await insert.ignoringConflicts(with: ["device_id", "event_id"])
        .returning("event_id").all(decoding: Row.self)
      stored.formUnion(rows.compactMap { IdempotencyID($0.event_id) })
    }
    return stored
  }

  public func events(of device: IdempotencyID, after seq: Int64, limit: Int) async throws -> StoredEventPage {
    struct Row: Decodable {
      let seq: Int64
      let event: String
    }
    let rows: [Row] = try await database.select().columns("seq", "event").from("miga_events")
      .where("device_id", .equal, SQLBind(device.description))
      .where("seq", .greaterThan, SQLBind(seq))
      .orderBy("seq").limit(limit + 1)
      .all(decoding: Row.self)
    let page = rows.prefix(limit)
    let decoder = JSONDecoder()
    return StoredEventPage(
      events: try page.map { try decoder.decode(MIGAEvent.self, from: Data($0.event.utf8)) },
      lastSeq: page.last?.seq ?? seq, hasMore: rows.count > limit)
  }

  public func position(of event: IdempotencyID, for device: IdempotencyID) async throws -> Int64? {
    struct Row: Decodable { let seq: Int64 }
    return try await database.select().column("seq").from("miga_events")
      .where("device_id", .equal, SQLBind(device.description)).where("event_id", .equal, SQLBind(event.description))
      .first(decoding: Row.self)?.seq
  }

  public func log(of device: IdempotencyID) async throws -> EventLog {
    struct Row: Decodable { let event: String }
    let rows: [Row] = try await database.select().column("event").from("miga_events")
      .where("device_id", .equal, SQLBind(device.description)).orderBy("seq")
      .all(decoding: Row.self)
    let decoder = JSONDecoder()
    return EventLog(try rows.map { try decoder.decode(MIGAEvent.self, from: Data($0.event.utf8)) })
  }

  public func delete(of device: IdempotencyID) async throws {
    try await database.delete(from: "miga_events").where("device_id", .equal, SQLBind(device.description)).run()
  }

  /// `seq` numbers rows in arrival order across all devices (SQLite's rowid, a PostgreSQL
  /// identity); each device pages through its own rows with the (device_id, seq) index.
  static let migration = Migration("miga-0003-events") { database in
    try await database.create(table: "miga_events")
      .column("seq", type: .bigint, .primaryKey(autoIncrement: true))
      .column("device_id", type: .text, .notNull)
      .column("event_id", type: .text, .notNull)
      .column("kind", type: .text, .notNull)
      .column("occurred_at", type: .bigint, .notNull)
      .column("local_day", type: .text, .notNull)
      .column("event", type: .text, .notNull)
      .column("received_at", type: .bigint, .notNull)
      .unique("device_id", "event_id")
      .run()
    try await database.create(index: "miga_events_by_device").on("miga_events").column("device_id").column("seq")
      .run()
  }
}
