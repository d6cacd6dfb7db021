import FaithJarCore
import Foundation
import OrchardKit
import SQLKit
import ServerKit

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
struct SQLFaithJarRepository: FaithJarRepository {
  let documents: DeviceDocuments<FaithJarRecord>

  init(database: any SQLDatabase, shared: Bool) {
    documents = DeviceDocuments(database: database, shared: shared, table: "faith_jar_devices")
  }

  func load(_ device: IdempotencyID) async throws -> FaithJarRecord {
    try await documents.load(device) ?? FaithJarRecord()
  }

  func save(_ record: FaithJarRecord, for device: IdempotencyID, at now: Date) async throws {
    try await documents.save(record, for: device, at: now)
  }

  static let migration = DeviceDocuments<FaithJarRecord>.migration("faith-jar-0001-devices", table: "faith_jar_devices")
}
