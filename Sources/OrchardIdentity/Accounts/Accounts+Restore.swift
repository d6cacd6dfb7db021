import Foundation
import IdentityCore
import OrchardKit
import ServerKit

extension Accounts {
  // MARK: Putting an old address back

  /// Whether a restore link still opens (the page shows its form only then), and the address it
  /// puts back.
  public func restoreLinkAddress(_ token: String) async throws -> String? {
    guard (1...256).contains(token.utf8.count),
      let (link, _) = try await openLink(DeviceToken(value: token).hash, purpose: .emailRestore)
    else { return nil }
    return link.newEmail
  }

  /// Uses the link mailed to an account's old address when its email changed: the account takes
  /// that address back and the new password, every session ends, every other link stops opening,
  /// and any Apple sign-in linked to it is removed. This is how the owner of an account taken over
  /// with a stolen password gets it back, whatever the taker changed since (the email again, the
  /// password). Refused as `email_exists` when another account took the address meanwhile.
  public func restoreEmail(
    token: String, password: String, confirmation: String?, address: String?
  ) async throws -> Result<Account, AuthFailure> {
    if let address, let refusal = try await identity.refusal(address) { return .failure(refusal) }
    let now = clock.now
    let hash = DeviceToken(value: token).hash
    guard (1...256).contains(token.utf8.count),
      let (link, _) = try await openLink(hash, purpose: .emailRestore),
      let old = link.newEmail.flatMap({ try? EmailAddress.parse($0).get() })
    else { return .failure(.emailLinkInvalid) }
    if let problem = identity.policy.problem(with: password, email: old) { return .failure(.weakPassword(problem)) }
    if let confirmation, !PasswordConfirmation.matches(password, confirmation) { return .failure(.passwordsDontMatch) }
    let passwordHash = try await identity.hasher.hash(password)
    guard try await store.spendEmailLink(hash: hash, purpose: .emailRestore, at: now) != nil else {
      return .failure(.emailLinkInvalid)
    }
    let restored: Account??
    do {
      restored = try await store.update(link.accountID) { account -> Account? in
        guard link.holds(for: account) else { return nil }
        account.email = old
        account.emailVerifiedAt = now
        account.awaitingConfirmation = false
        account.failures = .clear
        return account
      }
    } catch {
      if let (holder, _) = try await store.account(app: realm.app, email: old), holder.id != link.accountID {
        return .failure(.emailExists)
      }
      throw error
    }
    guard let account = restored ?? nil else { return .failure(.emailLinkInvalid) }
    try await store.setPasswordHash(passwordHash, for: account.id, at: now)
    try await store.spendEmailLinks(of: account.id, restores: true, at: now)
    try await store.unlinkApple(account: account.id)
    try await store.endSessions(of: account.id, at: now)
    try await forgetSessions(of: account.id)
    if let address { try await identity.forgetFailures(of: account, from: address) }
    try await identity.audit("email-restored", account: account.id, address: address)
    return .success(account)
  }
}
