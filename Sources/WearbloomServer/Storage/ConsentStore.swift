import Foundation
import SQLKit
import ServerKit
import WearbloomCore

/// Which devices accepted which version of the privacy terms, and when: the web version's first
/// screen until a device has. A device's row goes when the device does (its account's deletion).
public struct ConsentStore: Sendable {
  public let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  static let table = "wearbloom_consents"

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
    try await database.select().column("policy").from(Self.table).where("device", .equal, SQLBind(device))
      .first(decoding: Row.self)?.policy
  }

  /// Records `device`'s acceptance of `policy` (again after a new version).
  func accept(_ policy: String, by device: String, at now: Date) async throws {
    try await database.insert(into: Self.table).columns("device", "policy", "accepted_at")
      .values(SQLBind(device), SQLBind(policy), SQLBind(now.timeIntervalSince1970))
      .onConflict(with: ["device"]) { $0.set(excludedValueOf: "policy").set(excludedValueOf: "accepted_at") }.run()
  }

  func forget(_ device: String) async throws {
    try await database.delete(from: Self.table).where("device", .equal, SQLBind(device)).run()
  }
}
