import Foundation
import IdentityCore
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit

/// One account of one app, as stored.
public struct Account: Sendable, Equatable {
  public let id: String
  public let app: String
  public var email: EmailAddress?
  public var emailVerifiedAt: Date?
  /// Made by signing up with an email, and that email not yet confirmed by the mailed link: it
  /// cannot sign in until it is (``AuthFailure/emailNotConfirmed``).
  public var awaitingConfirmation: Bool = false
  public var language: Language
  public let createdAt: Date
  public var deletedAt: Date?
  /// Wrong passwords in a row, and the lock they earned.
  public var failures: FailureRecord
  /// The row's version: every change is a compare-and-set on it.
  public let version: Int64
}

/// A signed-in session: a web cookie's, or an app's family of refresh tokens.
public struct StoredSession: Sendable, Equatable {
  public enum Kind: String, Sendable { case web, api }

  public let id: String
  public let accountID: String
  public let app: String
  public let kind: Kind
  public let createdAt: Date
  public let lastUsedAt: Date
  public let endedAt: Date?

  /// The session as the rotation rule sees it.
  public var rotation: RefreshRotation.Session {
    RefreshRotation.Session(createdAt: createdAt, lastUsedAt: lastUsedAt, endedAt: endedAt)
  }
}

/// One refresh token of a session's family, by the hash of its text.
public struct StoredRefreshToken: Sendable, Equatable {
  public let hash: String
  public let sessionID: String
  public let parentHash: String?
  public let issuedAt: Date
  public let spentAt: Date?
  public let revokedAt: Date?
  public let childSealed: String?
}

/// The identity layer's rows: accounts and their passwords, sessions, refresh tokens and the audit
/// log. Written once against SQLKit, the same on SQLite and PostgreSQL.
public struct AccountStore: Sendable {
  public let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  // MARK: Accounts

  /// A new account with its password hash, or nil when the app already has an account with this
  /// email. Both rows are written together or not at all. `awaitingConfirmation` marks an account
  /// made by signing up with an email, until the mailed link confirms it.
  public func create(
    id: String, app: String, email: EmailAddress?, passwordHash: String?, language: Language,
    awaitingConfirmation: Bool = false, at now: Date
  ) async throws -> Account? {
    let created = try await database.inTransaction { database -> Bool in
      let rows: [IDRow] = try await database.insert(into: "accounts")
        .columns("id", "app", "email", "language", "created_at", "failures", "version", "awaiting_confirmation")
        .values(
          SQLBind(id), SQLBind(app), SQLBind(email?.normalized), SQLBind(language.rawValue),
          SQLBind(now.timeIntervalSince1970), SQLBind(Int64(0)), SQLBind(Int64(1)),
          SQLBind(Int64(awaitingConfirmation ? 1 : 0))
        )
        .ignoringConflicts(with: ["app", "email"]).returning("id").all(decoding: IDRow.self)
      guard !rows.isEmpty else { return false }
      if let passwordHash {
        try await database.insert(into: "password_credentials").columns("account_id", "hash", "updated_at")
          .values(SQLBind(id), SQLBind(passwordHash), SQLBind(now.timeIntervalSince1970)).run()
      }
      return true
    }
    guard created else { return nil }
    return try await account(id: id)
  }

  /// The app's account with this email (not one being deleted), and its password hash if it has
  /// a password.
  public func account(app: String, email: EmailAddress) async throws -> (Account, passwordHash: String?)? {
    let row: AccountRow? = try await database.select().columns(AccountRow.columns.map { SQLColumn($0) })
      .from("accounts").where("app", .equal, SQLBind(app)).where("email", .equal, SQLBind(email.normalized))
      .where("deleted_at", .is, SQLLiteral.null).first(decoding: AccountRow.self)
    guard let account = row?.account else { return nil }
    return (account, try await passwordHash(of: account.id))
  }

  /// The account with this id, whatever its state.
  public func account(id: String) async throws -> Account? {
    let row: AccountRow? = try await database.select().columns(AccountRow.columns.map { SQLColumn($0) })
      .from("accounts").where("id", .equal, SQLBind(id)).first(decoding: AccountRow.self)
    return row?.account
  }

  public func passwordHash(of accountID: String) async throws -> String? {
    let row: HashRow? = try await database.select().column("hash").from("password_credentials")
      .where("account_id", .equal, SQLBind(accountID)).first(decoding: HashRow.self)
    return row?.hash
  }

