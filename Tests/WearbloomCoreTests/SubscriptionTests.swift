import Foundation
import OrchardKit
import PropertyBased
import Testing
import WearbloomCore

@Suite("The subscription's state machine", .timeLimit(.minutes(5)))
struct SubscriptionTests {
  let day: TimeInterval = 86_400
  let start = Date(timeIntervalSince1970: 1_790_000_000)
  let weekly = "com.wearbloom.weekly"

  func at(_ days: Double) -> Date { start.addingTimeInterval(days * day) }

  /// A subscription after `notifications`, in order.
  func after(_ notifications: [SubscriptionNotification]) -> Subscription {
    var subscription = Subscription()
    for notification in notifications { subscription.apply(notification) }
    return subscription
  }

  var trialBought: SubscriptionNotification {
    SubscriptionNotification(.subscribed, at: at(0), productID: weekly, expiresAt: at(7), introductoryOffer: true)
  }

  var renewed: SubscriptionNotification {
    SubscriptionNotification(.didRenew, at: at(7), productID: weekly, expiresAt: at(14))
  }

  @Test("nothing yet is no_subscription; free_with_credits or free_no_credits by the credits")
  func none() {
    let none = Subscription()
    #expect(none.state(at: start) == .noSubscription && !none.hadSubscription)
    #expect(SubscriptionSummary(none, credits: CreditBalance(available: 2), at: start).state == .freeWithCredits)
    let spent = SubscriptionSummary(none, credits: CreditBalance(), at: start)
    #expect(spent.state == .freeNoCredits && !spent.canRender && !spent.isUnlimited)
  }

  @Test("SUBSCRIBED with the introductory offer is the trial; without it, subscribed")
  func subscribed() {
    let trial = after([trialBought])
    #expect(trial.state(at: at(1)) == .trial && trial.isSubscriber(at: at(1)))
    let paid = after([SubscriptionNotification(.subscribed, at: at(0), productID: weekly, expiresAt: at(7))])
    #expect(paid.state(at: at(1)) == .subscribed)
    let summary = SubscriptionSummary(trial, credits: CreditBalance(), at: at(1))
    #expect(summary.isUnlimited && summary.canRender && summary.hadSubscription)
    #expect(summary.expiresAt == at(7) && summary.productID == weekly && summary.state == .trial)
  }

  @Test("DID_RENEW is subscribed, through the new period")
  func didRenew() {
    let subscription = after([trialBought, renewed])
    #expect(subscription.state(at: at(8)) == .subscribed)
    #expect(subscription.expires(at: at(8)) == at(14))
  }

  @Test("AUTO_RENEW_DISABLED is cancelled, keeping the period; AUTO_RENEW_ENABLED is subscribed again")
  func autoRenew() {
    let off = after([trialBought, renewed, SubscriptionNotification(.autoRenewDisabled, at: at(9))])
    #expect(off.state(at: at(10)) == .cancelled && off.isSubscriber(at: at(10)))
    #expect(off.state(at: at(14)) == .expired && !off.isSubscriber(at: at(14)))
    var on = off
    on.apply(SubscriptionNotification(.autoRenewEnabled, at: at(11)))
    #expect(on.state(at: at(12)) == .subscribed)
  }

  @Test("DID_FAIL_TO_RENEW in the grace period is grace_period until it ends; without one, nothing changes")
  func failedRenewal() {
    let grace = after([
      trialBought, SubscriptionNotification(.didFailToRenew, at: at(7), gracePeriodEndsAt: at(13)),
    ])
    #expect(grace.state(at: at(8)) == .gracePeriod && grace.isSubscriber(at: at(8)))
    #expect(grace.expires(at: at(8)) == at(13))
    #expect(grace.state(at: at(13)) == .expired)
    let plain = after([trialBought])
    #expect(after([trialBought, SubscriptionNotification(.didFailToRenew, at: at(7))]) == plain)
  }

