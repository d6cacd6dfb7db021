import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit
import WearbloomCore

/// Each account's credits: an append-only ledger (grant, reserve, capture, release, refund), and
/// the balance it adds up to, kept beside it in the same transactions so a render can hold a credit
/// with one conditional write.
///
/// The core decides; SQL stores. Every change first takes the account's balance row (on
/// PostgreSQL its lock makes every other change of the account wait for it; on SQLite every write
/// transaction begins `IMMEDIATE`), then asks the core whether a credit may be held
/// (``CreditPolicy/reserve(from:)``) or refunded (``CreditPolicy/refunds(_:ledger:now:)``), and
/// moves the balance as the ledger line's kind says (``CreditEntry/Kind/move(_:)``), so the balance
/// never goes below 0 however many renders ask at once. Every ledger line has a key unique in its account
/// (`grant:welcome`, `reserve:<render>`, `settle:<render>`, `refund:<render>`): a render is held once,
/// settled once (captured or released, never both) and refunded once, whoever asks again.
public struct CreditStore: Sendable {
  public let database: any SQLDatabase
  let clock: any WallClock

  public init(database: any SQLDatabase, clock: any WallClock) {
    self.database = database
    self.clock = clock
  }

  static let ledger = "wearbloom_credit_ledger"
  static let balances = "wearbloom_credits"

