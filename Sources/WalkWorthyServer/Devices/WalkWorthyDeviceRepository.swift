import Foundation
import OrchardKit
import SQLKit
import ServerKit
import WalkWorthyCore

/// Storage of WalkWorthy's API devices. Each kind of change writes only its own columns, so a
/// settings change and a new encouragement arriving together do not undo each other.
public protocol WalkWorthyDeviceRepository: Sendable {
  func insert(_ device: IdempotencyID, tokenHash: String, at now: Date) async throws
  /// The device whose token hashes to `tokenHash`.
  func device(tokenHash: String) async throws -> IdempotencyID?
  func load(_ device: IdempotencyID) async throws -> WalkWorthyDevice?
  /// Stores the profile, or erases it with nil.
  func saveProfile(_ profile: ProfileUpload?, for device: IdempotencyID, at now: Date) async throws
  func saveSettings(useFakeCanvas: Bool, timeZone: String, for device: IdempotencyID, at now: Date) async throws
  /// Stores `selection` only if the stored one is still the one numbered `previous` (its
  /// ``SelectionState/handedOut``); false when another request got there first.
  func replaceSelection(
    _ selection: SelectionState, ifHandedOut previous: Int, for device: IdempotencyID, at now: Date
  ) async throws -> Bool
  /// The linked feed's stored events.
  func calendar(of device: IdempotencyID) async throws -> StoredCalendar?
  /// Links a feed (replacing any other) with its events, or unlinks with nil.
  func saveCalendar(
    _ link: CalendarLink?, _ calendar: StoredCalendar?, for device: IdempotencyID, at now: Date)
    async throws
}

/// Devices in `walkworthy_devices`, linked feeds' events in `walkworthy_calendars`.
public struct SQLWalkWorthyDeviceRepository: WalkWorthyDeviceRepository {
  let database: any SQLDatabase
  /// Devices are never deleted and tokens never change, so a remembered answer stays true.
  let known = KnownTokens(capacity: 100_000)

  public init(database: any SQLDatabase) { self.database = database }

  public func insert(_ device: IdempotencyID, tokenHash: String, at now: Date) async throws {
    let fresh = WalkWorthyDevice()
    try await database.insert(into: "walkworthy_devices")
      .columns(
        "id", "token_hash", "use_fake_canvas", "time_zone", "selection", "selection_serial", "created_at",
        "updated_at"
      )
      .values(
        SQLBind(device.description), SQLBind(tokenHash), SQLBind(1), SQLBind(fresh.timeZone),
        SQLBind(try Self.json(fresh.selection)), SQLBind(fresh.selection.handedOut),
        SQLBind(now.timeIntervalSince1970), SQLBind(now.timeIntervalSince1970)
      )
      .run()
  }

  public func device(tokenHash: String) async throws -> IdempotencyID? {
    if let device = known.device(tokenHash) { return device }
    struct Row: Decodable { let id: String }
    let row: Row? = try await database.select().column("id").from("walkworthy_devices")
      .where("token_hash", .equal, SQLBind(tokenHash)).first(decoding: Row.self)
    guard let device = row.flatMap({ IdempotencyID($0.id) }) else { return nil }
    known.remember(device, tokenHash: tokenHash)
    return device
  }

  public func load(_ device: IdempotencyID) async throws -> WalkWorthyDevice? {
    let row: DeviceRow? = try await database.select()
      .columns("profile", "use_fake_canvas", "time_zone", "selection", "calendar_url", "calendar_fetched_at")
      .from("walkworthy_devices").where("id", .equal, SQLBind(device.description))
      .first(decoding: DeviceRow.self)
    guard let row else { return nil }
    let link = zip(row.calendar_url, row.calendar_fetched_at).map {
      CalendarLink(url: $0, fetchedAt: Date(timeIntervalSince1970: $1))
    }
    // A stored value this build cannot read starts afresh rather than locking the device out.
    return WalkWorthyDevice(
      profile: row.profile.flatMap { try? Self.decode(ProfileUpload.self, $0) },
      useFakeCanvas: row.use_fake_canvas != 0, timeZone: row.time_zone,
      selection: (try? Self.decode(SelectionState.self, row.selection)) ?? SelectionState(), calendar: link)
  }

  public func saveProfile(_ profile: ProfileUpload?, for device: IdempotencyID, at now: Date) async throws {
    try await update(device, at: now) { $0.set("profile", to: SQLBind(try profile.map(Self.json))) }
  }

