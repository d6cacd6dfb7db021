import FaithJarCore
import Foundation
import OrchardKit
import SQLKit
import ServerKit
import Synchronization

/// What Faith Jar keeps for one web visitor: the app state the iOS app keeps on the phone, and the
/// web version's test store.
struct FaithJarRecord: Codable, Sendable, Equatable {
  var state = FaithJarState()
  var store = TestStoreLedger()
  /// How far a tester has moved this device's clock, in seconds. Read only when the server runs
  /// with test device clocks (never in production): see `FaithJarRoutes.now(for:)`.
  var clockShift: TimeInterval?
}

/// Storage of each device's Faith Jar record.
protocol FaithJarRepository: Sendable {
  func load(_ device: IdempotencyID) async throws -> FaithJarRecord
  func save(_ record: FaithJarRecord, for device: IdempotencyID, at now: Date) async throws
}

/// Records as JSON documents in `faith_jar_devices`, one row per device.
///
/// The record is small (a few kilobytes) and always read and written whole, so a document keeps
/// the rules in the core instead of spreading them over columns.
struct SQLFaithJarRepository: FaithJarRepository {
  let database: any SQLDatabase
  /// Whether other server processes may write these rows (a shared PostgreSQL database).
  let shared: Bool
  /// The last record read or written for each device, with its JSON. On a database only this
  /// process writes, a remembered record is the row itself and a page view needs no read at all.
  /// On a shared database the row is always read, and only an unchanged one skips decoding.
  let decoded = DecodedRecords(capacity: 50_000)

  func load(_ device: IdempotencyID) async throws -> FaithJarRecord {
    if !shared, let record = decoded.record(for: device) { return record }
    struct Row: Decodable { let record: String }
    let row: Row? = try await database.select().column("record").from("faith_jar_devices")
      .where("device_id", .equal, SQLBind(device.description)).first(decoding: Row.self)
    guard let row else { return FaithJarRecord() }
    if let record = decoded.record(for: device, json: row.record) { return record }
    // A record this build cannot read starts afresh rather than locking the visitor out.
    let record = (try? JSONDecoder().decode(FaithJarRecord.self, from: Data(row.record.utf8))) ?? FaithJarRecord()
    decoded.remember(record, json: row.record, for: device)
    return record
  }

  func save(_ record: FaithJarRecord, for device: IdempotencyID, at now: Date) async throws {
    let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
    try await database.insert(into: "faith_jar_devices")
      .columns("device_id", "record", "updated_at")
      .values(SQLBind(device.description), SQLBind(json), SQLBind(now.timeIntervalSince1970))
      .onConflict(with: ["device_id"]) {
        $0.set(excludedValueOf: "record").set(excludedValueOf: "updated_at")
      }
      .run()
    decoded.remember(record, json: json, for: device)
  }

  static let migration = Migration("faith-jar-0001-devices") { database in
    try await database.create(table: "faith_jar_devices")
      .column(
        "device_id", type: .text, .primaryKey(autoIncrement: false), .references("devices", "id", onDelete: .cascade)
      )
      .column("record", type: .text, .notNull)
      .column("updated_at", type: .real, .notNull)
      .run()
  }
}

/// Decoded records by device, each with the JSON it came from. When full it starts over.
final class DecodedRecords: Sendable {
  private let entries = Mutex<[IdempotencyID: (json: String, record: FaithJarRecord)]>([:])
  let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  func record(for device: IdempotencyID) -> FaithJarRecord? {
    entries.withLock { $0[device]?.record }
  }

  func record(for device: IdempotencyID, json: String) -> FaithJarRecord? {
    entries.withLock { $0[device] }.flatMap { $0.json == json ? $0.record : nil }
  }

  func remember(_ record: FaithJarRecord, json: String, for device: IdempotencyID) {
    entries.withLock { entries in
      if entries.count >= capacity, entries[device] == nil { entries.removeAll(keepingCapacity: true) }
      entries[device] = (json, record)
    }
  }
}
