import Foundation
import IdentityCore
import Testing

@Suite("The sign-in throttle: a lock per address, a delay per account", .timeLimit(.minutes(5)))
struct SignInThrottleTests {
  let throttle = SignInThrottle.standard
  let start = Date(timeIntervalSince1970: 1_790_000_000)

  /// `count` wrong passwords from one address, a second apart.
  func failures(
    _ count: Int, from address: FailureRecord = .clear, account: FailureRecord = .clear
  )
    -> (address: FailureRecord, account: FailureRecord)
  {
    var records = (address: address, account: account)
    for second in 0..<count {
      let now = start + Double(second)
      records = (throttle.addressFailed(records.address, at: now), throttle.accountFailed(records.account, at: now))
    }
    return records
  }

  @Test("six wrong passwords lock the address they came from for 30 seconds")
  func addressLocks() {
    let records = failures(6)
    #expect(
      throttle.decide(address: records.address, account: records.account, at: start + 5) == .refuse(retryAfter: 30))
  }

  @Test("an address with no failures of its own is never refused, however many the account has had")
  func newAddressNeverRefused() {
    let attacked = failures(10_000).account
    #expect(attacked.lockedUntil == nil)
    let decision = throttle.decide(address: .clear, account: attacked, at: start + 10_000)
    #expect(decision == .check(after: 4))
  }

  @Test("the account-wide delay: nothing for 20 failures, then half a second doubling to 4 seconds")
  func delays() {
    let delays = [20, 21, 22, 23, 24, 25, 1_000].map { count in
      throttle.decide(address: .clear, account: failures(count).account, at: start + Double(count))
    }
    #expect(
      delays == [
        .check(after: 0), .check(after: 0.5), .check(after: 1), .check(after: 2), .check(after: 4),
        .check(after: 4), .check(after: 4),
      ])
  }

  @Test("the account's failures are forgotten after a quiet day")
  func accountMemory() {
    let attacked = failures(100).account
    #expect(throttle.decide(address: .clear, account: attacked, at: start + 86_400 + 100) == .check(after: 0))
  }
}
