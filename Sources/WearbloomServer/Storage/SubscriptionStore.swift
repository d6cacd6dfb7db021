import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import WearbloomCore

/// Each account's subscription, as the notifications and verified purchases about it add up
/// (``Subscription``), and every store event already applied, so a notification told twice (Apple
/// retries, a purchase verified again) is applied once.
public struct SubscriptionStore: Sendable {
  public let database: any SQLDatabase
  let clock: any WallClock

  public init(database: any SQLDatabase, clock: any WallClock) {
    self.database = database
    self.clock = clock
  }

  static let subscriptions = "wearbloom_subscriptions"
  static let events = "wearbloom_store_events"
  static let purchasers = "wearbloom_store_purchasers"

  public static let migration = Migration("wearbloom-0004-subscriptions") { database in
    try await database.create(table: subscriptions)
      .column("owner", type: .text, .primaryKey(autoIncrement: false))
      .column("document", type: .text, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
    try await database.create(table: events)
      .column("source", type: .text, .notNull)
      .column("event_id", type: .text, .notNull)
      .column("owner", type: .text, .notNull)
      .column("at", type: .epochSeconds, .notNull)
      .primaryKey("source", "event_id")
      .run()
    try await database.create(index: "wearbloom_store_events_by_owner").on(events).column("owner").run()
    try await database.create(table: purchasers)
      .column("original_transaction_id", type: .text, .primaryKey(autoIncrement: false))
      .column("owner", type: .text, .notNull)
      .column("at", type: .epochSeconds, .notNull)
      .run()
    try await database.create(index: "wearbloom_store_purchasers_by_owner").on(purchasers).column("owner").run()
  }

  /// Remembers whose a subscription is, by the id Apple keeps for it across renewals, so a
  /// notification without `appAccountToken` still finds its account. The first buyer keeps it.
  public func link(originalTransaction id: String, to owner: String) async throws {
    try await database.insert(into: Self.purchasers).columns("original_transaction_id", "owner", "at")
      .values(SQLBind(id), SQLBind(owner), SQLBind(clock.now.timeIntervalSince1970))
      .ignoringConflicts(with: ["original_transaction_id"]).run()
  }

  /// The account a subscription (by its original transaction id) belongs to.
  public func owner(ofOriginalTransaction id: String) async throws -> String? {
    struct Row: Decodable { let owner: String }
    return try await database.select().column("owner").from(Self.purchasers)
      .where("original_transaction_id", .equal, SQLBind(id)).first(decoding: Row.self)?.owner
  }

  /// Where an event came from, and its id there: an App Store notification's `notificationUUID`,
  /// a transaction's id, a test-store purchase's.
  public struct Event: Hashable, Sendable {
    public let source: String
    public let id: String

    public init(source: String, id: String) {
      self.source = source
      self.id = id
    }
  }

  /// `owner`'s subscription: an empty one when nothing was ever bought.
  public func subscription(of owner: String) async throws -> Subscription {
    try await Self.subscription(of: owner, on: database, locking: false)
  }

  /// Applies `notifications` (one event may say more than one thing: a restore) to `owner`'s
  /// subscription, unless `event` was applied before. Returns whether it was applied now.
  @discardableResult
  public func apply(
    _ notifications: [SubscriptionNotification], to owner: String, event: Event
  ) async throws -> Bool {
    let now = clock.now.timeIntervalSince1970
    return try await database.inTransaction { session in
      let seen = try await session.insert(into: Self.events).columns("source", "event_id", "owner", "at")
        .values(SQLBind(event.source), SQLBind(event.id), SQLBind(owner), SQLBind(now))
        .ignoringConflicts(with: ["source", "event_id"]).returning("event_id").all()
      guard !seen.isEmpty else { return false }
      // The account's row exists before it is read for update, so two events about one account
      // are applied one after the other on PostgreSQL (on SQLite the transaction holds the lock).
      try await session.insert(into: Self.subscriptions).columns("owner", "document", "updated_at")
        .values(SQLBind(owner), SQLBind(try Self.encode(Subscription())), SQLBind(now))
        .ignoringConflicts(with: ["owner"]).run()
      var subscription = try await Self.subscription(of: owner, on: session, locking: true)
      for notification in notifications { subscription.apply(notification) }
      try await session.update(Self.subscriptions).set("document", to: SQLBind(try Self.encode(subscription)))
        .set("updated_at", to: SQLBind(now)).where("owner", .equal, SQLBind(owner)).run()
      return true
    }
  }

  /// `owner`'s subscription and events, for the account's deletion.
  public func erase(_ owner: String) async throws {
    try await database.inTransaction { session in
      for table in [Self.subscriptions, Self.events, Self.purchasers] {
        try await session.delete(from: table).where("owner", .equal, SQLBind(owner)).run()
      }
    }
  }

  private static func subscription(
    of owner: String, on session: any SQLDatabase, locking: Bool
  ) async throws -> Subscription {
    struct Row: Decodable { let document: String }
    var query = session.select().column("document").from(subscriptions).where("owner", .equal, SQLBind(owner))
    if locking, session.dialect.name == "postgresql" { query = query.for(.update) }
    guard let row = try await query.first(decoding: Row.self) else { return Subscription() }
    return try JSONDecoder().decode(Subscription.self, from: Data(row.document.utf8))
  }

  private static func encode(_ subscription: Subscription) throws -> String {
    String(decoding: try JSONEncoder().encode(subscription), as: UTF8.self)
  }
}
