import Foundation
import IdentityCore
import OrchardDatabase
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit

/// A signed-in session, as the API returns it: a short-lived access token and the refresh token
/// that renews it.
public struct IssuedSession: Sendable {
  public let account: Account
  public let session: String
  public let accessToken: String
  public let expiresAt: Date
  public let refreshToken: DeviceToken
}

/// Who a request is: an account, through one of its live sessions.
public struct Caller: Sendable, Equatable {
  public let account: Account
  public let session: String
}

/// Which sessions a sign-out ends.
public enum SignOutScope: String, Sendable, CaseIterable {
  /// The caller's own session.
  case local
  /// Every other session of the account.
  case others
  /// All of them.
  case global
}

/// One realm's accounts as its API and pages use them: sessions and the tokens that carry them,
/// changes to the email and the password, reset links, export and deletion. The rules are the
/// core's and ``IdentityService``'s; this type applies them to stored accounts and sends the mail
/// they call for.
public struct Accounts: Sendable {
  public let identity: IdentityService
  public let access: AccessTokens
  public let outbox: Outbox
  public let queue: JobQueue
  /// What the realm's apps keep for each account.
  public let data: AccountDataRegistry
  /// The `From` of the realm's mail.
  let mailFrom: String
  /// Sign in with Apple, where the app has it configured.
  public let apple: AppleSignIn?
  /// What the pages need of each web session, remembered briefly (``webSession(token:)``).
  let webSessions: Cache<String, WebSession>?
  /// The caller of each live API session, by session id, remembered briefly
  /// (``authenticate(accessToken:)``).
  let callers: Cache<String, Caller>?
  /// Rung when work is queued (a reset request), so the job worker of this process looks at once.
  let bell: JobBell?

  public init(
    identity: IdentityService, access: AccessTokens, outbox: Outbox, queue: JobQueue, data: AccountDataRegistry,
    mailFrom: String, apple: AppleSignIn? = nil, webSessions: Cache<String, WebSession>? = nil,
    callers: Cache<String, Caller>? = nil, bell: JobBell? = nil
  ) {
    self.bell = bell
    self.apple = apple
    self.webSessions = webSessions
    self.callers = callers
    self.identity = identity
    self.access = access
    self.outbox = outbox
    self.queue = queue
    self.data = data
    self.mailFrom = mailFrom
  }

  public var realm: Realm { identity.realm }
  var store: AccountStore { identity.store }
  var clock: any WallClock { identity.clock }
  var random: RandomSource { identity.random }
  var lifetimes: Lifetimes { identity.tokens.lifetimes }

  // MARK: Sessions

  /// The account of this email and password, signed in (``account(email:password:address:origin:)``).
  public func signIn(
    email: String, password: String, address: String, origin: String
  ) async throws -> Result<IssuedSession, AuthFailure> {
    switch try await account(email: email, password: password, address: address, origin: origin) {
    case .failure(let failure): return .failure(failure)
    case .success(let account): return .success(try await start(account))
    }
  }

  /// Confirms a new account's address with its mailed link (``confirmSignUp(token:address:)``), signed in.
  public func verifySignUp(token: String, address: String) async throws -> Result<IssuedSession, AuthFailure> {
    switch try await confirmSignUp(token: token, address: address) {
    case .failure(let failure): return .failure(failure)
    case .success(let account): return .success(try await start(account))
    }
  }

  /// Spends a refresh token for its successor and a new access token.
  public func refresh(_ token: String, address: String) async throws -> Result<IssuedSession, AuthFailure> {
    if let refusal = try await identity.refusal(address) { return .failure(refusal) }
    guard (1...256).contains(token.utf8.count) else { return .failure(.refreshTokenAlreadyUsed) }
    switch try await identity.tokens.refresh(DeviceToken(value: token)) {
    case .revoked(let session):
      try await callers?.forget(session)
      return .failure(.refreshTokenAlreadyUsed)
    case .refused(.reused): return .failure(.refreshTokenAlreadyUsed)
    case .refused: return .failure(.sessionNotFound)
    case .issued(let next, let session):
      guard let stored = try await store.session(id: session), stored.app == realm.app,
        let account = try await store.account(id: stored.accountID), account.deletedAt == nil
      else { return .failure(.sessionNotFound) }
      let (accessToken, expiresAt) = try await access.issue(for: account, session: session)
      return .success(
        IssuedSession(
          account: account, session: session, accessToken: accessToken, expiresAt: expiresAt, refreshToken: next))
    }
  }

