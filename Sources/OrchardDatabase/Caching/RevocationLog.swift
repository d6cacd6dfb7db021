import SQLKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keys that some process forgot, in the `cache_revocations` table, so that every process sharing
/// the database forgets them too: a deleted device, a revoked token or session.
///
/// Rows are kept for ``retention``; a cache that has not read the log for longer than that cannot
/// know what it missed, and starts over. The table is written only when a key is forgotten, which
/// is rare; reading it is one indexed range scan per cache per `checkEvery`.
public struct RevocationLog: Sendable {
  public static let retention: TimeInterval = 24 * 60 * 60

  let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  /// How far back each read looks again: on PostgreSQL a row numbered lower can commit after one
  /// numbered higher was already seen, so the log is read by time, with this much overlap.
  static let overlap: TimeInterval = 5

  /// Where one cache has read up to.
  public struct Cursor: Sendable, Equatable {
    let checkedAt: Date
    /// Rows already applied that the next read will see again (within ``overlap``).
    let seen: Set<Int64>
    /// The cache read the log too long ago: it cannot know what it missed, so it drops everything.
    let lostTrack: Bool
  }

  /// Records that `key` of the cache named `cache` was forgotten, and clears rows past retention.
  public func publish(cache: String, key: String, at now: Date) async throws {
    try await database.insert(into: "cache_revocations")
      .columns("cache", "key", "revoked_at")
      .values(SQLBind(cache), SQLBind(key), SQLBind(now.timeIntervalSince1970))
      .run()
    try await database.delete(from: "cache_revocations")
      .where("revoked_at", .lessThan, SQLBind(now.timeIntervalSince1970 - Self.retention))
      .run()
  }

  /// The keys of `cache` forgotten since `cursor`, and the cursor to read from next time. With no
  /// cursor (a cache's first look, when it holds nothing yet) nothing earlier matters.
  func revoked(cache: String, after cursor: Cursor?, at now: Date) async throws -> (Set<String>, Cursor) {
    guard let cursor else { return ([], Cursor(checkedAt: now, seen: [], lostTrack: false)) }
    struct Row: Decodable {
      let seq: Int64
      let cache: String
      let key: String
      let revoked_at: Double
    }
    let rows: [Row] = try await database.select().columns("seq", "cache", "key", "revoked_at")
      .from("cache_revocations")
      .where("revoked_at", .greaterThanOrEqual, SQLBind(cursor.checkedAt.timeIntervalSince1970 - Self.overlap))
      .all(decoding: Row.self)
    let fresh = rows.filter { !cursor.seen.contains($0.seq) }
    let keys = Set(fresh.filter { $0.cache == cache }.map(\.key))
    let window = now.timeIntervalSince1970 - Self.overlap
    let next = Cursor(
      checkedAt: now, seen: Set(rows.filter { $0.revoked_at >= window }.map(\.seq)),
      lostTrack: now.timeIntervalSince(cursor.checkedAt) >= Self.retention)
    return (keys, next)
  }

  /// The `cache_revocations` table: numbered in the order keys are forgotten.
  public static let migration = Migration("serverkit-0003-cache-revocations") { database in
    try await database.create(table: "cache_revocations")
      .column("seq", type: .bigint, .primaryKey(autoIncrement: true))
      .column("cache", type: .text, .notNull)
      .column("key", type: .text, .notNull)
      .column("revoked_at", type: .epochSeconds, .notNull)
      .run()
    try await database.create(index: "cache_revocations_by_time").on("cache_revocations").column("revoked_at").run()
  }
}
