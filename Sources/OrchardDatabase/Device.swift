import Foundation
import OrchardKit
import SQLKit

/// An anonymous visitor's device: what "on the device" means for the web version of an app.
public struct Device: Sendable, Equatable {
  public let id: IdempotencyID
  public let createdAt: Date
  public var lastSeenAt: Date

  public init(id: IdempotencyID, createdAt: Date, lastSeenAt: Date) {
    self.id = id
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }

  /// Last-seen is kept to the day: writing it on every request would turn every read into a write.
  public func needsTouch(at now: Date) -> Bool {
    now.timeIntervalSince(lastSeenAt) >= 24 * 60 * 60
  }
}

/// Storage of devices.
public protocol DeviceRepository: Sendable {
  func find(_ id: IdempotencyID) async throws -> Device?
  func insert(_ device: Device) async throws
  func touch(_ id: IdempotencyID, at: Date) async throws
  func delete(_ id: IdempotencyID) async throws
}

/// Devices in the `devices` table.
public struct SQLDeviceRepository: DeviceRepository {
  let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  public func find(_ id: IdempotencyID) async throws -> Device? {
    let row: Row? = try await database.select().columns("id", "created_at", "last_seen_at")
      .from("devices").where("id", .equal, SQLBind(id.description))
      .first(decoding: Row.self)
    return row.flatMap(\.device)
  }

  public func insert(_ device: Device) async throws {
    try await database.insert(into: "devices")
      .columns("id", "created_at", "last_seen_at")
      .values(
        SQLBind(device.id.description), SQLBind(device.createdAt.timeIntervalSince1970),
        SQLBind(device.lastSeenAt.timeIntervalSince1970)
      )
      .run()
  }

  public func touch(_ id: IdempotencyID, at date: Date) async throws {
    try await database.update("devices").set("last_seen_at", to: SQLBind(date.timeIntervalSince1970))
      .where("id", .equal, SQLBind(id.description)).run()
  }

  public func delete(_ id: IdempotencyID) async throws {
    try await database.delete(from: "devices").where("id", .equal, SQLBind(id.description)).run()
  }

  private struct Row: Decodable {
    let id: String
    let created_at: Double
    let last_seen_at: Double

    var device: Device? {
      IdempotencyID(id).map {
        Device(
          id: $0, createdAt: Date(timeIntervalSince1970: created_at),
          lastSeenAt: Date(timeIntervalSince1970: last_seen_at))
      }
    }
  }

  /// The `devices` table.
  public static let migration = Migration("serverkit-0001-devices") { database in
    try await database.create(table: "devices")
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("created_at", type: .epochSeconds, .notNull)
      .column("last_seen_at", type: .epochSeconds, .notNull)
      .run()
  }
}