  /// Writes `account`'s changeable fields if the row is still at the version it was read at;
  /// false when another request changed it first (read it again and decide again).
  public func save(_ account: Account) async throws -> Bool {
    let rows: [IDRow] = try await database.update("accounts")
      .set("email", to: SQLBind(account.email?.normalized))
      .set("email_verified_at", to: SQLBind(account.emailVerifiedAt?.timeIntervalSince1970))
      .set("awaiting_confirmation", to: SQLBind(Int64(account.awaitingConfirmation ? 1 : 0)))
      .set("language", to: SQLBind(account.language.rawValue))
      .set("deleted_at", to: SQLBind(account.deletedAt?.timeIntervalSince1970))
      .set("failures", to: SQLBind(Int64(account.failures.count)))
      .set("last_failure_at", to: SQLBind(account.failures.lastFailure?.timeIntervalSince1970))
      .set("locked_until", to: SQLBind(account.failures.lockedUntil?.timeIntervalSince1970))
      .set("version", to: SQLBind(account.version + 1))
      .where("id", .equal, SQLBind(account.id)).where("version", .equal, SQLBind(account.version))
      .returning("id").all(decoding: IDRow.self)
    return !rows.isEmpty
  }

  /// Reads the account, lets `change` decide, and saves, as a compare-and-set retried on fresh
  /// state (``CompareAndSet/maxAttempts`` times, then 409 `CONFLICT`). Nil when there is no account.
  @discardableResult
  public func update<R: Sendable>(_ id: String, _ change: (inout Account) throws -> R) async throws -> R? {
    for _ in 0..<CompareAndSet.maxAttempts {
      guard var account = try await account(id: id) else { return nil }
      let before = account
      let result = try change(&account)
      if account == before { return result }
      if try await save(account) { return result }
      await Task.yield()
    }
    throw OrchardError.conflict
  }

  public func setPasswordHash(_ hash: String, for accountID: String, at now: Date) async throws {
    try await database.insert(into: "password_credentials").columns("account_id", "hash", "updated_at")
      .values(SQLBind(accountID), SQLBind(hash), SQLBind(now.timeIntervalSince1970))
      .onConflict(with: ["account_id"]) { $0.set(excludedValueOf: "hash").set(excludedValueOf: "updated_at") }
      .run()
  }

  // MARK: Sessions

  public func startSession(
    id: String, account: Account, kind: StoredSession.Kind, tokenHash: String? = nil, at now: Date,
    on connection: (any SQLDatabase)? = nil
  ) async throws {
    try await (connection ?? database).insert(into: "sessions")
      .columns("id", "account_id", "app", "kind", "token_hash", "created_at", "last_used_at")
      .values(
        SQLBind(id), SQLBind(account.id), SQLBind(account.app), SQLBind(kind.rawValue), SQLBind(tokenHash),
        SQLBind(now.timeIntervalSince1970), SQLBind(now.timeIntervalSince1970)
      ).run()
  }

  public func session(id: String) async throws -> StoredSession? {
    try await sessionRow { $0.where("id", .equal, SQLBind(id)) }
  }

  /// The web session whose cookie hashes to `tokenHash`.
  public func session(tokenHash: String) async throws -> StoredSession? {
    try await sessionRow { $0.where("token_hash", .equal, SQLBind(tokenHash)) }
  }

