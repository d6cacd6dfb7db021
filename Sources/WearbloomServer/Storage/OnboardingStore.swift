import Crypto
import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import WearbloomCore

/// The devices on their first try-on: each token (kept as its SHA-256, never as itself), the
/// owner id its wardrobe is kept under, when it expires, and the account it moved into.
public struct OnboardingStore: Sendable {
  public let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  static let table = "wearbloom_onboarding"

  public static let migration = Migration("wearbloom-0005-onboarding") { database in
    try await database.create(table: table)
      .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
      .column("owner", type: .text, .notNull, .unique)
      .column("device", type: .text)
      .column("created_at", type: .epochSeconds, .notNull)
      .column("expires_at", type: .epochSeconds, .notNull)
      .column("claimed_by", type: .text)
      .column("claimed_at", type: .epochSeconds)
      .run()
  }

  static func hash(_ token: String) -> String { Hex.lowercase(SHA256.hash(data: Array(token.utf8))) }

  func insert(
    token: String, owner: String, device: String?, at now: Date, expires: Date, on session: any SQLDatabase
  ) async throws {
    try await session.insert(into: Self.table)
      .columns("token_hash", "owner", "device", "created_at", "expires_at")
      .values(
        SQLBind(Self.hash(token)), SQLBind(owner), SQLBind(device), SQLBind(now.timeIntervalSince1970),
        SQLBind(expires.timeIntervalSince1970)
      ).run()
  }

  struct Row: Decodable {
    let token_hash: String
    let owner: String
    let expires_at: Double
    let claimed_by: String?

    /// What the core decides on.
    var record: OnboardingRecord {
      OnboardingRecord(expiresAt: Date(timeIntervalSince1970: expires_at), claimedBy: claimed_by)
    }
  }

  func row(token: String) async throws -> Row? {
    try await database.select().columns("token_hash", "owner", "expires_at", "claimed_by").from(Self.table)
      .where("token_hash", .equal, SQLBind(Self.hash(token))).first(decoding: Row.self)
  }

  func row(owner: String) async throws -> Row? {
    try await database.select().columns("token_hash", "owner", "expires_at", "claimed_by").from(Self.table)
      .where("owner", .equal, SQLBind(owner)).first(decoding: Row.self)
  }

  /// Removes an expired onboarding's token.
  func forget(owner: String) async throws {
    try await database.delete(from: Self.table).where("owner", .equal, SQLBind(owner))
      .where("claimed_by", .is, SQLLiteral.null).run()
  }

  /// Every onboarding a web device began, newest first.
  func rows(device: String) async throws -> [Row] {
    try await database.select().columns("token_hash", "owner", "expires_at", "claimed_by").from(Self.table)
      .where("device", .equal, SQLBind(device)).orderBy("created_at", .descending).all(decoding: Row.self)
  }

  /// Marks the token's wardrobe moved into `account`, inside the move's transaction; false when it
  /// had been claimed already.
  func claim(hash: String, by account: String, at now: Date, on session: any SQLDatabase) async throws -> Bool {
    let rows = try await session.update(Self.table).set("claimed_by", to: SQLBind(account))
      .set("claimed_at", to: SQLBind(now.timeIntervalSince1970))
      .where("token_hash", .equal, SQLBind(hash)).where("claimed_by", .is, SQLLiteral.null)
      .returning("owner").all()
    return !rows.isEmpty
  }

  /// The onboardings that moved into `account`, for the account's deletion (their device ids go
  /// with it).
  func erase(claimedBy account: String) async throws {
    try await database.delete(from: Self.table).where("claimed_by", .equal, SQLBind(account)).run()
  }
}
