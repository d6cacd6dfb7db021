#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What Wearbloom sells: one weekly subscription with a 7-day free trial as its introductory offer
/// (FR19).
public struct SubscriptionProduct: Hashable, Sendable {
  public let id: String
  /// How long a paid period lasts.
  public let period: TimeInterval
  /// How long the introductory free trial lasts, for someone who never subscribed.
  public let trial: TimeInterval
  /// The price shown in the paywall, in cents of ``currency`` (the store's own price wins on a
  /// device).
  public let priceCents: Int
  /// The currency of ``priceCents``, as ISO 4217 names it.
  public let currency = "EUR"

  /// The free trial's length in whole days.
  public var trialDays: Int { Int(trial / 86_400) }

  public static let weekly = SubscriptionProduct(
    id: "com.wearbloom.weekly", period: 7 * 24 * 60 * 60, trial: 7 * 24 * 60 * 60, priceCents: 499)

  /// What buying it now tells the subscription, as App Store's SUBSCRIBED would: a first purchase
  /// starts the free trial, a later one a paid week. The web's test store buys through this, so
  /// its purchases drive the same state machine as a verified notification.
  public func purchase(by subscription: Subscription, at now: Date) -> SubscriptionNotification {
    let trial = !subscription.hadSubscription
    return SubscriptionNotification(
      .subscribed, at: now, productID: id, expiresAt: now.addingTimeInterval(trial ? self.trial : period),
      introductoryOffer: trial)
  }

  /// Turning auto-renew off: the period already paid for is kept to its end.
  public func cancellation(at now: Date, of subscription: Subscription) -> SubscriptionNotification {
    SubscriptionNotification(.autoRenewDisabled, at: now, productID: id, expiresAt: subscription.paidThrough)
  }
}