  @Test(
    "GRACE_PERIOD_EXPIRED, EXPIRED, REFUND and REVOKE are expired",
    arguments: [SubscriptionNotification.Kind.gracePeriodExpired, .expired, .refund, .revoke])
  func ending(_ kind: SubscriptionNotification.Kind) {
    let grace = SubscriptionNotification(.didFailToRenew, at: at(14), gracePeriodEndsAt: at(20))
    let ended = after([trialBought, renewed, grace, SubscriptionNotification(kind, at: at(15), expiresAt: at(14))])
    #expect(ended.state(at: at(15)) == .expired)
    #expect(!SubscriptionSummary(ended, credits: CreditBalance(), at: at(15)).isSubscriber)
    #expect(ended.hadSubscription)
  }

  @Test("a refund takes back the period it refunds at once; buying a new period after it subscribes again")
  func refundThenResubscribe() {
    let refunded = after([trialBought, renewed, SubscriptionNotification(.refund, at: at(8), expiresAt: at(14))])
    #expect(refunded.state(at: at(9)) == .expired)
    var back = refunded
    back.apply(renewed)
    #expect(back.state(at: at(9)) == .expired, "the refunded period told again stays refunded")
    back.apply(SubscriptionNotification(.subscribed, at: at(10), productID: weekly, expiresAt: at(17)))
    #expect(back.state(at: at(11)) == .subscribed)
  }

  @Test("TEST changes nothing; a late notification about an earlier period cannot end a later one")
  func staleAndTest() {
    let subscription = after([trialBought, renewed])
    #expect(after([trialBought, renewed, SubscriptionNotification(.test, at: at(8))]) == subscription)
    let late = after([trialBought, renewed, SubscriptionNotification(.expired, at: at(8), expiresAt: at(7))])
    #expect(late.state(at: at(9)) == .subscribed)
    let stale = after([renewed, trialBought])
    #expect(stale.state(at: at(9)) == .subscribed && stale.expires(at: at(9)) == at(14))
  }

  @Test("no sequence of notifications, in any order and told again, gives a paid user less than they paid for")
  func neverLessThanPaid() async {
    await propertyCheck(input: Gen<UInt64>.value(), Gen.int(in: 1...40)) { seed, count in
      var random = SeededRandomNumberGenerator(seed: seed)
      // Weekly periods bought, then any notification about any of them, shuffled and repeated.
      let periods = Int(random.next() % 6) + 1
      var told: [SubscriptionNotification] = []
      for week in 0..<periods {
        let kind: SubscriptionNotification.Kind = week == 0 ? .subscribed : .didRenew
        let begins = at(Double(7 * week))
        let ends = at(Double(7 * (week + 1)))
        told.append(
          SubscriptionNotification(kind, at: begins, productID: weekly, expiresAt: ends, introductoryOffer: week == 0))
      }
      let kinds: [SubscriptionNotification.Kind] = [
        .autoRenewDisabled, .autoRenewEnabled, .didFailToRenew, .gracePeriodExpired, .expired, .test,
      ]
      for _ in 0..<count {
        let week = Double(random.next() % UInt64(periods))
        let kind = kinds[Int(random.next() % UInt64(kinds.count))]
        let ends = at(7 * week + 7)
        let grace: Date? = random.next() % 2 == 0 ? at(7 * week + 13) : nil
        told.append(SubscriptionNotification(kind, at: ends, expiresAt: ends, gracePeriodEndsAt: grace))
      }
      told.shuffle(using: &random)
      told += told.prefix(Int(random.next() % 4))
      let subscription = after(told)
      let paidThrough = Double(7 * periods)
      for hour in stride(from: 0.0, to: paidThrough * 24, by: 5) {
        let moment: Double = hour / 24
        #expect(subscription.isSubscriber(at: at(moment)), "at day \(moment) of \(paidThrough)")
      }
    }
  }
}
