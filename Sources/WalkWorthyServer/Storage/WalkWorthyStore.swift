import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import WalkWorthyCore

/// WalkWorthy's tables: one of devices (``DeviceStore`` in `walkworthy_devices`: a browser's device
/// and an app install alike, each with its ``WalkWorthyDevice``), and one of linked feeds' events.
enum WalkWorthyStore {
  static let devicesTable = "walkworthy_devices"
  static let calendarsTable = "walkworthy_calendars"

  static func devices(_ environment: AppEnvironment) -> DeviceStore<WalkWorthyDevice> {
    environment.devices(devicesTable, fresh: WalkWorthyDevice.init)
  }

  static let migrations = [
    // App installs, as the API first shipped them: a column for each kind of change.
    Migration("walkworthy-0001-devices") { database in
      try await database.create(table: devicesTable)
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("token_hash", type: .text, .notNull, .unique)
        .column("profile", type: .text)
        .column("use_fake_canvas", type: .bigint, .notNull)
        .column("time_zone", type: .text, .notNull)
        .column("selection", type: .text, .notNull)
        .column("selection_serial", type: .bigint, .notNull)
        .column("calendar_url", type: .text)
        .column("calendar_fetched_at", type: .epochSeconds)
        .column("created_at", type: .epochSeconds, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
      try await createCalendars(calendarsTable, references: devicesTable, on: database)
    },
    // The web version's devices, as it first shipped: one document each.
    Migration("walkworthy-web-0001-devices") { database in
      try await database.create(table: "walkworthy_web_devices")
        .column(
          "device_id", type: .text, .primaryKey(autoIncrement: false),
          .references("devices", "id", onDelete: .cascade)
        )
        .column("record", type: .text, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
    },
    Migration("walkworthy-0002-one-device-table", apply: oneDeviceTable),
  ]

  static func createCalendars(_ table: String, references devices: String, on database: any SQLDatabase) async throws {
    try await database.create(table: table)
      .column(
        "device_id", type: .text, .primaryKey(autoIncrement: false),
        .references(devices, devices == devicesTable ? "id" : "device_id", onDelete: .cascade)
      )
      .column("events", type: .text, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
  }

  /// Brings both faces' devices into one table: an app install keeps its token, profile, settings,
  /// choice and linked feed; a browser device keeps what it kept on the web version, which shares
  /// its profile only as its opt-in allows. The feeds' events move with their devices. Nothing is
  /// dropped: a record this build cannot read is kept as it is.
  @Sendable static func oneDeviceTable(_ database: any SQLDatabase) async throws {
    let devices = devicesTable + "_next"
    let calendars = calendarsTable + "_next"
    try await DeviceStore<WalkWorthyDevice>.createTable(devices, on: database)
    for row in try await LegacyDevice.all(on: database) {
      try await insert(
        row.id, tokenHash: row.token_hash, record: try DeviceStore<WalkWorthyDevice>.encode(try row.device()),
        created: row.created_at,
        updated: row.updated_at, into: devices, on: database)
    }
    for row in try await LegacyWebDevice.all(on: database) {
      try await insert(
        row.device_id, tokenHash: nil, record: row.migrated(), created: row.updated_at, updated: row.updated_at,
        into: devices, on: database)
    }
    try await database.create(table: calendars)
      .column(
        "device_id", type: .text, .primaryKey(autoIncrement: false),
        .references(devices, "device_id", onDelete: .cascade)
      )
      .column("events", type: .text, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
    try await database.raw(
      """
      INSERT INTO \(ident: calendars) (device_id, events, updated_at) \
      SELECT device_id, events, updated_at FROM \(ident: calendarsTable)
      """
    ).run()
    for table in [calendarsTable, "walkworthy_web_devices", devicesTable] {
      try await database.drop(table: table).run()
    }
    try await database.raw("ALTER TABLE \(ident: devices) RENAME TO \(ident: devicesTable)").run()
    try await database.raw("ALTER TABLE \(ident: calendars) RENAME TO \(ident: calendarsTable)").run()
    try await DeviceStore<WalkWorthyDevice>.indexTokens(devicesTable, on: database)
  }

  private static func insert(
    _ id: String, tokenHash: String?, record: String, created: Double, updated: Double, into table: String,
    on database: any SQLDatabase
  ) async throws {
    try await database.insert(into: table)
      .columns("device_id", "token_hash", "record", "version", "created_at", "updated_at")
      .values(
        SQLBind(id), SQLBind(tokenHash), SQLBind(record), SQLBind(Int64(1)), SQLBind(created), SQLBind(updated)
      )
      .run()
  }

  /// An app install's row as the API first stored it (its JSON dates in seconds since 1970).
  private struct LegacyDevice: Decodable {
    let id: String
    let token_hash: String
    let profile: String?
    let use_fake_canvas: Int
    let time_zone: String
    let selection: String
    let calendar_url: String?
    let calendar_fetched_at: Double?
    let created_at: Double
    let updated_at: Double

    static func all(on database: any SQLDatabase) async throws -> [LegacyDevice] {
      try await database.select().column("*").from(devicesTable).orderBy("id")
        .all(decoding: LegacyDevice.self)
    }

    func device() throws -> WalkWorthyDevice {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .secondsSince1970
      var device = WalkWorthyDevice()
      device.restore(sharedProfile: profile.flatMap { try? decoder.decode(ProfileUpload.self, from: Data($0.utf8)) })
      device.fakeCanvas = use_fake_canvas != 0
      device.adopt(zone: time_zone)
      device.selection = (try? decoder.decode(SelectionState.self, from: Data(selection.utf8))) ?? SelectionState()
      if let calendar_url, let calendar_fetched_at {
        device.calendar = CalendarLink(url: calendar_url, fetchedAt: Date(timeIntervalSince1970: calendar_fetched_at))
      }
      return device
    }
  }

  /// A browser device's row as the web version first stored it.
  private struct LegacyWebDevice: Decodable {
    let device_id: String
    let record: String
    let updated_at: Double

    /// The members that moved out of what the phone keeps into the device itself.
    private struct Moved: Decodable {
      let fakeCanvas: Bool?
      let timeZone: String?
    }

    static func all(on database: any SQLDatabase) async throws -> [LegacyWebDevice] {
      try await database.select().columns("device_id", "record", "updated_at").from("walkworthy_web_devices")
        .orderBy("device_id").all(decoding: LegacyWebDevice.self)
    }

    func migrated() throws -> String {
      let data = Data(record.utf8)
      guard let kept = try? JSONDecoder().decode(OnDeviceState.self, from: data),
        let moved = try? JSONDecoder().decode(Moved.self, from: data)
      else { return record }
      var device = WalkWorthyDevice()
      device.fakeCanvas = moved.fakeCanvas
      device.adopt(zone: moved.timeZone)
      if let profile = kept.profile { device.keep(profile) }
      device.onDevice = kept
      return try DeviceStore<WalkWorthyDevice>.encode(device)
    }
  }
}
