import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// What a sign-up is told: that a mail is on its way to this address. The same words whether the
/// address was free, already had an account, or was waiting for its confirmation.
public struct SignUpSent: Sendable, Equatable {
  public let email: EmailAddress
  public let sentAt: Date
}

extension Accounts {
  // MARK: Signing up

  /// Signs up as GoTrue does with confirmations on: the answer never says whether the email
  /// already has an account.
  ///
  /// - A free email gets an account waiting for its address, and a link that confirms it.
  /// - An email whose account is still waiting gets a fresh link, and the account takes this
  ///   password: whoever reads that mailbox decides, so nobody can hold a stranger's address by
  ///   signing up with it first.
  /// - An email with an account gets a mail saying so, with the way to sign in.
  ///
  /// Each does the same work in the request (the password hashed, one write, one mail queued),
  /// and at most one mail a minute goes to one address (``AuthLimits/signUpMail``).
  public func signUp(
    email: String, password: String, confirmation: String?, language: Language, address: String, origin: String
  ) async throws -> Result<SignUpSent, AuthFailure> {
    let request: IdentityService.SignUpRequest
    switch try await identity.checkSignUp(
      email: email, password: password, confirmation: confirmation, language: language, address: address)
    {
    case .failure(let failure): return .failure(failure)
    case .success(let checked): request = checked
    }
    let now = clock.now
    let sent = SignUpSent(email: request.email, sentAt: now)
    if let created = try await store.create(
      id: random.id().description, app: realm.app, email: request.email, passwordHash: request.passwordHash,
      language: request.language, awaitingConfirmation: true, at: now)
    {
      try await identity.audit("sign-up", account: created.id, address: address)
      if try await identity.maySendSignUpMail(to: request.email) {
        try await mailSignUpLink(to: created, origin: origin)
      }
      return .success(sent)
    }
    guard let (existing, _) = try await store.account(app: realm.app, email: request.email) else {
      // The account holding the email is being deleted: nothing to mail, the same answer.
      return .success(sent)
    }
    if existing.awaitingConfirmation {
      try await store.setPasswordHash(request.passwordHash, for: existing.id, at: now)
      try await identity.audit("sign-up-again", account: existing.id, address: address)
      if try await identity.maySendSignUpMail(to: request.email) {
        try await mailSignUpLink(to: existing, origin: origin)
      }
    } else if try await identity.maySendSignUpMail(to: request.email) {
      try await identity.audit("sign-up-existing", account: existing.id, address: address)
      try await send(
        AccountMail.accountExists(
          to: request.email.normalized, signIn: "\(origin)/\(realm.app)/account/sign-in",
          forgot: "\(origin)/\(realm.app)/account/forgot", realm: realm, language: existing.language, from: mailFrom),
        account: existing.id)
    }
    return .success(sent)
  }

  /// Confirms a new account's address with the link mailed to it, once: the account may sign in
  /// from now on, and is signed in here.
  public func confirmSignUp(token: String, address: String?) async throws -> Result<Account, AuthFailure> {
    if let address, let refusal = try await identity.refusal(address) { return .failure(refusal) }
    let now = clock.now
    guard (1...256).contains(token.utf8.count),
      let link = try await store.spendEmailLink(hash: DeviceToken(value: token).hash, purpose: .signUp, at: now)
    else { return .failure(.emailLinkInvalid) }
    let confirmed = try await store.update(link.accountID) { account -> Account? in
      guard link.holds(for: account) else { return nil }
      account.awaitingConfirmation = false
      if account.emailVerifiedAt == nil { account.emailVerifiedAt = now }
      account.failures = .clear
      return account
    }
    guard let account = confirmed ?? nil else { return .failure(.emailLinkInvalid) }
    try await store.spendEmailLinks(of: account.id, at: now)
    try await identity.audit("sign-up-confirmed", account: account.id, address: address)
    return .success(account)
  }

  /// Whether a sign-up link still opens (the page shows its button only then).
  public func signUpLinkOpens(_ token: String) async throws -> Bool {
    guard (1...256).contains(token.utf8.count) else { return false }
    return try await openLink(DeviceToken(value: token).hash, purpose: .signUp) != nil
  }

  /// The account of this email and password, or why not. An account still waiting for its
  /// address is refused with ``AuthFailure/emailNotConfirmed`` (said only once the password
  /// matched) and is mailed a fresh link, at most one a minute.
  public func account(
    email: String, password: String, address: String, origin: String
  ) async throws -> Result<Account, AuthFailure> {
    let outcome = try await identity.signIn(email: email, password: password, address: address)
    if case .failure(.emailNotConfirmed) = outcome, let parsed = try? EmailAddress.parse(email).get(),
      let (waiting, _) = try await store.account(app: realm.app, email: parsed), waiting.awaitingConfirmation,
      try await identity.maySendSignUpMail(to: parsed)
    {
      try await mailSignUpLink(to: waiting, origin: origin)
    }
    return outcome
  }

  /// Mails `account` a link that confirms its address (the newest one is the only one that opens).
  func mailSignUpLink(to account: Account, origin: String) async throws {
    guard let email = account.email else { return }
    try await mailLink(.signUp, account: account, to: email.normalized, origin: origin, page: "confirm-sign-up")
  }
}
