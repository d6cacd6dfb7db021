import Foundation
import IdentityCore
import OrchardKit
import SQLKit
import ServerKit
import Synchronization

/// Signing up and signing in to one realm: the core's rules (email, password policy, lockout)
/// applied to the stored accounts, with Argon2id hashing and the auth rate limits.
///
/// An unknown email and a wrong password get the same answer after the same work: the password is
/// checked against a dummy hash, and wrong guesses at an unknown email earn the same lockout an
/// account would, so neither the answer nor its timing says whether an account exists.
public struct IdentityService: Sendable {
  public let realm: Realm
  public let store: AccountStore
  public let hasher: PasswordHasher
  public let tokens: RefreshTokens
  let limiter: RateLimiter
  let clock: any WallClock
  let random: RandomSource
  let policy: PasswordPolicy
  let lockout: LockoutSchedule
  /// Failures at emails with no account, kept like an account's.
  let strangers: StrangerFailures
  /// The per-address limit in the database, where several processes share one PostgreSQL.
  let shared: SharedRateBuckets?

  public init(
    realm: Realm, store: AccountStore, hasher: PasswordHasher, limiter: RateLimiter, clock: any WallClock,
    random: RandomSource, policy: PasswordPolicy = .standard, lockout: LockoutSchedule = .standard,
    lifetimes: Lifetimes = .standard, sharedLimits: (any SQLDatabase, scale: Double)? = nil
  ) {
    self.realm = realm
    self.store = store
    self.hasher = hasher
    self.limiter = limiter
    self.clock = clock
    self.random = random
    self.policy = policy
    self.lockout = lockout
    tokens = RefreshTokens(store: store, clock: clock, random: random, lifetimes: lifetimes)
    shared = sharedLimits.map { SharedRateBuckets(database: $0.0, clock: clock, scale: $0.scale) }
    strangers =
      if let database = sharedLimits?.0 {
        .shared(SharedStrangerFailures(database: database, memory: lockout.memory))
      } else {
        .memory(InMemoryStrangerFailures(capacity: 50_000))
      }
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

  /// A new account, or why not. `confirmation` is checked only where the realm asks for it.
  public func signUp(
    email raw: String, password: String, confirmation: String? = nil, language: Language, address: String
  ) async throws -> Result<Account, AuthFailure> {
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
    let hash = try await hasher.hash(password)
    let now = clock.now
    let id = random.id().description
    let language = realm.languages.contains(language) ? language : .english
    guard
      let account = try await store.create(
        id: id, app: realm.app, email: email, passwordHash: hash, language: language, at: now)
    else { return .failure(.emailExists) }
    try await audit("sign-up", account: account.id, address: address)
    return .success(account)
  }

  /// The account whose email and password these are, or why not.
  public func signIn(email raw: String, password: String, address: String) async throws -> Result<Account, AuthFailure>
  {
    if let refusal = try await refusal(address) { return .failure(refusal) }
    let now = clock.now
    let email = try? EmailAddress.parse(raw).get()
    guard let email, let found = try await store.account(app: realm.app, email: email),
      let hash = found.passwordHash
    else {
      // No such account (or one without a password): the same checks, the same work, the same answer.
      let key = realm.app + "|" + (email?.normalized ?? raw)
      if let seconds = lockout.refusal(try await strangers.record(key), at: now) {
        return .failure(.rateLimited(retryAfter: seconds))
      }
      try await hasher.verifyNothing(password)
      try await strangers.update(key, at: now) { [lockout] in lockout.failed($0, at: now) }
      try await audit("sign-in-failed", account: nil, address: address)
      return .failure(.invalidCredentials)
    }
    let account = found.0
    if let seconds = lockout.refusal(account.failures, at: now) { return .failure(.rateLimited(retryAfter: seconds)) }
    guard try await hasher.verify(password, against: hash) else {
      try await store.update(account.id) { $0.failures = lockout.failed($0.failures, at: now) }
      try await audit("sign-in-failed", account: account.id, address: address)
      return .failure(.invalidCredentials)
    }
    let signedIn = try await store.update(account.id) { account -> Account in
      account.failures = .clear
      return account
    }
    if hasher.needsRehash(hash) {
      try await store.setPasswordHash(try await hasher.hash(password), for: account.id, at: now)
    }
    try await audit("sign-in", account: account.id, address: address)
    return .success(signedIn ?? account)
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
