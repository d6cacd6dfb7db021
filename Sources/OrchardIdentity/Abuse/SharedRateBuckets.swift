import Foundation
import IdentityCore
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit

/// Token buckets kept in PostgreSQL, so every process on one database counts the same calls: a
/// client spreading its guesses over several servers meets one limit. Each take is one statement
/// (an upsert that refills, takes a token if there is one, and says whether it did), so processes
/// racing on one bucket never take the same token twice. On SQLite (one process) the in-memory
/// ``RateLimiter`` does the same job.
struct SharedRateBuckets: Sendable {
  let database: any SQLDatabase
  let clock: any WallClock
  /// ``ServerConfiguration/rateLimitScale``.
  let scale: Double

  static let migration = Migration("identity-0002-rate-buckets") { database in
    try await database.create(table: "rate_buckets")
      .column("bucket", type: .text, .primaryKey(autoIncrement: false))
      .column("tokens", type: .epochSeconds, .notNull)
      .column("allowed", type: .bigint, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
  }

  struct Row: Decodable {
    let tokens: Double
    let allowed: Int64
  }

  func take(_ policy: RatePolicy, for client: String) async throws -> RateDecision {
    let burst = policy.burst * scale
    let perSecond = policy.perMinute * scale / 60
    let now = clock.now.timeIntervalSince1970
    let key = policy.name + "|" + client
    let refilled = SQLQueryString(
      "LEAST(\(bind: burst), rate_buckets.tokens + GREATEST(0, \(bind: now) - rate_buckets.updated_at) * \(bind: perSecond))"
    )
    let row = try await database.raw(
      """
      INSERT INTO rate_buckets (bucket, tokens, allowed, updated_at) VALUES (\(bind: key), \(bind: burst - 1), 1, \(bind: now))
      ON CONFLICT (bucket) DO UPDATE SET
        tokens = CASE WHEN \(refilled) >= 1 THEN \(refilled) - 1 ELSE \(refilled) END,
        allowed = CASE WHEN \(refilled) >= 1 THEN 1 ELSE 0 END,
        updated_at = \(bind: now)
      RETURNING tokens, allowed
      """
    ).first(decoding: Row.self)
    guard let row, row.allowed == 0 else { return .allowed }
    return .limited(retryAfter: max(1, Int(((1 - row.tokens) / perSecond).rounded(.up))))
  }
}
