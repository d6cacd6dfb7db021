import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// Web sessions: a cookie holds a 256-bit token whose hash names a `web` session row. A session
/// ends when it is signed out (in every process at once, since each request reads the row), when
/// it has gone unused for the idle lifetime, or when the absolute lifetime has passed.
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

  /// The caller whose cookie holds `token`, while the session holds; its use is recorded (at most
  /// once a minute, so reading pages does not write on every request).
  public func webCaller(token: String) async throws -> Caller? {
    guard (1...256).contains(token.utf8.count) else { return nil }
    let now = clock.now
    guard let session = try await store.session(tokenHash: DeviceToken(value: token).hash), session.kind == .web,
      session.app == realm.app, session.endedAt == nil
    else { return nil }
    guard lifetimes.sessionHolds(createdAt: session.createdAt, lastUsedAt: session.lastUsedAt, now: now) else {
      try await store.endSession(session.id, at: now)
      return nil
    }
    guard let account = try await store.account(id: session.accountID), account.deletedAt == nil else { return nil }
    if now.timeIntervalSince(session.lastUsedAt) >= 60 { try await store.touchSession(session.id, at: now) }
    return Caller(account: account, session: session.id)
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
    try await store.emailLink(hash: DeviceToken(value: token).hash, purpose: .emailChange, at: clock.now) != nil
  }

  /// The email change waiting for its link, if any.
  public func pendingEmail(of caller: Caller) async throws -> String? {
    try await store.pendingEmail(of: caller.account.id, at: clock.now)
  }
}
