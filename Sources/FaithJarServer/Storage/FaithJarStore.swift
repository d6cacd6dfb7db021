import FaithJarCore
import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit

/// Faith Jar's devices in `faith_jar_devices`, one JSON document each (``DeviceStore``).
enum FaithJarStore {
  static let table = "faith_jar_devices"

  static func devices(_ environment: AppEnvironment) -> DeviceStore<FaithJarDevice> {
    environment.devices(table, fresh: FaithJarDevice.init)
  }

  static let migrations = [
    // The web version's documents, one per browser device (as first shipped).
    Migration("faith-jar-0001-devices") { database in
      try await database.create(table: table)
        .column(
          "device_id", type: .text, .primaryKey(autoIncrement: false),
          .references("devices", "id", onDelete: .cascade)
        )
        .column("record", type: .text, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
    },
    // One table of devices for every face, each row versioned for compare-and-set.
    Migration("faith-jar-0002-device-store") { database in
      try await DeviceStore<FaithJarDevice>.adoptDocuments(table, on: database)
    },
  ]
}