  func start(_ account: Account) async throws -> IssuedSession {
    let (session, refreshToken) = try await identity.tokens.start(for: account)
    let (accessToken, expiresAt) = try await access.issue(for: account, session: session)
    return IssuedSession(
      account: account, session: session, accessToken: accessToken, expiresAt: expiresAt, refreshToken: refreshToken)
  }

  /// The caller behind an access token: the token must be this realm's and unexpired, and its
  /// session still live, so a signed-out session's tokens stop working at once.
  ///
  /// The caller of a live session is remembered for up to a minute (``callers``) and forgotten,
  /// here and in every process on the database, whenever the session ends or its account changes.
  public func authenticate(accessToken token: String) async throws -> Caller {
    let claims = try await access.verify(token, audience: realm.app)
    let (store, realm) = (store, realm)
    let read: @Sendable () async throws -> Caller? = {
      guard let session = try await store.session(id: claims.sessionID), session.endedAt == nil,
        session.app == realm.app, let account = try await store.account(id: session.accountID),
        account.deletedAt == nil
      else { return nil }
      return Caller(account: account, session: session.id)
    }
    let caller = if let callers { try await callers.load(claims.sessionID, read) } else { try await read() }
    guard let caller, caller.account.id == claims.sub.value else { throw AuthFailure.sessionNotFound }
    return caller
  }

  /// Ends the caller's session, the others, or all.
  public func signOut(_ caller: Caller, scope: SignOutScope, address: String?) async throws {
    let now = clock.now
    switch scope {
    case .local: try await store.endSession(caller.session, at: now)
    case .others: try await store.endSessions(of: caller.account.id, keeping: caller.session, at: now)
    case .global: try await store.endSessions(of: caller.account.id, at: now)
    }
    try await forgetSessions(of: caller.account.id)
    try await identity.audit("sign-out-\(scope.rawValue)", account: caller.account.id, address: address)
  }

  // MARK: Changes

  /// Sets a new password, after the current one; every other session ends, and every link mailed
  /// before (a reset, an email change) stops opening.
  public func changePassword(
    _ caller: Caller, current: String?, new password: String, address: String?
  ) async throws -> Result<Account, AuthFailure> {
    if let refusal = try await checkCurrentPassword(current, of: caller.account, from: address) {
      return .failure(refusal)
    }
    if let problem = identity.policy.problem(with: password, email: caller.account.email) {
      return .failure(.weakPassword(problem))
    }
    if let current, PasswordConfirmation.matches(current, password) { return .failure(.samePassword) }
    try await store.setPasswordHash(try await identity.hasher.hash(password), for: caller.account.id, at: clock.now)
    try await store.spendEmailLinks(of: caller.account.id, at: clock.now)
    try await notifyPasswordChanged(caller.account)
    try await store.endSessions(of: caller.account.id, keeping: caller.session, at: clock.now)
    try await forgetSessions(of: caller.account.id)
    try await identity.audit("password-changed", account: caller.account.id, address: address)
    return .success(caller.account)
  }

