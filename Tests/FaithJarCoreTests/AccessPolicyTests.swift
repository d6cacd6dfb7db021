import FaithJarCore
import Foundation
import OrchardKit
import Testing

@Suite("Access: the free week, subscriptions and the paywall", .timeLimit(.minutes(5)))
struct AccessPolicyTests {
  let trial = TrialRecord(startedAt: start)
  let none = AccessPolicy.StoreReport.entitlements([])

  @Test("one minute before seven days the trial is still running")
  func lastMinute() {
    let now = start.addingTimeInterval(6 * day + 23 * 3600 + 59 * 60)
    #expect(AccessPolicy.evaluate(trial: trial, store: none, now: now) == .trial(remaining: 60))
  }

  @Test("at exactly 7 × 24 hours the trial has ended and the app locks")
  func exactlySevenDays() {
    let access = AccessPolicy.evaluate(trial: trial, store: none, now: start.addingTimeInterval(7 * day))
    #expect(access == .expired)
    #expect(!access.grantsAccess)
  }

  @Test("the banner counts whole days left, rounded up", arguments: [(0.5, 7), (1, 6), (6.5, 1), (6.99, 1)])
  func daysLeft(elapsedDays: Double, expected: Int) {
    let access = AccessPolicy.evaluate(trial: trial, store: none, now: start.addingTimeInterval(elapsedDays * day))
    #expect(access.trialDaysLeft == expected)
  }

  @Test("an active subscription grants access after the trial")
  func subscribed() {
    let renews = start.addingTimeInterval(40 * day)
    let store = AccessPolicy.StoreReport.entitlements([Entitlement(plan: .annual, expiresAt: renews)])
    let access = AccessPolicy.evaluate(trial: trial, store: store, now: start.addingTimeInterval(10 * day))
    #expect(access == .subscribed(plan: .annual, renewsOrExpiresAt: renews, willRenew: true))
  }

  @Test("a renewing subscription is renewed by the store at the end of each period")
  func renewal() throws {
    var ledger = TestStoreLedger()
    ledger.buy(.monthly, at: start.addingTimeInterval(8 * day))
    let bought = try #require(ledger.entitlement)
    let later = bought.expiresAt.addingTimeInterval(day)
    let access = AccessPolicy.evaluate(trial: trial, store: .entitlements(ledger.entitlements(at: later)), now: later)
    #expect(
      access
        == .subscribed(
          plan: .monthly, renewsOrExpiresAt: bought.expiresAt.addingTimeInterval(30 * day), willRenew: true))
  }

  @Test("cancelling keeps access to the end of the paid period, then locks")
  func cancel() throws {
    var ledger = TestStoreLedger()
    ledger.buy(.monthly, at: start.addingTimeInterval(8 * day))
    let bought = try #require(ledger.entitlement)
    ledger.cancel(at: start.addingTimeInterval(9 * day))
    let before = bought.expiresAt.addingTimeInterval(-1)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: .entitlements(ledger.entitlements(at: before)), now: before)
        == .subscribed(plan: .monthly, renewsOrExpiresAt: bought.expiresAt, willRenew: false))
    let after = bought.expiresAt
    #expect(
      AccessPolicy.evaluate(trial: trial, store: .entitlements(ledger.entitlements(at: after)), now: after) == .expired)
  }

  @Test("a refund takes access away at once")
  func refund() {
    var ledger = TestStoreLedger()
    ledger.buy(.annual, at: start.addingTimeInterval(8 * day))
    let now = start.addingTimeInterval(9 * day)
    ledger.refund(at: now)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: .entitlements(ledger.entitlements(at: now)), now: now) == .expired)
  }

  @Test("a refund during the trial leaves the rest of the trial")
  func refundDuringTrial() {
    var ledger = TestStoreLedger()
    ledger.buy(.annual, at: start.addingTimeInterval(day))
    let now = start.addingTimeInterval(2 * day)
    ledger.refund(at: now)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: .entitlements(ledger.entitlements(at: now)), now: now)
        == .trial(remaining: 5 * day))
  }

  @Test("a store outage never locks anyone out")
  func providerUnavailable() {
    let afterTrial = AccessPolicy.evaluate(trial: trial, store: .unavailable, now: start.addingTimeInterval(30 * day))
    #expect(afterTrial == .providerUnavailable)
    #expect(afterTrial.grantsAccess)
    let duringTrial = AccessPolicy.evaluate(trial: trial, store: .unavailable, now: start.addingTimeInterval(day))
    #expect(duringTrial == .trial(remaining: 6 * day))
  }

  @Test("moving the device clock backwards does not give the trial back")
  func clockMovedBack() {
    var record = trial
    record.observe(start.addingTimeInterval(8 * day))
    let rewound = start.addingTimeInterval(2 * day)
    record.observe(rewound)
    #expect(record.latestSeen == start.addingTimeInterval(8 * day))
    #expect(AccessPolicy.evaluate(trial: record, store: none, now: rewound) == .expired)
  }

  @Test("an expired test purchase ends access; the trial does not return")
  func expire() {
    var ledger = TestStoreLedger()
    ledger.buy(.monthly, at: start.addingTimeInterval(8 * day))
    let now = start.addingTimeInterval(10 * day)
    ledger.expire(at: now)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: .entitlements(ledger.entitlements(at: now)), now: now) == .expired)
  }
}

