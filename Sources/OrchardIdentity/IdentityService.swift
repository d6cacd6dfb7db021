import Foundation
import IdentityCore
import OrchardKit
import SQLKit
import ServerKit
import Synchronization

/// Signing up and signing in to one realm: the core's rules (email, password policy, lockout)
/// applied to the stored accounts, with Argon2id hashing and the auth rate limits.
///
/// Wrong passwords are answered by ``SignInThrottle``: six from one client address lock that
/// address out of the account (only that one), and many from everywhere slow every check at the
/// account by a few seconds without ever refusing it, so no one can lock the owner out.
///
/// An unknown email and a wrong password get the same answer after the same work: the password is
/// checked against a dummy hash, and wrong guesses at an unknown email earn the same lock and delay
/// an account would, so neither the answer nor its timing says whether an account exists.
public struct IdentityService: Sendable {
  public let realm: Realm
  public let store: AccountStore
  public let hasher: PasswordHasher
  public let tokens: RefreshTokens
  let limiter: RateLimiter
  let clock: any WallClock
  let random: RandomSource
  let policy: PasswordPolicy
  let throttle: SignInThrottle
  /// Failures from each address at each account, and at emails with no account.
  let keyedFailures: StrangerFailures
  /// Waits before a password check at an account under attack (``SignInThrottle``).
  let pause: @Sendable (TimeInterval) async throws -> Void
  /// The per-address limit in the database, where several processes share one PostgreSQL.
  let shared: SharedRateBuckets?

  public init(
    realm: Realm, store: AccountStore, hasher: PasswordHasher, limiter: RateLimiter, clock: any WallClock,
    random: RandomSource, policy: PasswordPolicy = .standard, throttle: SignInThrottle = .standard,
    lifetimes: Lifetimes = .standard, sharedLimits: (any SQLDatabase, scale: Double)? = nil,
    pause: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
  ) {
    self.realm = realm
    self.store = store
    self.hasher = hasher
    self.limiter = limiter
    self.clock = clock
    self.random = random
    self.policy = policy
    self.throttle = throttle
    self.pause = pause
    tokens = RefreshTokens(store: store, clock: clock, random: random, lifetimes: lifetimes)
    shared = sharedLimits.map { SharedRateBuckets(database: $0.0, clock: clock, scale: $0.scale) }
    keyedFailures =
      if let database = sharedLimits?.0 {
        .shared(
          SharedStrangerFailures(
            database: database, memory: max(throttle.perAddress.memory, throttle.accountWide.memory)))
      } else {
        .memory(InMemoryStrangerFailures(capacity: 50_000))
      }
  }

  /// Whether one more sign-up mail may go to `email` now (``AuthLimits/signUpMail``).
  func maySendSignUpMail(to email: EmailAddress) async throws -> Bool {
    let key = realm.app + "|" + email.normalized
    let decision =
      if let shared { try await shared.take(AuthLimits.signUpMail, for: key) } else {
        limiter.take(RateRule(AuthLimits.signUpMail), for: key)
      }
    if case .limited = decision { return false }
    return true
  }

  /// Counts one auth call from `address` against ``AuthLimits/perAddress``: nil when it may go
  /// on, else the refusal.
  public func refusal(_ address: String) async throws -> AuthFailure? {
    let key = realm.app + "|" + address
    let decision =
      if let shared { try await shared.take(AuthLimits.perAddress, for: key) } else {
        limiter.take(RateRule(AuthLimits.perAddress), for: key)
      }
    if case .limited(let seconds) = decision { return .rateLimited(retryAfter: seconds) }
    return nil
  }

  /// A sign-up that passed every check, with its password already hashed: what ``Accounts`` makes
  /// of it (an account waiting for its address, or a mail to an address that has one) is the same
  /// work and the same answer either way.
  public struct SignUpRequest: Sendable {
    public let email: EmailAddress
    public let passwordHash: String
    public let language: Language
  }