  /// Starts an email change, after the current password: a link to the new address confirms it.
  ///
  /// Held to the limits of recover: the per-address auth budget, and one mail a minute to one
  /// address, whoever asks. An address that already has an account is answered exactly as a free
  /// one (the same work, the same pending email); only its mail differs, saying it has an account.
  public func requestEmailChange(
    _ caller: Caller, current: String?, new raw: String, origin: String, address: String?
  ) async throws -> Result<Account, AuthFailure> {
    if let address, let refusal = try await identity.refusal(address) { return .failure(refusal) }
    if let refusal = try await checkCurrentPassword(current, of: caller.account, from: address) {
      return .failure(refusal)
    }
    let email: EmailAddress
    switch EmailAddress.parse(raw) {
    case .failure(let problem): return .failure(.invalidEmail(problem))
    case .success(let parsed): email = parsed
    }
    let account = caller.account
    if email == account.email { return .success(account) }
    if let last = try await store.lastEmailLink(sentTo: email.normalized, purpose: .emailChange),
      clock.now.timeIntervalSince(last) < 60
    {
      return .success(account)
    }
    let taken = try await store.account(app: realm.app, email: email) != nil
    try await mailLink(
      .emailChange, account: account, newEmail: email.normalized, to: email.normalized, origin: origin,
      page: "confirm-email", taken: taken)
    try await forgetSessions(of: account.id)
    try await identity.audit("email-change-requested", account: account.id, address: address)
    return .success(account)
  }

  /// Applies the email change a link confirms, while the account still has the email it had when
  /// the change was asked for; every other link mailed before stops opening.
  ///
  /// The old address is told, with a link that puts it back (``restoreEmail(token:password:confirmation:address:)``):
  /// the way home for an owner whose account was taken over with a stolen password.
  public func confirmEmailChange(
    token: String, origin: String, address: String?
  ) async throws -> Result<Account, AuthFailure> {
    let now = clock.now
    guard
      let link = try await store.spendEmailLink(hash: DeviceToken(value: token).hash, purpose: .emailChange, at: now),
      let newEmail = link.newEmail.flatMap({ try? EmailAddress.parse($0).get() })
    else { return .failure(.emailLinkInvalid) }
    let changed: Account??
    do {
      changed = try await store.update(link.accountID) { account -> Account? in
        guard link.holds(for: account) else { return nil }
        account.email = newEmail
        account.emailVerifiedAt = now
        return account
      }
    } catch {
      // The unique index on the email decides between two accounts confirming one address at
      // once (or one taken since the link was mailed): the one it refused is told it is taken.
      if let (holder, _) = try await store.account(app: realm.app, email: newEmail), holder.id != link.accountID {
        return .failure(.emailExists)
      }
      throw error
    }
    guard let account = changed ?? nil else { return .failure(.emailLinkInvalid) }
    try await store.spendEmailLinks(of: account.id, at: now)
    if let old = link.accountEmail, !old.isEmpty {
      try await mailLink(
        .emailRestore, account: account, newEmail: old, to: old, origin: origin, page: "restore-email")
    }
    try await forgetSessions(of: account.id)
    try await identity.audit("email-changed", account: account.id, address: address)
    return .success(account)
  }

  /// Asks for a reset link for this email. The request does the same work whether or not an
  /// account has the email: it queues a ``ResetRequests`` job, which looks the account up and mails
  /// the link, so neither the answer nor its time tells who has an account. Only an address that
  /// cannot be one is refused.
  public func recover(email raw: String, origin: String, address: String) async throws -> Result<Void, AuthFailure> {
    if let refusal = try await identity.refusal(address) { return .failure(refusal) }
    // A malformed address says nothing about who has an account: that much is said plainly.
    let email: EmailAddress
    switch EmailAddress.parse(raw) {
    case .failure(let problem): return .failure(.invalidEmail(problem))
    case .success(let parsed): email = parsed
    }
    try await ResetRequests.enqueue(
      email: email, origin: origin, address: address, app: realm.app, queue: queue, random: random)
    bell?.ring()
    return .success(())
  }

  /// Whether a reset link still opens (the page shows its form only then).
  public func resetLinkOpens(_ token: String) async throws -> Bool {
    try await openLink(DeviceToken(value: token).hash, purpose: .reset) != nil
  }

  /// The unspent, unexpired link and its account, while the link holds for the account as it is
  /// now (``EmailLink/holds(for:)``).
  func openLink(_ hash: String, purpose: EmailLink.Purpose) async throws -> (EmailLink, Account)? {
    guard let link = try await store.emailLink(hash: hash, purpose: purpose, at: clock.now),
      let account = try await store.account(id: link.accountID), link.holds(for: account)
    else { return nil }
    return (link, account)
  }

