import Foundation
import IdentityCore
import OrchardKit
import SQLKit
import ServerKit

/// A single-use link mailed to an account: a password reset, the confirmation of a new email, the
/// confirmation of a new account's address, or the way back to the address an account moved from.
public struct EmailLink: Sendable, Equatable {
  public enum Purpose: String, Sendable {
    case reset, emailChange = "email-change", signUp = "sign-up"
    /// Mailed to the old address when the email changes: it puts that address back (`newEmail`).
    case emailRestore = "email-restore"
  }

  public let accountID: String
  public let purpose: Purpose
  /// The address an email change moves to.
  public let newEmail: String?
  /// The address the link was mailed to.
  public let sentTo: String?
  /// The account's email when the link was made (empty for an account that had none): the link
  /// opens only while it is still the account's email. Nil for a link made before links were
  /// bound, which never opens.
  public let accountEmail: String?

  public init(accountID: String, purpose: Purpose, newEmail: String?, sentTo: String?, accountEmail: String?) {
    self.accountID = accountID
    self.purpose = purpose
    self.newEmail = newEmail
    self.sentTo = sentTo
    self.accountEmail = accountEmail
  }

  /// Whether the link still opens for `account` as it is now: not deleted, and with the email it
  /// had when the link was mailed. A reset link mailed to an old address, or an email change
  /// asked for before the email changed again, opens nothing.
  ///
  /// A restore link is the exception: it holds whatever the email is now, so someone who took the
  /// account over cannot kill it by changing the email again.
  public func holds(for account: Account) -> Bool {
    guard account.deletedAt == nil, account.id == accountID, let accountEmail else { return false }
    if purpose == .emailRestore { return true }
    return (account.email?.normalized ?? "") == accountEmail
  }
}

extension AccountStore {
  // MARK: Email links

  /// Keeps the hash of a new link's token, valid until `expiresAt`, bound to the address it is
  /// mailed to (`sentTo`) and to the account's email now (`accountEmail`). Earlier unspent links
  /// of the same purpose stop working: only the newest mail's link opens. Restore links are the
  /// exception: each old address keeps its own.
  public func insertEmailLink(
    hash: String, account: String, purpose: EmailLink.Purpose, newEmail: String? = nil, sentTo: String,
    accountEmail: String, at now: Date, expiresAt: Date, on connection: (any SQLDatabase)? = nil
  ) async throws {
    let database = connection ?? database
    if purpose != .emailRestore {
      try await database.update("email_links").set("spent_at", to: SQLBind(now.timeIntervalSince1970))
        .where("account_id", .equal, SQLBind(account)).where("purpose", .equal, SQLBind(purpose.rawValue))
        .where("spent_at", .is, SQLLiteral.null).run()
    }
    try await database.insert(into: "email_links")
      .columns(
        "token_hash", "account_id", "purpose", "new_email", "sent_to", "account_email", "created_at", "expires_at"
      )
      .values(
        SQLBind(hash), SQLBind(account), SQLBind(purpose.rawValue), SQLBind(newEmail), SQLBind(sentTo),
        SQLBind(accountEmail), SQLBind(now.timeIntervalSince1970), SQLBind(expiresAt.timeIntervalSince1970)
      ).run()
  }

  /// Spends every unspent link of the account on `connection`: after a new password, a new email,
  /// a completed reset or a deletion, no link mailed before opens, in any process. Restore links
  /// outlive all of that (someone who took the account over would change the password first),
  /// unless `restores`: only putting an address back spends them.
  public func spendEmailLinks(
    of account: String, restores: Bool = false, at now: Date, on connection: (any SQLDatabase)? = nil
  )
    async throws
  {
    var query = (connection ?? database).update("email_links").set("spent_at", to: SQLBind(now.timeIntervalSince1970))
      .where("account_id", .equal, SQLBind(account)).where("spent_at", .is, SQLLiteral.null)
    if !restores { query = query.where("purpose", .notEqual, SQLBind(EmailLink.Purpose.emailRestore.rawValue)) }
    try await query.run()
  }

  /// The link, if it is unspent and unexpired, without spending it (a page shows its form).
  public func emailLink(hash: String, purpose: EmailLink.Purpose, at now: Date) async throws -> EmailLink? {
    let row: LinkRow? = try await database.select().columns(LinkRow.columns.map { SQLColumn($0) })
      .from("email_links").where("token_hash", .equal, SQLBind(hash))
      .where("purpose", .equal, SQLBind(purpose.rawValue)).where("spent_at", .is, SQLLiteral.null)
      .where("expires_at", .greaterThan, SQLBind(now.timeIntervalSince1970)).first(decoding: LinkRow.self)
    return row?.link
  }

  /// Spends the link on `connection` as a compare-and-set: the link it was, or nil when it was
  /// unknown, expired or already spent (two tabs opening it get one success between them).
  public func spendEmailLink(
    hash: String, purpose: EmailLink.Purpose, at now: Date, on connection: (any SQLDatabase)? = nil
  ) async throws -> EmailLink? {
    let rows: [LinkRow] = try await (connection ?? database).update("email_links")
      .set("spent_at", to: SQLBind(now.timeIntervalSince1970)).where("token_hash", .equal, SQLBind(hash))
      .where("purpose", .equal, SQLBind(purpose.rawValue)).where("spent_at", .is, SQLLiteral.null)
      .where("expires_at", .greaterThan, SQLBind(now.timeIntervalSince1970))
      .returning(LinkRow.columns.map { SQLColumn($0) }).all(decoding: LinkRow.self)
    return rows.first?.link
  }

