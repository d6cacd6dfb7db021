import Foundation
import IdentityCore
import OrchardKit
import SQLKit
import ServerKit

extension AccountStore {
  /// The account Apple's `sub` is linked to in `app`.
  public func appleAccount(app: String, subject: String) async throws -> String? {
    let row: AccountIDRow? = try await database.select().column("account_id").from("apple_identities")
      .where("app", .equal, SQLBind(app)).where("sub", .equal, SQLBind(subject)).first(decoding: AccountIDRow.self)
    return row?.account_id
  }

  /// Whether the account is linked to an Apple identity.
  public func hasAppleIdentity(_ accountID: String) async throws -> Bool {
    let row: AccountIDRow? = try await database.select().column("account_id").from("apple_identities")
      .where("account_id", .equal, SQLBind(accountID)).first(decoding: AccountIDRow.self)
    return row != nil
  }

  /// Links Apple's `sub` to an existing account; false when the `sub` is already linked.
  @discardableResult
  public func linkApple(
    app: String, subject: String, account: String, email: EmailAddress?, at now: Date,
    on connection: (any SQLDatabase)? = nil
  ) async throws -> Bool {
    let rows: [AccountIDRow] = try await (connection ?? database).insert(into: "apple_identities")
      .columns("app", "sub", "account_id", "email", "created_at")
      .values(
        SQLBind(app), SQLBind(subject), SQLBind(account), SQLBind(email?.normalized),
        SQLBind(now.timeIntervalSince1970)
      )
      .ignoringConflicts(with: ["app", "sub"]).returning("account_id").all(decoding: AccountIDRow.self)
    return !rows.isEmpty
  }

  /// Removes every Apple sign-in linked to the account (putting an address back after a takeover:
  /// whoever took it may have linked their own).
  public func unlinkApple(account: String) async throws {
    try await database.delete(from: "apple_identities").where("account_id", .equal, SQLBind(account)).run()
  }

  /// A new account made by Sign in with Apple, with its email (verified by Apple) if it shared one,
  /// linked to its `sub`, in one transaction; nil when the email or the `sub` was taken meanwhile.
  public func createAppleAccount(
    id: String, app: String, subject: String, email: EmailAddress?, language: Language, at now: Date
  ) async throws -> Account? {
    let created = try await database.inTransaction { [self] database -> Bool in
      let rows: [IDRow] = try await database.insert(into: "accounts")
        .columns("id", "app", "email", "email_verified_at", "language", "created_at", "failures", "version")
        .values(
          SQLBind(id), SQLBind(app), SQLBind(email?.normalized),
          SQLBind(email == nil ? nil : now.timeIntervalSince1970), SQLBind(language.rawValue),
          SQLBind(now.timeIntervalSince1970), SQLBind(Int64(0)), SQLBind(Int64(1))
        )
        .ignoringConflicts(with: ["app", "email"]).returning("id").all(decoding: IDRow.self)
      guard !rows.isEmpty else { return false }
      guard try await linkApple(app: app, subject: subject, account: id, email: email, at: now, on: database) else {
        throw AppleLinkRace()
      }
      return true
    }
    guard created else { return nil }
    return try await account(id: id)
  }

  struct AccountIDRow: Decodable { let account_id: String }
}

/// Another request linked the same Apple identity first; the transaction is undone.
struct AppleLinkRace: Error {}