  public func saveSettings(
    useFakeCanvas: Bool, timeZone: String, for device: IdempotencyID, at now: Date
  )
    async throws
  {
    try await update(device, at: now) {
      $0.set("use_fake_canvas", to: SQLBind(useFakeCanvas ? 1 : 0)).set("time_zone", to: SQLBind(timeZone))
    }
  }

  public func replaceSelection(
    _ selection: SelectionState, ifHandedOut previous: Int, for device: IdempotencyID, at now: Date
  ) async throws -> Bool {
    struct Row: Decodable { let id: String }
    let rows: [Row] = try await database.update("walkworthy_devices")
      .set("selection", to: SQLBind(try Self.json(selection)))
      .set("selection_serial", to: SQLBind(selection.handedOut))
      .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(device.description))
      .where("selection_serial", .equal, SQLBind(previous))
      .returning("id").all(decoding: Row.self)
    return !rows.isEmpty
  }

  public func calendar(of device: IdempotencyID) async throws -> StoredCalendar? {
    struct Row: Decodable { let events: String }
    let row: Row? = try await database.select().column("events").from("walkworthy_calendars")
      .where("device_id", .equal, SQLBind(device.description)).first(decoding: Row.self)
    return row.flatMap { try? Self.decode(StoredCalendar.self, $0.events) }
  }

  public func saveCalendar(
    _ link: CalendarLink?, _ calendar: StoredCalendar?, for device: IdempotencyID, at now: Date
  ) async throws {
    // The events and the link change together or not at all.
    try await database.withSession { database in
      try await database.raw("BEGIN").run()
      do {
        try await write(link, calendar, for: device, at: now, on: database)
        try await database.raw("COMMIT").run()
      } catch {
        try? await database.raw("ROLLBACK").run()
        throw error
      }
    }
  }

  private func write(
    _ link: CalendarLink?, _ calendar: StoredCalendar?, for device: IdempotencyID, at now: Date,
    on database: any SQLDatabase
  ) async throws {
    if let link, let calendar {
      try await database.insert(into: "walkworthy_calendars")
        .columns("device_id", "events", "updated_at")
        .values(SQLBind(device.description), SQLBind(try Self.json(calendar)), SQLBind(now.timeIntervalSince1970))
        .onConflict(with: ["device_id"]) { $0.set(excludedValueOf: "events").set(excludedValueOf: "updated_at") }
        .run()
    } else {
      try await database.delete(from: "walkworthy_calendars").where("device_id", .equal, SQLBind(device.description))
        .run()
    }
    try await database.update("walkworthy_devices")
      .set("calendar_url", to: SQLBind(link?.url))
      .set("calendar_fetched_at", to: SQLBind(link?.fetchedAt.timeIntervalSince1970))
      .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(device.description)).run()
  }

  private func update(
    _ device: IdempotencyID, at now: Date, _ set: (SQLUpdateBuilder) throws -> SQLUpdateBuilder
  ) async throws {
    try await set(database.update("walkworthy_devices"))
      .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(device.description)).run()
  }

  private struct DeviceRow: Decodable {
    let profile: String?
    let use_fake_canvas: Int
    let time_zone: String
    let selection: String
    let calendar_url: String?
    let calendar_fetched_at: Double?
  }

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try decoder.decode(type, from: Data(text.utf8))
  }

  static let migration = Migration("walkworthy-0001-devices") { database in
    try await database.create(table: "walkworthy_devices")
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("token_hash", type: .text, .notNull, .unique)
      .column("profile", type: .text)
      .column("use_fake_canvas", type: .bigint, .notNull)
      .column("time_zone", type: .text, .notNull)
      .column("selection", type: .text, .notNull)
      // The selection's handedOut, so two requests choosing at once cannot both store a choice.
      .column("selection_serial", type: .bigint, .notNull)
      .column("calendar_url", type: .text)
      .column("calendar_fetched_at", type: .epochSeconds)
      .column("created_at", type: .epochSeconds, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
    try await database.create(table: "walkworthy_calendars")
      .column(
        "device_id", type: .text, .primaryKey(autoIncrement: false),
        .references("walkworthy_devices", "id", onDelete: .cascade)
      )
      .column("events", type: .text, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
  }
}

/// `zip` for two optionals: both or nothing.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