  /// Sets the password a reset link allows, once, while the account's email is still the address
  /// the link was mailed to; every session of the account ends, and every other link stops opening.
  public func resetPassword(
    token: String, password: String, confirmation: String?, address: String?
  ) async throws -> Result<Account, AuthFailure> {
    let now = clock.now
    let hash = DeviceToken(value: token).hash
    guard let (_, account) = try await openLink(hash, purpose: .reset) else { return .failure(.emailLinkInvalid) }
    if let problem = identity.policy.problem(with: password, email: account.email) {
      return .failure(.weakPassword(problem))
    }
    if let confirmation, !PasswordConfirmation.matches(password, confirmation) { return .failure(.passwordsDontMatch) }
    let passwordHash = try await identity.hasher.hash(password)
    guard try await store.spendEmailLink(hash: hash, purpose: .reset, at: now) != nil else {
      return .failure(.emailLinkInvalid)
    }
    try await store.setPasswordHash(passwordHash, for: account.id, at: now)
    try await store.spendEmailLinks(of: account.id, at: now)
    try await notifyPasswordChanged(account)
    try await store.endSessions(of: account.id, at: now)
    try await forgetSessions(of: account.id)
    // The link proved the address: the account's wrong passwords, and this address's, are
    // forgotten, and an account still waiting for its address waits no more.
    let updated = try await store.update(account.id) { account -> Account in
      account.failures = .clear
      account.awaitingConfirmation = false
      if account.emailVerifiedAt == nil { account.emailVerifiedAt = now }
      return account
    }
    if let address { try await identity.forgetFailures(of: account, from: address) }
    try await identity.audit("password-reset", account: account.id, address: address)
    return .success(updated ?? account)
  }

  // MARK: Export and deletion

  /// Whether the realm's export is a zip (JSON and photos) rather than the JSON alone: so when any
  /// of its app's parts keeps files.
  public var exportsArchive: Bool { data.all.contains { $0.keepsFiles } }

  /// Everything kept about the caller.
  public func export(_ caller: Caller) async throws -> AccountExport {
    let id = caller.account.id
    var apps: [String: any Encodable & Sendable] = [:]
    var files: [ZipArchive.Entry]? = exportsArchive ? [] : nil
    for part in data.all {
      apps[part.name] = try await part.export(account: id)
      if part.keepsFiles { files? += try await part.files(account: id) }
    }
    return AccountExport(
      account: caller.account, pendingEmail: try await store.pendingEmail(of: id, at: clock.now),
      hasPassword: try await store.passwordHash(of: id) != nil, hasApple: try await store.hasAppleIdentity(id),
      sessions: try await store.sessions(of: id),
      events: try await store.events(of: id).reversed(), apps: apps, files: files, madeAt: clock.now)
  }

  /// Deletes the caller's account: at once, it can no longer be signed in to and its email is
  /// free; its data goes in the deletion job, queued in the same transaction.
  public func delete(_ caller: Caller, address: String?) async throws {
    let now = clock.now.timeIntervalSince1970
    let (account, queue, store) = (caller.account, queue, store)
    try await store.database.inTransaction { database in
      try await database.update("accounts").set("deleted_at", to: SQLBind(now)).set("email", to: SQLLiteral.null)
        .set("version", to: SQLRaw("version + 1")).where("id", .equal, SQLBind(account.id)).run()
      try await database.update("sessions").set("ended_at", to: SQLBind(now))
        .where("account_id", .equal, SQLBind(account.id)).where("ended_at", .is, SQLLiteral.null).run()
      try await store.spendEmailLinks(of: account.id, at: Date(timeIntervalSince1970: now), on: database)
      try await AccountDeletion.enqueue(account, queue: queue, on: database)
    }
    try await forgetSessions(of: account.id)
    try await identity.audit("deletion-requested", account: account.id, address: address)
  }

  // MARK: Helpers

