#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How an account answers repeated wrong passwords: a few are forgiven, then each further failure
/// locks sign-in for twice as long as the one before, up to a ceiling. A person who mistypes is
/// barely slowed; a guesser gets a few dozen tries a day at most (ASVS 6.3.1 asks for at most 100
/// an hour).
public struct LockoutSchedule: Sendable, Equatable {
  /// Wrong passwords in a row that cost nothing.
  public var forgiven: Int
  /// The first lock, after the first failure past the forgiven ones.
  public var firstLock: TimeInterval
  /// The longest lock.
  public var longestLock: TimeInterval
  /// Failures this old are forgotten: a quiet day starts the count again.
  public var memory: TimeInterval

  public init(
    forgiven: Int = 5, firstLock: TimeInterval = 30, longestLock: TimeInterval = 3_600, memory: TimeInterval = 86_400
  ) {
    precondition(forgiven >= 1 && firstLock > 0 && longestLock >= firstLock, "a schedule that locks")
    self.forgiven = forgiven
    self.firstLock = firstLock
    self.longestLock = longestLock
    self.memory = memory
  }

  public static let standard = LockoutSchedule()

  /// How long the account is locked after its `failures`-th wrong password in a row.
  public func lock(afterFailures failures: Int) -> TimeInterval {
    guard failures > forgiven else { return 0 }
    let doublings = min(failures - forgiven - 1, 32)
    return min(longestLock, firstLock * Double(1 << doublings))
  }

  /// The account's record after a wrong password at `now`.
  public func failed(_ record: FailureRecord, at now: Date) -> FailureRecord {
    let count = remembers(record, at: now) ? record.count + 1 : 1
    let lock = lock(afterFailures: count)
    return FailureRecord(count: count, lastFailure: now, lockedUntil: lock > 0 ? now.addingTimeInterval(lock) : nil)
  }

  /// Whether sign-in is refused at `now`, and for how many more whole seconds.
  public func refusal(_ record: FailureRecord, at now: Date) -> Int? {
    guard let until = record.lockedUntil, until > now else { return nil }
    return Int(until.timeIntervalSince(now).rounded(.up))
  }

  /// Whether the record's failures still count at `now`.
  func remembers(_ record: FailureRecord, at now: Date) -> Bool {
    guard let last = record.lastFailure else { return false }
    return now.timeIntervalSince(last) < memory
  }
}

/// Wrong passwords in a row on one account, and the lock they earned. A right password clears it.
public struct FailureRecord: Sendable, Equatable, Codable {
  public var count: Int
  public var lastFailure: Date?
  public var lockedUntil: Date?

  public init(count: Int = 0, lastFailure: Date? = nil, lockedUntil: Date? = nil) {
    self.count = count
    self.lastFailure = lastFailure
    self.lockedUntil = lockedUntil
  }

  public static let clear = FailureRecord()
}
