import Foundation
import OrchardKit
import SQLKit
import ServerKit

/// Storage of MIGA's API devices: an id and the hash of its bearer token.
///
/// These are app installs, separate from the web version's cookie devices (`devices`): both are
/// 128-bit random ids, so one id space never collides with the other.
public protocol MIGADeviceRepository: Sendable {
  func insert(_ device: IdempotencyID, tokenHash: String, at now: Date) async throws
  /// The device whose token hashes to `tokenHash`.
  func device(tokenHash: String) async throws -> IdempotencyID?
}

/// Devices in `miga_devices`.
public struct SQLMIGADeviceRepository: MIGADeviceRepository {
  let database: any SQLDatabase
  /// Token hashes already resolved. Devices are never deleted and tokens never change, so a
  /// remembered answer stays true on a database other servers share too.
  let known = KnownTokens(capacity: 100_000)

  public init(database: any SQLDatabase) { self.database = database }

  public func insert(_ device: IdempotencyID, tokenHash: String, at now: Date) async throws {
    try await database.insert(into: "miga_devices")
      .columns("id", "token_hash", "created_at")
      .values(SQLBind(device.description), SQLBind(tokenHash), SQLBind(now.timeIntervalSince1970))
      .run()
  }

  public func device(tokenHash: String) async throws -> IdempotencyID? {
    if let device = known.device(tokenHash) { return device }
    struct Row: Decodable { let id: String }
    let row: Row? = try await database.select().column("id").from("miga_devices")
      .where("token_hash", .equal, SQLBind(tokenHash)).first(decoding: Row.self)
    guard let device = row.flatMap({ IdempotencyID($0.id) }) else { return nil }
    known.remember(device, tokenHash: tokenHash)
    return device
  }

  static let migration = Migration("miga-0001-devices") { database in
    try await database.create(table: "miga_devices")
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("token_hash", type: .text, .notNull, .unique)
      .column("created_at", type: .epochSeconds, .notNull)
      .run()
  }
}