  public func touchSession(_ id: String, at now: Date) async throws {
    try await database.update("sessions").set("last_used_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(id)).where("ended_at", .is, SQLLiteral.null).run()
  }

  /// Ends sessions of `accountID` (all, or all but `keeping`), revoking their refresh tokens, and
  /// returns the ids it ended. A session ended here is ended for every process on the database.
  @discardableResult
  public func endSessions(of accountID: String, keeping: String? = nil, at now: Date) async throws -> [String] {
    try await database.inTransaction { database in
      var query = database.update("sessions").set("ended_at", to: SQLBind(now.timeIntervalSince1970))
        .where("account_id", .equal, SQLBind(accountID)).where("ended_at", .is, SQLLiteral.null)
      if let keeping { query = query.where("id", .notEqual, SQLBind(keeping)) }
      let ended: [IDRow] = try await query.returning("id").all(decoding: IDRow.self)
      for session in ended { try await Self.revokeTokens(of: session.id, at: now, on: database) }
      return ended.map(\.id)
    }
  }

  /// Ends one session and revokes its refresh tokens; false when it had already ended.
  @discardableResult
  public func endSession(_ id: String, at now: Date) async throws -> Bool {
    try await database.inTransaction { database in
      let ended: [IDRow] = try await database.update("sessions")
        .set("ended_at", to: SQLBind(now.timeIntervalSince1970)).where("id", .equal, SQLBind(id))
        .where("ended_at", .is, SQLLiteral.null).returning("id").all(decoding: IDRow.self)
      try await Self.revokeTokens(of: id, at: now, on: database)
      return !ended.isEmpty
    }
  }

  // MARK: Refresh tokens

  public func insertRefreshToken(
    hash: String, session: String, parent: String? = nil, at now: Date, on connection: (any SQLDatabase)? = nil
  ) async throws {
    try await (connection ?? database).insert(into: "refresh_tokens")
      .columns("token_hash", "session_id", "parent_hash", "issued_at")
      .values(SQLBind(hash), SQLBind(session), SQLBind(parent), SQLBind(now.timeIntervalSince1970)).run()
  }

  public func refreshToken(hash: String) async throws -> StoredRefreshToken? {
    let row: RefreshRow? = try await database.select().columns(RefreshRow.columns.map { SQLColumn($0) })
      .from("refresh_tokens").where("token_hash", .equal, SQLBind(hash)).first(decoding: RefreshRow.self)
    return row?.token
  }

  /// The live token `hash` replaced, if it was spent and its child is still unused.
  public func liveChild(of hash: String) async throws -> StoredRefreshToken? {
    let row: RefreshRow? = try await database.select().columns(RefreshRow.columns.map { SQLColumn($0) })
      .from("refresh_tokens").where("parent_hash", .equal, SQLBind(hash)).where("spent_at", .is, SQLLiteral.null)
      .where("revoked_at", .is, SQLLiteral.null).first(decoding: RefreshRow.self)
    return row?.token
  }

  /// Spends `hash` and issues its child `childHash` (with `childSealed`, the child's text sealed
  /// by the parent's), as one compare-and-set: false, with nothing written, when the token was
  /// already spent or revoked (another request rotated it first).
  public func rotate(
    _ hash: String, to childHash: String, childSealed: String, session: String, at now: Date
  )
    async throws -> Bool
  {
    try await database.inTransaction { database in
      let spent: [HashRow] = try await database.update("refresh_tokens")
        .set("spent_at", to: SQLBind(now.timeIntervalSince1970)).set("child_sealed", to: SQLBind(childSealed))
        .where("token_hash", .equal, SQLBind(hash)).where("spent_at", .is, SQLLiteral.null)
        .where("revoked_at", .is, SQLLiteral.null).returning(SQLAlias(SQLColumn("token_hash"), as: "hash"))
        .all(decoding: HashRow.self)
      guard !spent.isEmpty else { return false }
      try await insertRefreshToken(hash: childHash, session: session, parent: hash, at: now, on: database)
      try await database.update("sessions").set("last_used_at", to: SQLBind(now.timeIntervalSince1970))
        .where("id", .equal, SQLBind(session)).run()
      return true
    }
  }

  /// A stolen token came back: every token of the session is revoked and the session ends.
  public func revokeFamily(of session: String, at now: Date) async throws {
    try await endSession(session, at: now)
  }

  /// Live refresh tokens of a session (a test and the export count them).
  public func liveTokens(of session: String) async throws -> [StoredRefreshToken] {
    let rows: [RefreshRow] = try await database.select().columns(RefreshRow.columns.map { SQLColumn($0) })
      .from("refresh_tokens").where("session_id", .equal, SQLBind(session)).where("spent_at", .is, SQLLiteral.null)
      .where("revoked_at", .is, SQLLiteral.null).all(decoding: RefreshRow.self)
    return rows.map(\.token)
  }

  static func revokeTokens(of session: String, at now: Date, on database: any SQLDatabase) async throws {
    try await database.update("refresh_tokens").set("revoked_at", to: SQLBind(now.timeIntervalSince1970))
      .where("session_id", .equal, SQLBind(session)).where("revoked_at", .is, SQLLiteral.null).run()
  }

  // MARK: Audit

  /// One line of the audit log: what happened to which account, from where. Never a secret.
  public func record(
    _ kind: String, app: String, account: String?, address: String?, id: String, at now: Date,
    on connection: (any SQLDatabase)? = nil
  ) async throws {
    try await (connection ?? database).insert(into: "auth_events").columns(
      "id", "app", "account_id", "kind", "address", "at"
    )
    .values(
      SQLBind(id), SQLBind(app), SQLBind(account), SQLBind(kind), SQLBind(address), SQLBind(now.timeIntervalSince1970)
    ).run()
  }

  /// The account's audit log, oldest first.
  public func events(of accountID: String) async throws -> [(kind: String, at: Date)] {
    let rows: [EventRow] = try await database.select().columns("kind", "at").from("auth_events")
      .where("account_id", .equal, SQLBind(accountID)).orderBy("at").all(decoding: EventRow.self)
    return rows.map { ($0.kind, Date(timeIntervalSince1970: $0.at)) }
  }

  // MARK: Rows

  private func sessionRow(_ filter: (SQLSelectBuilder) -> SQLSelectBuilder) async throws -> StoredSession? {
    let row: SessionRow? = try await filter(
      database.select().columns(SessionRow.columns.map { SQLColumn($0) }).from("sessions")
    ).first(decoding: SessionRow.self)
    return row?.session
  }

  struct IDRow: Decodable { let id: String }
  struct HashRow: Decodable { let hash: String }

  struct EventRow: Decodable {
    let kind: String
    let at: Double
  }

  struct AccountRow: Decodable {
    static let columns = [
      "id", "app", "email", "email_verified_at", "language", "created_at", "deleted_at", "failures",
      "last_failure_at", "locked_until", "version", "awaiting_confirmation",
    ]
    let id: String
    let app: String
    let email: String?
    let email_verified_at: Double?
    let language: String
    let created_at: Double
    let deleted_at: Double?
    let failures: Int64
    let last_failure_at: Double?
    let locked_until: Double?
    let version: Int64
    let awaiting_confirmation: Int64

    var account: Account {
      Account(
        id: id, app: app, email: email.flatMap { try? EmailAddress.parse($0).get() },
        emailVerifiedAt: email_verified_at.map(Date.init(timeIntervalSince1970:)),
        awaitingConfirmation: awaiting_confirmation != 0, language: Language(rawValue: language),
        createdAt: Date(timeIntervalSince1970: created_at),
        deletedAt: deleted_at.map(Date.init(timeIntervalSince1970:)),
        failures: FailureRecord(
          count: Int(failures), lastFailure: last_failure_at.map(Date.init(timeIntervalSince1970:)),
          lockedUntil: locked_until.map(Date.init(timeIntervalSince1970:))),
        version: version)
    }
  }

  struct SessionRow: Decodable {
    static let columns = ["id", "account_id", "app", "kind", "created_at", "last_used_at", "ended_at"]
    let id: String
    let account_id: String
    let app: String
    let kind: String
    let created_at: Double
    let last_used_at: Double
    let ended_at: Double?

    var session: StoredSession {
      StoredSession(
        id: id, accountID: account_id, app: app, kind: StoredSession.Kind(rawValue: kind) ?? .api,
        createdAt: Date(timeIntervalSince1970: created_at), lastUsedAt: Date(timeIntervalSince1970: last_used_at),
        endedAt: ended_at.map(Date.init(timeIntervalSince1970:)))
    }
  }

  struct RefreshRow: Decodable {
    static let columns = [
      "token_hash", "session_id", "parent_hash", "issued_at", "spent_at", "revoked_at", "child_sealed",
    ]
    let token_hash: String
    let session_id: String
    let parent_hash: String?
    let issued_at: Double
    let spent_at: Double?
    let revoked_at: Double?
    let child_sealed: String?

    var token: StoredRefreshToken {
      StoredRefreshToken(
        hash: token_hash, sessionID: session_id, parentHash: parent_hash,
        issuedAt: Date(timeIntervalSince1970: issued_at), spentAt: spent_at.map(Date.init(timeIntervalSince1970:)),
        revokedAt: revoked_at.map(Date.init(timeIntervalSince1970:)), childSealed: child_sealed)
    }
  }
}
