import Foundation
import IdentityCore
import NIOCore
import OrchardKit
import ServerKit

/// A web session as the account pages use it: whose it is, and what the account page shows.
public struct WebSession: Sendable {
  public let session: StoredSession
  public let account: Account
  public var lastUsedAt: Date
  public let hasPassword: Bool
  public let pendingEmail: String?
  /// The account page as rendered for this session, by language: it shows only what this value
  /// holds, so it is forgotten with it.
  public var accountPage: [Language: ByteBuffer] = [:]

  public var caller: Caller { Caller(account: account, session: session.id) }
}

/// Web sessions: a cookie holds a 256-bit token whose hash names a `web` session row. A session
/// ends when it is signed out (in every process: the row is ended and every process forgets what
/// it remembered of it within a second), when it has gone unused for the idle lifetime, or when the
/// absolute lifetime has passed.
extension Accounts {
  /// A new web session for `account`, and the token its cookie carries. A new token at every
  /// sign-in, so a token planted before sign-in (fixation) never names a signed-in session.
  public func startWebSession(for account: Account) async throws -> DeviceToken {
    var generator = random.generator
    let token = DeviceToken(using: &generator)
    let id = IdempotencyID(using: &generator).description
    try await store.startSession(id: id, account: account, kind: .web, tokenHash: token.hash, at: clock.now)
    return token
  }

  /// The web session whose cookie holds `token`, while it holds; its use is recorded (at most once
  /// a minute, so reading pages does not write on every request).
  ///
  /// What a page needs of it is remembered for up to a minute (``webSessions``), and forgotten,
  /// here and in every process on the database, whenever the session or its account changes.
  public func webSession(token: String) async throws -> WebSession? {
    guard (1...256).contains(token.utf8.count) else { return nil }
    let hash = DeviceToken(value: token).hash
    let (store, realm, clock) = (store, realm, clock)
    let read: @Sendable () async throws -> WebSession? = {
      guard let session = try await store.session(tokenHash: hash), session.kind == .web, session.app == realm.app,
        session.endedAt == nil, let account = try await store.account(id: session.accountID),
        account.deletedAt == nil
      else { return nil }
      return WebSession(
        session: session, account: account, lastUsedAt: session.lastUsedAt,
        hasPassword: try await store.passwordHash(of: account.id) != nil,
        pendingEmail: try await store.pendingEmail(of: account.id, at: clock.now))
    }
    let remembered = if let webSessions { try await webSessions.load(hash, read) } else { try await read() }
    guard let found = remembered else { return nil }
    let now = clock.now
    guard lifetimes.sessionHolds(createdAt: found.session.createdAt, lastUsedAt: found.lastUsedAt, now: now) else {
      try await store.endSession(found.session.id, at: now)
      try await webSessions?.forget(hash)
      return nil
    }
    if now.timeIntervalSince(found.lastUsedAt) >= 60 {
      try await store.touchSession(found.session.id, at: now)
      webSessions?.update(hash) { $0.lastUsedAt = now }
    }
    return found
  }

  /// Keeps the account page rendered for the session `token` names, in `language`.
  public func rememberAccountPage(_ page: ByteBuffer, language: Language, token: String) {
    webSessions?.update(DeviceToken(value: token).hash) { $0.accountPage[language] = page }
  }

  /// The caller whose cookie holds `token`, while the session holds.
  public func webCaller(token: String) async throws -> Caller? { try await webSession(token: token)?.caller }

  /// Forgets what is remembered of the account's sessions, web and API, in every process: after a
  /// sign-out, a new password or email, or a deletion. An API session that ended over a minute
  /// ago is remembered nowhere (``callers`` keeps nothing longer).
  func forgetSessions(of accountID: String) async throws {
    if let webSessions {
      for hash in try await store.webTokenHashes(of: accountID) { try await webSessions.forget(hash) }
    }
    if let callers {
      let since = clock.now.addingTimeInterval(-(callers.maxAge ?? 86_400) - 60)
      for session in try await store.apiSessionIDs(of: accountID, endedSince: since) {
        try await callers.forget(session)
      }
    }
  }

  /// Ends the session a cookie names, if it is live (signing out of a page).
  public func endWebSession(token: String, address: String?) async throws {
    guard let caller = try await webCaller(token: token) else { return }
    try await signOut(caller, scope: .local, address: address)
  }

  /// Gives the account what the app kept for the visitor's anonymous device, as the core decides
  /// (``DeviceAdoption``): all of it for an account just made on that device, nothing otherwise.
  public func adopt(device: String?, into account: Account, accountIsNew: Bool) async throws {
    guard let device, DeviceAdoption.decide(accountIsNew: accountIsNew) == .moveAll else { return }
    for part in data.all { try await part.adopt(device: device, into: account.id) }
    try await identity.audit("device-adopted", account: account.id, address: nil)
  }

  /// Whether an email-change link still opens.
  public func emailLinkOpens(_ token: String) async throws -> Bool {
    try await openLink(DeviceToken(value: token).hash, purpose: .emailChange) != nil
  }

  /// The email change waiting for its link, if any.
  public func pendingEmail(of caller: Caller) async throws -> String? {
    try await store.pendingEmail(of: caller.account.id, at: clock.now)
  }
}
