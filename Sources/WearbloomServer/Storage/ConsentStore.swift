import Foundation
import OrchardDatabase
import SQLKit
import ServerKit
import WearbloomCore

/// Which devices accepted which version of the privacy terms, and when: the web version's first
/// screen until a device has. A device's row goes when the device does (its account's deletion).
public struct ConsentStore: Sendable {
  public let database: any SQLDatabase
  /// What this process remembers of each device's consent (every page asks): forgotten in every
  /// process when it changes.
  let remembered: Cache<String, String>?

  public init(database: any SQLDatabase, remembered: Cache<String, String>? = nil) {
    self.database = database
    self.remembered = remembered
  }

  static let table = "wearbloom_consents"
  /// Devices whose consent each process keeps in memory.
  static let remembered = 10_000

  public static let migration = Migration("wearbloom-0006-consents") { database in
    try await database.create(table: table)
      .column("device", type: .text, .primaryKey(autoIncrement: false))
      .column("policy", type: .text, .notNull)
      .column("accepted_at", type: .epochSeconds, .notNull)
      .run()
  }

  struct Row: Decodable {
    let policy: String
  }

  /// The version of the terms `device` accepted, if any.
  func accepted(by device: String) async throws -> String? {
    let read = { [database] () async throws -> String? in
      try await database.select().column("policy").from(Self.table).where("device", .equal, SQLBind(device))
        .first(decoding: Row.self)?.policy
    }
    guard let remembered else { return try await read() }
    return try await remembered.load(device, read)
  }

  /// Records `device`'s acceptance of `policy` (again after a new version).
  func accept(_ policy: String, by device: String, at now: Date) async throws {
    try await database.insert(into: Self.table).columns("device", "policy", "accepted_at")
      .values(SQLBind(device), SQLBind(policy), SQLBind(now.timeIntervalSince1970))
      .onConflict(with: ["device"]) { $0.set(excludedValueOf: "policy").set(excludedValueOf: "accepted_at") }.run()
    try await remembered?.forget(device)
  }

  func forget(_ device: String) async throws {
    try await database.delete(from: Self.table).where("device", .equal, SQLBind(device)).run()
    try await remembered?.forget(device)
  }
}