  public static let migration = Migration("wearbloom-0002-credits") { database in
    try await database.create(table: ledger)
      .column("seq", type: .bigint, .primaryKey(autoIncrement: true))
      .column("owner", type: .text, .notNull)
      .column("entry_key", type: .text, .notNull)
      .column("kind", type: .text, .notNull)
      .column("amount", type: .bigint, .notNull)
      .column("render", type: .text)
      .column("at", type: .epochSeconds, .notNull)
      .unique("owner", "entry_key")
      .run()
    try await database.create(table: balances)
      .column("owner", type: .text, .primaryKey(autoIncrement: false))
      .column("available", type: .bigint, .notNull)
      .column("reserved", type: .bigint, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
  }

  /// A reserve whose render already holds a credit: nothing to do.
  struct AlreadyHeld: Error {}

  // MARK: Changes

  /// Grants `amount` credits to `owner` once under `key` (`welcome`): true when granted now,
  /// false when that grant was made before.
  @discardableResult
  public func grant(_ amount: Int, to owner: String, once key: String) async throws -> Bool {
    try await database.inTransaction { session in
      guard try await append(.grant, amount: amount, owner: owner, key: "grant:" + key, on: session) else {
        return false
      }
      let now = clock.now.timeIntervalSince1970
      let move = CreditEntry.Kind.grant.move(amount)
      try await session.raw(
        """
        INSERT INTO \(ident: Self.balances) (owner, available, reserved, updated_at)
        VALUES (\(bind: owner), \(bind: Int64(move.available)), \(bind: Int64(move.reserved)), \(bind: now))
        ON CONFLICT (owner) DO UPDATE SET available = \(ident: Self.balances).available + excluded.available,
          reserved = \(ident: Self.balances).reserved + excluded.reserved, updated_at = excluded.updated_at
        """
      ).run()
      return true
    }
  }

  /// Holds one of `owner`'s credits for `render`, or throws `INSUFFICIENT_CREDITS` with nothing
  /// written. Asking again for the same render holds nothing more.
  public func reserve(for owner: String, render: String) async throws -> CreditBalance {
    do {
      return try await database.inTransaction { session in
        try await reserve(for: owner, render: render, on: session)
      }
    } catch is AlreadyHeld {
      return try await balance(of: owner)
    }
  }

  /// ``reserve(for:render:)`` inside the caller's transaction, so the render that holds the credit
  /// is written with it (or neither is). A render that already holds one throws `AlreadyHeld`.
  func reserve(for owner: String, render: String, on session: any SQLDatabase) async throws -> CreditBalance {
    let balance = try await lock(owner, on: session) ?? CreditBalance()
    try CreditPolicy.reserve(from: balance).get()
    guard try await append(.reserve, owner: owner, key: "reserve:" + render, render: render, on: session) else {
      throw AlreadyHeld()
    }
    return try await change(owner, by: .reserve, on: session) ?? balance
  }

  /// Spends the credit `render` holds: true when captured now; false when it holds none, or was
  /// already captured or released.
  @discardableResult
  public func capture(for owner: String, render: String) async throws -> Bool {
    try await settle(.capture, owner: owner, render: render)
  }

  /// Gives back the credit `render` holds (its render failed or timed out): true when released
  /// now; false when it holds none, or was already captured or released.
  @discardableResult
  public func release(for owner: String, render: String) async throws -> Bool {
    try await settle(.release, owner: owner, render: render)
  }

  /// Gives back the credit `render` spent, when the policy allows (``CreditPolicy/refunds(_:ledger:now:)``):
  /// true when refunded now.
  @discardableResult
  public func refund(for owner: String, render: String) async throws -> Bool {
    try await database.inTransaction { session in try await refund(for: owner, render: render, on: session) }
  }

  /// ``refund(for:render:)`` inside the caller's transaction.
  func refund(for owner: String, render: String, on session: any SQLDatabase) async throws -> Bool {
    // The account's row first: on PostgreSQL its lock keeps two refunds from both counting the
    // window before either is written.
    guard try await lock(owner, on: session) != nil else { return false }
    let ledger = try await entries(of: owner, on: session)
    guard CreditPolicy.refunds(render, ledger: ledger, now: clock.now),
      try await append(.refund, owner: owner, key: "refund:" + render, render: render, on: session)
    else { return false }
    _ = try await change(owner, by: .refund, on: session)
    return true
  }

  /// Settles the credit `render` holds as the core says a render ending `status` does
  /// (``CreditPolicy/settlement(of:)``), inside the caller's transaction: the render's own change
  /// and its credit's are one.
  func settle(
    render: String, of owner: String, ending status: RenderStatus, on session: any SQLDatabase
  ) async throws
    -> Bool
  {
    try await settle(CreditPolicy.settlement(of: status), owner: owner, render: render, on: session)
  }

  private func settle(_ kind: CreditEntry.Kind, owner: String, render: String) async throws -> Bool {
    try await database.inTransaction { session in
      try await settle(kind, owner: owner, render: render, on: session)
    }
  }

  private func settle(
    _ kind: CreditEntry.Kind, owner: String, render: String, on session: any SQLDatabase
  ) async throws -> Bool {
    let reserved = try await session.select().column("seq").from(Self.ledger)
      .where("owner", .equal, SQLBind(owner)).where("entry_key", .equal, SQLBind("reserve:" + render))
      .first()
    guard reserved != nil,
      try await append(kind, owner: owner, key: "settle:" + render, render: render, on: session)
    else { return false }
    _ = try await change(owner, by: kind, on: session)
    return true
  }

  /// Takes `owner`'s balance row for the rest of the transaction and returns it; nil when there
  /// is none.
  private func lock(_ owner: String, on session: any SQLDatabase) async throws -> CreditBalance? {
    try await write(owner, CreditBalance(), on: session)
  }

  /// Moves `owner`'s balance row as a line of `kind` does and returns it; nil when there is none.
  private func change(
    _ owner: String, by kind: CreditEntry.Kind, on session: any SQLDatabase
  ) async throws
    -> CreditBalance?
  {
    try await write(owner, kind.move(), on: session)
  }

  /// Adds `move` to `owner`'s balance row and returns it.
  private func write(
    _ owner: String, _ move: CreditBalance, on session: any SQLDatabase
  ) async throws
    -> CreditBalance?
  {
    try await session.update(Self.balances)
      .set("available", to: SQLBinaryExpression(SQLIdentifier("available"), .add, SQLBind(Int64(move.available))))
      .set("reserved", to: SQLBinaryExpression(SQLIdentifier("reserved"), .add, SQLBind(Int64(move.reserved))))
      .set("updated_at", to: SQLBind(clock.now.timeIntervalSince1970))
      .where("owner", .equal, SQLBind(owner))
      .returning("available", "reserved").first(decoding: BalanceRow.self)?.balance
  }

  /// Appends a line unless one with `key` exists for `owner`; returns whether it did.
  private func append(
    _ kind: CreditEntry.Kind, amount: Int = 1, owner: String, key: String, render: String? = nil,
    on session: any SQLDatabase
  ) async throws -> Bool {
    let rows = try await session.insert(into: Self.ledger)
      .columns("owner", "entry_key", "kind", "amount", "render", "at")
      .values(
        SQLBind(owner), SQLBind(key), SQLBind(kind.rawValue), SQLBind(Int64(amount)), SQLBind(render),
        SQLBind(clock.now.timeIntervalSince1970)
      )
      .ignoringConflicts(with: ["owner", "entry_key"]).returning("seq").all()
    return !rows.isEmpty
  }

  // MARK: Reading

  /// `owner`'s balance: nothing for an account never granted any.
  public func balance(of owner: String) async throws -> CreditBalance {
    try await database.select().columns("available", "reserved").from(Self.balances)
      .where("owner", .equal, SQLBind(owner)).first(decoding: BalanceRow.self)?.balance ?? CreditBalance()
  }

  /// Whether `owner` has a balance at all: an account never granted anything has none.
  func hasBalance(_ owner: String) async throws -> Bool {
    try await database.select().column("owner").from(Self.balances).where("owner", .equal, SQLBind(owner)).first()
      != nil
  }

  /// `owner`'s ledger, in the order it was written.
  public func entries(of owner: String) async throws -> [CreditEntry] {
    try await entries(of: owner, on: database)
  }

  private func entries(of owner: String, on session: any SQLDatabase) async throws -> [CreditEntry] {
    try await session.select().columns("kind", "amount", "render", "at").from(Self.ledger)
      .where("owner", .equal, SQLBind(owner)).orderBy("seq")
      .all(decoding: EntryRow.self).compactMap(\.entry)
  }

  /// Every line and the balance of `owner`, for the account's deletion.
  public func erase(_ owner: String) async throws {
    try await database.inTransaction { session in
      for table in [Self.ledger, Self.balances] {
        try await session.delete(from: table).where("owner", .equal, SQLBind(owner)).run()
      }
    }
  }
}

private struct BalanceRow: Decodable {
  let available: Int
  let reserved: Int
  var balance: CreditBalance { CreditBalance(available: available, reserved: reserved) }
}

private struct EntryRow: Decodable {
  let kind: String
  let amount: Int
  let render: String?
  let at: Double

  var entry: CreditEntry? {
    CreditEntry.Kind(rawValue: kind).map {
      CreditEntry(kind: $0, amount: amount, render: render, at: Date(timeIntervalSince1970: at))
    }
  }
}