  /// The email change waiting for its link, if one is.
  public func pendingEmail(of account: String, at now: Date) async throws -> String? {
    let row: LinkRow? = try await database.select().columns(LinkRow.columns.map { SQLColumn($0) })
      .from("email_links").where("account_id", .equal, SQLBind(account))
      .where("purpose", .equal, SQLBind(EmailLink.Purpose.emailChange.rawValue))
      .where("spent_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, SQLBind(now.timeIntervalSince1970))
      .orderBy("created_at", .descending).first(decoding: LinkRow.self)
    return row?.new_email
  }

  /// When the account's newest link of `purpose` was made (the resend limit reads it).
  public func lastEmailLink(of account: String, purpose: EmailLink.Purpose) async throws -> Date? {
    let row: CreatedRow? = try await database.select().column("created_at").from("email_links")
      .where("account_id", .equal, SQLBind(account)).where("purpose", .equal, SQLBind(purpose.rawValue))
      .orderBy("created_at", .descending).first(decoding: CreatedRow.self)
    return row.map { Date(timeIntervalSince1970: $0.created_at) }
  }

  /// When the newest link of `purpose` mailed to `address` was made, whichever account asked (the
  /// limit of one mail a minute to one address reads it).
  public func lastEmailLink(sentTo address: String, purpose: EmailLink.Purpose) async throws -> Date? {
    let row: CreatedRow? = try await database.select().column("created_at").from("email_links")
      .where("sent_to", .equal, SQLBind(address)).where("purpose", .equal, SQLBind(purpose.rawValue))
      .orderBy("created_at", .descending).first(decoding: CreatedRow.self)
    return row.map { Date(timeIntervalSince1970: $0.created_at) }
  }

  // MARK: Export and deletion

  /// The token hashes of the account's web sessions, ended or not.
  public func webTokenHashes(of accountID: String) async throws -> [String] {
    let rows: [HashRow] = try await database.select().column(SQLAlias(SQLColumn("token_hash"), as: "hash"))
      .from("sessions").where("account_id", .equal, SQLBind(accountID)).where("kind", .equal, SQLBind("web"))
      .all(decoding: HashRow.self)
    return rows.map(\.hash)
  }

  /// The account's API sessions that are live or ended since `since`: the ones a process may
  /// still remember as live.
  public func apiSessionIDs(of accountID: String, endedSince since: Date) async throws -> [String] {
    let rows: [IDRow] = try await database.select().column("id").from("sessions")
      .where("account_id", .equal, SQLBind(accountID)).where("kind", .equal, SQLBind("api"))
      .where {
        $0.where("ended_at", .is, SQLLiteral.null).orWhere(
          "ended_at", .greaterThanOrEqual, SQLBind(since.timeIntervalSince1970))
      }
      .all(decoding: IDRow.self)
    return rows.map(\.id)
  }

  /// Every session of the account, newest first.
  public func sessions(of accountID: String) async throws -> [StoredSession] {
    let rows: [SessionRow] = try await database.select().columns(SessionRow.columns.map { SQLColumn($0) })
      .from("sessions").where("account_id", .equal, SQLBind(accountID)).orderBy("created_at", .descending)
      .all(decoding: SessionRow.self)
    return rows.map(\.session)
  }

  /// Removes every identity row that names the account, in one transaction: its sessions and
  /// their refresh tokens, its links, its mail, its audit lines, its Apple link, its password and
  /// the account itself. Running it again removes nothing more.
  public func erase(_ accountID: String) async throws {
    try await database.inTransaction { database in
      let sessions: [IDRow] = try await database.select().column("id").from("sessions")
        .where("account_id", .equal, SQLBind(accountID)).all(decoding: IDRow.self)
      if !sessions.isEmpty {
        try await database.delete(from: "refresh_tokens")
          .where("session_id", .in, SQLBind.group(sessions.map(\.id))).run()
      }
      for table in ["sessions", "email_links", "email_outbox", "auth_events", "apple_identities"] {
        try await database.delete(from: table).where("account_id", .equal, SQLBind(accountID)).run()
      }
      try await database.delete(from: "password_credentials").where("account_id", .equal, SQLBind(accountID)).run()
      try await database.delete(from: "accounts").where("id", .equal, SQLBind(accountID)).run()
    }
  }

  struct CreatedRow: Decodable { let created_at: Double }

  struct LinkRow: Decodable {
    static let columns = ["account_id", "purpose", "new_email", "sent_to", "account_email"]
    let account_id: String
    let purpose: String
    let new_email: String?
    let sent_to: String?
    let account_email: String?

    var link: EmailLink? {
      EmailLink.Purpose(rawValue: purpose).map {
        EmailLink(
          accountID: account_id, purpose: $0, newEmail: new_email, sentTo: sent_to, accountEmail: account_email)
      }
    }
  }
}
