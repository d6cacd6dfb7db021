import Foundation
import OrchardKit
import SQLKit
import Synchronization

/// One JSON document per device in a table of its own: how an app's web version keeps what the
/// iOS app keeps on the phone. The document is small and always read and written whole, so the
/// rules stay in the app's core instead of spreading over columns.
///
/// The last document read or written for each device is remembered with its JSON. On a database
/// only this process writes (``Database/isShared`` is false), a remembered document is the row
/// itself and a page view needs no read at all. On a shared database the row is always read, and
/// only an unchanged one skips decoding.
public struct DeviceDocuments<Document: Codable & Sendable>: Sendable {
  public let table: String
  private let database: any SQLDatabase
  private let shared: Bool
  private let remembered: RememberedDocuments<Document>

  public init(database: any SQLDatabase, shared: Bool, table: String, capacity: Int = 50_000) {
    self.database = database
    self.shared = shared
    self.table = table
    self.remembered = RememberedDocuments(capacity: capacity)
  }

  /// The device's document, or nil when it has none — or one this build cannot read, so the
  /// visitor starts afresh rather than being locked out.
  public func load(_ device: IdempotencyID) async throws -> Document? {
    if !shared, let document = remembered.document(for: device) { return document }
    let row: DocumentRow? = try await database.select().column("record").from(table)
      .where("device_id", .equal, SQLBind(device.description)).first(decoding: DocumentRow.self)
    guard let row else { return nil }
    if let document = remembered.document(for: device, json: row.record) { return document }
    guard let document = try? JSONDecoder().decode(Document.self, from: Data(row.record.utf8)) else { return nil }
    remembered.remember(document, json: row.record, for: device)
    return document
  }

  public func save(_ document: Document, for device: IdempotencyID, at now: Date) async throws {
    let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
    try await database.insert(into: table)
      .columns("device_id", "record", "updated_at")
      .values(SQLBind(device.description), SQLBind(json), SQLBind(now.timeIntervalSince1970))
      .onConflict(with: ["device_id"]) {
        $0.set(excludedValueOf: "record").set(excludedValueOf: "updated_at")
      }
      .run()
    remembered.remember(document, json: json, for: device)
  }

  /// Forgets the device's document entirely.
  public func delete(_ device: IdempotencyID) async throws {
    try await database.delete(from: table).where("device_id", .equal, SQLBind(device.description)).run()
    remembered.forget(device)
  }

  /// Creates the table: one row per device, removed with the device.
  public static func migration(_ name: String, table: String) -> Migration {
    Migration(name) { database in
      try await database.create(table: table)
        .column(
          "device_id", type: .text, .primaryKey(autoIncrement: false),
          .references("devices", "id", onDelete: .cascade)
        )
        .column("record", type: .text, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
    }
  }
}

private struct DocumentRow: Decodable { let record: String }

/// Documents by device, each with the JSON it came from. When full it starts over.
final class RememberedDocuments<Document: Sendable>: Sendable {
  private let entries = Mutex<[IdempotencyID: (json: String, document: Document)]>([:])
  let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  func document(for device: IdempotencyID) -> Document? {
    entries.withLock { $0[device]?.document }
  }

  func document(for device: IdempotencyID, json: String) -> Document? {
    entries.withLock { $0[device] }.flatMap { $0.json == json ? $0.document : nil }
  }

  func remember(_ document: Document, json: String, for device: IdempotencyID) {
    entries.withLock { entries in
      if entries.count >= capacity, entries[device] == nil { entries.removeAll(keepingCapacity: true) }
      entries[device] = (json, document)
    }
  }

  func forget(_ device: IdempotencyID) {
    _ = entries.withLock { $0.removeValue(forKey: device) }
  }
}