  /// Checks a sign-up and hashes its password, or says why not. `confirmation` is checked only
  /// where the realm asks for it. Nothing here looks at the accounts: whether the email already
  /// has one is never the answer.
  public func checkSignUp(
    email raw: String, password: String, confirmation: String? = nil, language: Language, address: String
  ) async throws -> Result<SignUpRequest, AuthFailure> {
    if let refusal = try await refusal(address) { return .failure(refusal) }
    let email: EmailAddress
    switch EmailAddress.parse(raw) {
    case .failure(let problem): return .failure(.invalidEmail(problem))
    case .success(let parsed): email = parsed
    }
    if let problem = policy.problem(with: password, email: email) { return .failure(.weakPassword(problem)) }
    if realm.confirmsPassword, !PasswordConfirmation.matches(password, confirmation ?? "") {
      return .failure(.passwordsDontMatch)
    }
    return .success(
      SignUpRequest(
        email: email, passwordHash: try await hasher.hash(password),
        language: realm.languages.contains(language) ? language : .english))
  }

  /// The account whose email and password these are, or why not.
  public func signIn(email raw: String, password: String, address: String) async throws -> Result<Account, AuthFailure>
  {
    if let refusal = try await refusal(address) { return .failure(refusal) }
    let email = try? EmailAddress.parse(raw).get()
    guard let email, let found = try await store.account(app: realm.app, email: email),
      let hash = found.passwordHash
    else {
      // No such account (or one without a password): the same checks, the same work, the same answer.
      let stranger = realm.app + "|email|" + (email?.normalized ?? raw)
      let failure =
        try await check(.stranger(stranger), from: address) {
          try await hasher.verifyNothing(password)
          return false
        } ?? .invalidCredentials
      if failure == .invalidCredentials { try await audit("sign-in-failed", account: nil, address: address) }
      return .failure(failure)
    }
    let account = found.0
    if let failure = try await check(
      .account(account), from: address, { try await hasher.verify(password, against: hash) })
    {
      if failure == .invalidCredentials { try await audit("sign-in-failed", account: account.id, address: address) }
      return .failure(failure)
    }
    if hasher.needsRehash(hash) {
      try await store.setPasswordHash(try await hasher.hash(password), for: account.id, at: clock.now)
    }
    if account.awaitingConfirmation {
      try await audit("sign-in-unconfirmed", account: account.id, address: address)
      return .failure(.emailNotConfirmed)
    }
    try await audit("sign-in", account: account.id, address: address)
    return .success(account)
  }

  /// Whose wrong passwords an attempt counts against: an account (its row keeps the account-wide
  /// record), or an email with no account (both records kept by key).
  enum Target {
    case account(Account)
    case stranger(String)

    var key: String {
      switch self {
      case .account(let account): account.app + "|account|" + account.id
      case .stranger(let key): key
      }
    }
  }

  /// Checks a password with `verify` as the throttle decides for `address`: nil when it was right
  /// (and the address's failures are forgotten), else why not. A wrong one counts against the
  /// address and the account; a refused one counts against nothing.
  func check(
    _ target: Target, from address: String, _ verify: () async throws -> Bool
  ) async throws -> AuthFailure? {
    let now = clock.now
    let addressKey = target.key + "|address|" + address
    let fromAddress = try await keyedFailures.record(addressKey)
    let accountWide =
      switch target {
      case .account(let account): account.failures
      case .stranger(let key): try await keyedFailures.record(key)
      }
    switch throttle.decide(address: fromAddress, account: accountWide, at: now) {
    case .refuse(let seconds): return .rateLimited(retryAfter: seconds)
    case .check(let delay): if delay > 0 { try await pause(delay) }
    }
    if try await verify() {
      if fromAddress != .clear { try await keyedFailures.clear(addressKey) }
      return nil
    }
    let throttle = throttle
    try await keyedFailures.update(addressKey, at: now) { throttle.addressFailed($0, at: now) }
    switch target {
    case .account(let account):
      try await store.update(account.id) { $0.failures = throttle.accountFailed($0.failures, at: now) }
    case .stranger(let key):
      try await keyedFailures.update(key, at: now) { throttle.accountFailed($0, at: now) }
    }
    return .invalidCredentials
  }

  /// Forgets the failures from `address` at the account (a completed reset proves the owner).
  func forgetFailures(of account: Account, from address: String) async throws {
    try await keyedFailures.clear(Target.account(account).key + "|address|" + address)
  }

  func audit(_ kind: String, account: String?, address: String?) async throws {
    try await store.record(
      kind, app: realm.app, account: account, address: address, id: random.id().description, at: clock.now)
  }
}

extension RateRule {
  /// The ServerKit bucket for one of the core's rates.
  public init(_ policy: RatePolicy) { self.init(policy.name, burst: policy.burst, perMinute: policy.perMinute) }
}
