import OrchardDatabase
import SQLKit
import ServerKit

/// The identity layer's tables, the same on SQLite and PostgreSQL. Every account belongs to one
/// app (`app`): a Wearbloom account and a Dangdai account are unrelated, even with one email.
///
/// Secrets are never stored: passwords as Argon2id hashes, and every token (a session cookie, a
/// refresh token, an email link) as the SHA-256 of its text.
public enum IdentitySchema {
  public static let migrations: [Migration] = [
    Migration("identity-0001-accounts") { database in
      try await database.create(table: "accounts")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("app", type: .text, .notNull)
        // Normalised; absent for a Sign in with Apple account that shared no address.
        .column("email", type: .text)
        .column("email_verified_at", type: .epochSeconds)
        .column("language", type: .text, .notNull)
        .column("created_at", type: .epochSeconds, .notNull)
        // Set the moment deletion is asked for; the row goes when the deletion job has run.
        .column("deleted_at", type: .epochSeconds)
        // Wrong passwords in a row, and the lock they earned (``LockoutSchedule``).
        .column("failures", type: .bigint, .notNull)
        .column("last_failure_at", type: .epochSeconds)
        .column("locked_until", type: .epochSeconds)
        // Every change is a compare-and-set on this.
        .column("version", type: .bigint, .notNull)
        .unique("app", "email")
        .run()
      try await database.create(table: "password_credentials")
        .column("account_id", type: .text, .primaryKey(autoIncrement: false))
        .column("hash", type: .text, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
      try await database.create(table: "apple_identities")
        .column("app", type: .text, .notNull)
        .column("sub", type: .text, .notNull)
        .column("account_id", type: .text, .notNull)
        .column("email", type: .text)
        .column("created_at", type: .epochSeconds, .notNull)
        .primaryKey("app", "sub")
        .run()
      try await database.create(table: "sessions")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull)
        .column("app", type: .text, .notNull)
        // `web` (a cookie, whose hash is `token_hash`) or `api` (a family of refresh tokens).
        .column("kind", type: .text, .notNull)
        .column("token_hash", type: .text)
        .column("created_at", type: .epochSeconds, .notNull)
        .column("last_used_at", type: .epochSeconds, .notNull)
        .column("ended_at", type: .epochSeconds)
        .run()
      try await database.create(index: "sessions_by_token").unique().on("sessions").column("token_hash").run()
      try await database.create(index: "sessions_by_account").on("sessions").column("account_id").run()
      try await database.create(table: "refresh_tokens")
        .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
        // The family: every token of one session.
        .column("session_id", type: .text, .notNull)
        .column("parent_hash", type: .text)
        .column("issued_at", type: .epochSeconds, .notNull)
        .column("spent_at", type: .epochSeconds)
        .column("revoked_at", type: .epochSeconds)
        // The child issued when this token was spent, sealed with a key only this token's text
        // gives: a race within the grace window gets the child back, and the store alone cannot.
        .column("child_sealed", type: .text)
        .run()
      try await database.create(index: "refresh_tokens_by_session").on("refresh_tokens").column("session_id").run()
      try await database.create(table: "email_links")
        .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull)
        // `reset`, `email-change` or `sign-up`.
        .column("purpose", type: .text, .notNull)
        .column("new_email", type: .text)
        .column("created_at", type: .epochSeconds, .notNull)
        .column("expires_at", type: .epochSeconds, .notNull)
        .column("spent_at", type: .epochSeconds)
        .run()
      try await database.create(index: "email_links_by_account").on("email_links").column("account_id").run()
      try await database.create(table: "email_outbox")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("app", type: .text, .notNull)
        .column("account_id", type: .text)
        .column("to_address", type: .text, .notNull)
        .column("subject", type: .text, .notNull)
        .column("text_body", type: .text, .notNull)
        .column("html_body", type: .text, .notNull)
        .column("created_at", type: .epochSeconds, .notNull)
        .column("sent_at", type: .epochSeconds)
        .run()
      try await database.create(table: "auth_events")
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("app", type: .text, .notNull)
        .column("account_id", type: .text)
        // `sign-up`, `sign-in`, `sign-in-failed`, `locked`, `refresh-reuse`, `sign-out`, `reset`, …
        .column("kind", type: .text, .notNull)
        .column("address", type: .text)
        .column("at", type: .epochSeconds, .notNull)
        .run()
      try await database.create(index: "auth_events_by_account").on("auth_events").column("account_id").run()
    },
    // A link is bound to the address it was mailed to and to the account's email when it was made:
    // it dies when the account's email changes. Links made before this have neither and never open.
    Migration("identity-0004-link-addresses") { database in
      try await database.alter(table: "email_links").column("sent_to", type: .text).run()
      try await database.alter(table: "email_links").column("account_email", type: .text).run()
    },
    Migration("identity-0005-links-by-address") { database in
      try await database.create(index: "email_links_by_address").on("email_links").column("sent_to").run()
    },
    // An account made by signing up with an email waits (1) until its address is confirmed by the
    // mailed link; accounts made before sign-ups were confirmed never wait (0).
    Migration("identity-0006-awaiting-confirmation") { database in
      try await database.alter(table: "accounts")
        .column("awaiting_confirmation", type: .bigint, .notNull, .default(SQLLiteral.numeric("0"))).run()
    },
  ]
}
