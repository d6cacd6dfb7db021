#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How wrong passwords at one account are answered, from two records of them.
///
/// - From one client address: a few are forgiven, then that address is locked out of the account
///   (``LockoutSchedule``). Only that address: a guesser cannot lock the owner out.
/// - From every address together: these never refuse. Past a larger number forgiven, each check of
///   a password at the account waits before it answers, twice as long after each further failure up
///   to a ceiling of a few seconds. A guesser spreading tries over many addresses is slowed; the
///   owner, from an address with no failures of its own, still gets in, a few seconds later.
///
/// A right password clears the record of the address it came from, not the account's: the
/// account's failures are forgotten only by time (or a completed reset).
public struct SignInThrottle: Sendable, Equatable {
  /// The lock on one address.
  public var perAddress: LockoutSchedule
  /// The delay every address meets once the account has had this many failures: `lock` is read
  /// as a wait before answering, never as a refusal.
  public var accountWide: LockoutSchedule

  public init(
    perAddress: LockoutSchedule = .standard,
    accountWide: LockoutSchedule = LockoutSchedule(forgiven: 20, firstLock: 0.5, longestLock: 4, memory: 86_400)
  ) {
    self.perAddress = perAddress
    self.accountWide = accountWide
  }

  public static let standard = SignInThrottle()

  /// What to do with a password offered at the account from one address.
  public enum Decision: Sendable, Equatable {
    /// Refuse without checking it, for this many more whole seconds: this address is locked out.
    case refuse(retryAfter: Int)
    /// Check it, after waiting this long.
    case check(after: TimeInterval)
  }

  /// The decision for an attempt from an address with record `address`, at an account whose
  /// failures from everywhere are `account`.
  public func decide(address: FailureRecord, account: FailureRecord, at now: Date) -> Decision {
    if let seconds = perAddress.refusal(address, at: now) { return .refuse(retryAfter: seconds) }
    guard accountWide.remembers(account, at: now) else { return .check(after: 0) }
    return .check(after: accountWide.lock(afterFailures: account.count))
  }

  /// The record of the address a wrong password came from, after it at `now`.
  public func addressFailed(_ record: FailureRecord, at now: Date) -> FailureRecord {
    perAddress.failed(record, at: now)
  }

  /// The account-wide record after a wrong password at `now`, from anywhere. It never holds a lock.
  public func accountFailed(_ record: FailureRecord, at now: Date) -> FailureRecord {
    var next = accountWide.failed(record, at: now)
    next.lockedUntil = nil
    return next
  }
}