@Suite("The test store's report", .timeLimit(.minutes(5)))
struct TestStoreReportTests {
  @Test("an outage reports the store unavailable; otherwise it reports the renewed entitlement")
  func report() throws {
    var ledger = TestStoreLedger()
    ledger.buy(.monthly, at: start)
    let bought = try #require(ledger.entitlement)
    let later = bought.expiresAt.addingTimeInterval(1)
    #expect(ledger.report(at: later) == .entitlements(ledger.entitlements(at: later)))
    #expect(ledger.entitlements(at: later).first?.expiresAt == bought.expiresAt.addingTimeInterval(30 * day))
    ledger.isOutage = true
    #expect(ledger.report(at: later) == .unavailable)
  }
}

@Suite("Changing plans, by StoreKit's rule for one subscription group", .timeLimit(.minutes(5)))
struct PlanChangeTests {
  let trial = TrialRecord(startedAt: start)
  let bought = start.addingTimeInterval(8 * day)

  @Test("buying Monthly over an active Annual waits for the renewal; the Annual runs to its end")
  func downgradeWaitsForRenewal() throws {
    var ledger = TestStoreLedger()
    ledger.buy(.annual, at: bought)
    let annualEnds = try #require(ledger.entitlement).expiresAt
    let change = ledger.buy(.monthly, at: bought.addingTimeInterval(20 * day))
    #expect(change == .scheduled(startsAt: annualEnds))
    let during = annualEnds.addingTimeInterval(-1)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: ledger.report(at: during), now: during)
        == .subscribed(plan: .annual, renewsOrExpiresAt: annualEnds, willRenew: true, renewsTo: .monthly))
    let after = annualEnds.addingTimeInterval(1)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: ledger.report(at: after), now: after)
        == .subscribed(plan: .monthly, renewsOrExpiresAt: annualEnds.addingTimeInterval(30 * day), willRenew: true))
  }

  @Test("buying Annual over an active Monthly takes effect at once, with a full year from now")
  func upgradeIsImmediate() {
    var ledger = TestStoreLedger()
    ledger.buy(.monthly, at: bought)
    let now = bought.addingTimeInterval(10 * day)
    #expect(ledger.buy(.annual, at: now) == .upgraded)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: ledger.report(at: now), now: now)
        == .subscribed(plan: .annual, renewsOrExpiresAt: now.addingTimeInterval(365 * day), willRenew: true))
  }

  @Test("buying the plan one has keeps it, turns renewal back on and calls off a waiting downgrade")
  func buyingTheSamePlanKeepsIt() throws {
    var ledger = TestStoreLedger()
    ledger.buy(.annual, at: bought)
    let ends = try #require(ledger.entitlement).expiresAt
    ledger.buy(.monthly, at: bought.addingTimeInterval(day))
    ledger.cancel(at: bought.addingTimeInterval(2 * day))
    let now = bought.addingTimeInterval(3 * day)
    #expect(ledger.buy(.annual, at: now) == .kept)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: ledger.report(at: now), now: now)
        == .subscribed(plan: .annual, renewsOrExpiresAt: ends, willRenew: true))
  }

  @Test("with nothing active (a trial, a lapsed or refunded plan) a purchase starts now")
  func startsWhenNothingIsActive() throws {
    var ledger = TestStoreLedger()
    #expect(ledger.buy(.monthly, at: bought) == .started)
    let ends = try #require(ledger.entitlement).expiresAt
    ledger.expire(at: ends.addingTimeInterval(-day))
    #expect(ledger.buy(.annual, at: ends) == .started)
    ledger.refund(at: ends.addingTimeInterval(day))
    #expect(ledger.buy(.monthly, at: ends.addingTimeInterval(2 * day)) == .started)
  }

  @Test("a cancelled plan with a waiting downgrade ends without renewing into it")
  func cancelledDowngradeNeverStarts() throws {
    var ledger = TestStoreLedger()
    ledger.buy(.annual, at: bought)
    let ends = try #require(ledger.entitlement).expiresAt
    ledger.buy(.monthly, at: bought.addingTimeInterval(day))
    ledger.cancel(at: bought.addingTimeInterval(2 * day))
    let now = bought.addingTimeInterval(3 * day)
    #expect(
      AccessPolicy.evaluate(trial: trial, store: ledger.report(at: now), now: now)
        == .subscribed(plan: .annual, renewsOrExpiresAt: ends, willRenew: false))
    #expect(AccessPolicy.evaluate(trial: trial, store: ledger.report(at: ends), now: ends) == .expired)
  }

  @Test("every sentence about the trial is filled from its length")
  func trialSentences() {
    #expect(AccessPolicy.trialLength == Double(AccessPolicy.trialDays) * day)
    let paywall = PaywallScreen(access: .expired).message
    #expect(paywall.values["trialDays"] as? Int == AccessPolicy.trialDays)
    let banner = EmotionListScreen(access: .trial(remaining: day)).trialBanner
    #expect(banner?.values["trialDays"] as? Int == AccessPolicy.trialDays)
    #expect(english(Message(.paywallExpired, ["trialDays": 5])).hasPrefix("Your 5-day free trial has ended."))
    #expect(english(Message(.paywallExpired, ["trialDays": 7])).hasPrefix("Your free week has ended."))
    #expect(english(Message(.accessEndedTitle, ["trialDays": 5])) == "Your 5-day free trial has ended")
    #expect(english(Message(.trialBanner, ["days": 2, "trialDays": 5])) == "2 days left in your 5-day free trial")
  }
}
