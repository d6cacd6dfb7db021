import Foundation
import MIGACore
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit

/// MIGA's tables: one of devices (``DeviceStore`` in `miga_devices`: a browser's device and an app
/// install alike, each with its ``MIGAState``), one of events (every device's log), and the
/// content library.
enum MIGAStore {
  static let devicesTable = "miga_devices"

  static func devices(_ environment: AppEnvironment) -> DeviceStore<MIGAState> {
    environment.devices(devicesTable, fresh: MIGAState.init)
  }

  static let migrations = [
    // App installs, as the API first shipped them: an id and the hash of the device's token.
    Migration("miga-0001-devices") { database in
      try await database.create(table: devicesTable)
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("token_hash", type: .text, .notNull, .unique)
        .column("created_at", type: .epochSeconds, .notNull)
        .run()
    },
    SQLMIGAContentStore.migration,
    SQLMIGAEventStore.migration,
    // The web version's devices, as it first shipped: its state with the log inside.
    Migration("miga-web-0001-devices") { database in
      try await database.create(table: "miga_web_devices")
        .column(
          "device_id", type: .text, .primaryKey(autoIncrement: false),
          .references("devices", "id", onDelete: .cascade)
        )
        .column("record", type: .text, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
    },
    Migration("miga-0004-one-device-table", apply: oneDeviceTable),
  ]

  /// Brings both faces' devices into one table: app installs keep their token, browser devices
  /// their state, and every event a browser's log held moves into `miga_events`, where the API's
  /// uploads already are. Nothing is dropped: a record this build cannot read is kept as it is.
  @Sendable static func oneDeviceTable(_ database: any SQLDatabase) async throws {
    let next = devicesTable + "_next"
    try await DeviceStore<MIGAState>.createTable(next, on: database)
    let fresh = try DeviceStore<MIGAState>.encode(MIGAState())
    try await database.raw(
      """
      INSERT INTO \(ident: next) (device_id, token_hash, record, version, created_at, updated_at) \
      SELECT id, token_hash, \(bind: fresh), 1, created_at, created_at FROM \(ident: devicesTable)
      """
    ).run()
    struct WebRow: Decodable {
      let device_id: String
      let record: String
      let updated_at: Double
    }
    /// The log the web version kept inside each record.
    struct LegacyLog: Decodable { let log: EventLog }
    let rows: [WebRow] = try await database.select().columns("device_id", "record", "updated_at")
      .from("miga_web_devices").orderBy("device_id").all(decoding: WebRow.self)
    let events = SQLMIGAEventStore(database: database)
    for row in rows {
      var record = row.record
      if let state = try? JSONDecoder().decode(MIGAState.self, from: Data(row.record.utf8)) {
        record = try DeviceStore<MIGAState>.encode(state)
      }
      if let legacy = try? JSONDecoder().decode(LegacyLog.self, from: Data(row.record.utf8)),
        let device = IdempotencyID(row.device_id)
      {
        try await events.store(
          legacy.log.events, for: device, at: Date(timeIntervalSince1970: row.updated_at), on: database)
      }
      try await database.insert(into: next)
        .columns("device_id", "token_hash", "record", "version", "created_at", "updated_at")
        .values(
          SQLBind(row.device_id), SQLBind(String?.none), SQLBind(record), SQLBind(Int64(1)),
          SQLBind(row.updated_at), SQLBind(row.updated_at)
        )
        .run()
    }
    try await database.drop(table: "miga_web_devices").run()
    try await database.drop(table: devicesTable).run()
    try await database.raw("ALTER TABLE \(ident: next) RENAME TO \(ident: devicesTable)").run()
    try await DeviceStore<MIGAState>.indexTokens(devicesTable, on: database)
  }
}