  /// Why the current password does not allow a change: missing, wrong, or refused after too many
  /// wrong ones from this address (they count as failed sign-ins, ``SignInThrottle``). An account
  /// without a password (Sign in with Apple) has none to give. The account's failures are read
  /// afresh: a caller is remembered for a minute, its failures must not be.
  func checkCurrentPassword(
    _ current: String?, of account: Account, from address: String?
  ) async throws
    -> AuthFailure?
  {
    guard let hash = try await store.passwordHash(of: account.id) else { return nil }
    guard let current, !current.isEmpty else { return .currentPasswordRequired }
    let fresh = try await store.account(id: account.id) ?? account
    let failure = try await identity.check(.account(fresh), from: address ?? "") {
      try await identity.hasher.verify(current, against: hash)
    }
    return failure == .invalidCredentials ? .currentPasswordWrong : failure
  }

  /// Tells the account's address its password changed ("was this you?").
  func notifyPasswordChanged(_ account: Account) async throws {
    guard let address = account.email?.normalized else { return }
    try await send(
      AccountMail.passwordChanged(to: address, realm: realm, language: account.language, from: mailFrom),
      account: account.id)
  }

  /// Puts a message in the outbox, with its job, in one transaction.
  func send(_ message: MailMessage, account: String) async throws {
    let (outbox, app) = (outbox, realm.app)
    try await store.database.inTransaction { database in
      try await outbox.enqueue(message, app: app, account: account, on: database)
    }
  }

  /// Writes a link's hash and its mail in one transaction; the mail job sends it. When the address
  /// is `taken` by another account, the link is kept all the same (so the answer does not differ)
  /// but the mail carries no link, only that the address has an account.
  func mailLink(
    _ purpose: EmailLink.Purpose, account: Account, newEmail: String? = nil, to address: String, origin: String,
    page: String, taken: Bool = false
  ) async throws {
    let now = clock.now
    var generator = random.generator
    let token = DeviceToken(using: &generator)
    let link = "\(origin)/\(realm.app)/account/\(page)?token=\(token.value)"
    let lifetime =
      switch purpose {
      case .signUp: lifetimes.signUpLink
      case .emailRestore: lifetimes.emailRestoreLink
      case .reset, .emailChange: lifetimes.emailLink
      }
    let message =
      switch purpose {
      case .emailRestore:
        AccountMail.emailChanged(
          to: address, newAddress: account.email?.normalized ?? "", link: link,
          days: Int((lifetime / 86_400).rounded(.up)), realm: realm, language: account.language, from: mailFrom)
      case .signUp:
        AccountMail.signUp(
          to: address, link: link, hours: Int((lifetime / 3_600).rounded(.up)), realm: realm,
          language: account.language, from: mailFrom)
      case .reset:
        AccountMail.reset(to: address, link: link, realm: realm, language: account.language, from: mailFrom)
      case .emailChange where taken:
        AccountMail.emailTaken(to: address, realm: realm, language: account.language, from: mailFrom)
      case .emailChange:
        AccountMail.emailChange(to: address, link: link, realm: realm, language: account.language, from: mailFrom)
      }
    let (store, outbox, realm, expiresAt) = (store, outbox, realm, now.addingTimeInterval(lifetime))
    try await store.database.inTransaction { database in
      try await store.insertEmailLink(
        hash: token.hash, account: account.id, purpose: purpose, newEmail: newEmail, sentTo: address,
        accountEmail: account.email?.normalized ?? "", at: now, expiresAt: expiresAt, on: database)
      try await outbox.enqueue(message, app: realm.app, account: account.id, on: database)
    }
  }
}

/// Everything kept about one account, for `GET user/export`.
public struct AccountExport: Sendable {
  public let account: Account
  public let pendingEmail: String?
  public let hasPassword: Bool
  public let hasApple: Bool
  public let sessions: [StoredSession]
  public let events: [(kind: String, at: Date)]
  public let apps: [String: any Encodable & Sendable]
  /// The files the apps' parts keep, for a realm whose export is a zip; nil where it is JSON alone.
  public let files: [ZipArchive.Entry]?
  /// When the export was made: the archive's entries carry it.
  public let madeAt: Date
}
