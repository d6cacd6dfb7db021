#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where an account stands with its subscription (FR19, FR20, FR22), and the two states an account
/// without one is in, by its credits.
public enum SubscriptionState: String, CaseIterable, Codable, Sendable, Hashable {
  case noSubscription = "no_subscription"
  /// In the free week of the introductory offer, renewing.
  case trial
  /// Paid and renewing.
  case subscribed
  /// Paid, not renewing: still a subscriber until the period ends.
  case cancelled
  /// The renewal's payment failed and Apple's grace period runs: still a subscriber.
  case gracePeriod = "grace_period"
  /// Had a subscription; it ended, or its money was given back.
  case expired
  /// No subscription now, credits left.
  case freeWithCredits = "free_with_credits"
  /// No subscription now, no credit left.
  case freeNoCredits = "free_no_credits"
}

/// What App Store Server Notifications V2 say about a subscription, as far as its state goes.
/// Each carries the transaction it is about: its product, when its period ends, and whether it
/// is the introductory offer (the trial).
public struct SubscriptionNotification: Hashable, Sendable, Codable {
  public enum Kind: String, CaseIterable, Codable, Sendable, Hashable {
    /// `SUBSCRIBED`: a first purchase (a trial, with the introductory offer) or a resubscription.
    case subscribed
    /// `DID_RENEW`.
    case didRenew
    /// `DID_CHANGE_RENEWAL_STATUS` with `AUTO_RENEW_DISABLED`.
    case autoRenewDisabled
    /// `DID_CHANGE_RENEWAL_STATUS` with `AUTO_RENEW_ENABLED`.
    case autoRenewEnabled
    /// `DID_FAIL_TO_RENEW`, in Apple's grace period when its subtype is `GRACE_PERIOD`.
    case didFailToRenew
    /// `GRACE_PERIOD_EXPIRED`.
    case gracePeriodExpired
    /// `EXPIRED`.
    case expired
    /// `REFUND`: Apple gave the money back.
    case refund
    /// `REVOKE`: Family Sharing access withdrawn.
    case revoke
    /// `TEST`: changes nothing.
    case test
  }

  public let kind: Kind
  /// When Apple signed it.
  public let at: Date
  public let productID: String?
  /// When the transaction's period ends.
  public let expiresAt: Date?
  /// Whether the transaction is the introductory offer: the free week.
  public let introductoryOffer: Bool
  /// With `didFailToRenew`: when Apple's grace period ends; nil when there is none.
  public let gracePeriodEndsAt: Date?

  public init(
    _ kind: Kind, at: Date, productID: String? = nil, expiresAt: Date? = nil, introductoryOffer: Bool = false,
    gracePeriodEndsAt: Date? = nil
  ) {
    self.kind = kind
    self.at = at
    self.productID = productID
    self.expiresAt = expiresAt
    self.introductoryOffer = introductoryOffer
    self.gracePeriodEndsAt = gracePeriodEndsAt
  }
}

/// An account's subscription, as the verified notifications and transactions have told it.
///
/// The state at a moment is worked out from what was paid for, not from the order notifications
/// arrived in (Apple retries, and they cross): a subscriber is one whose paid period (the latest
/// end of any period bought) has not ended, or whose grace period runs. A late `EXPIRED` about an
/// earlier period cannot end a later one, and nothing but a refund or a revocation of the latest
/// period takes away time that was paid for.
public struct Subscription: Hashable, Sendable, Codable {
  public private(set) var productID: String?
  /// The end of the latest period bought.
  public private(set) var paidThrough: Date?
  /// Whether that period is the introductory offer.
  public private(set) var inTrial = false
  /// Whether the subscription renews at the end of the period.
  public private(set) var renews = false
  /// The end of Apple's grace period after a failed renewal, while one runs.
  public private(set) var graceUntil: Date?
  /// Whether the latest period's money was given back or its access withdrawn.
  public private(set) var withdrawn = false

  public init() {}

  /// Whether the account ever subscribed.
  public var hadSubscription: Bool { paidThrough != nil }

  /// The subscription after `notification`.
  public mutating func apply(_ notification: SubscriptionNotification) {
    let ends = notification.expiresAt
    // About the latest period (or one after it), rather than an earlier one.
    let current = ends.map { end in paidThrough.map { end >= $0 } ?? true } ?? true
    switch notification.kind {
    case .test:
      return
    case .subscribed, .didRenew:
      guard let ends, current else { return }
      // A period after a withdrawn one is bought anew; the withdrawn one told again stays withdrawn.
      if paidThrough.map({ ends > $0 }) ?? true { withdrawn = false }
      paidThrough = ends
      inTrial = notification.kind == .subscribed && notification.introductoryOffer
      renews = true
      graceUntil = nil
      productID = notification.productID ?? productID
    case .autoRenewDisabled:
      if current { renews = false }
    case .autoRenewEnabled:
      if current, hadSubscription { renews = true }
    case .didFailToRenew:
      if current, let end = notification.gracePeriodEndsAt { graceUntil = end }
    case .gracePeriodExpired:
      if current { graceUntil = nil }
    case .expired:
      if current {
        renews = false
        graceUntil = nil
      }
    case .refund, .revoke:
      if current, hadSubscription {
        withdrawn = true
        renews = false
        graceUntil = nil
      }
    }
  }

  /// The subscription's state at `now`.
  public func state(at now: Date) -> SubscriptionState {
    guard let paidThrough else { return .noSubscription }
    if withdrawn { return .expired }
    if now < paidThrough { return renews ? (inTrial ? .trial : .subscribed) : .cancelled }
    if let graceUntil, now < graceUntil { return .gracePeriod }
    return .expired
  }

  /// Whether the account renders without limit at `now`: in its trial, paid, cancelled before the
  /// period ends, or in a grace period.
  public func isSubscriber(at now: Date) -> Bool {
    [.trial, .subscribed, .cancelled, .gracePeriod].contains(state(at: now))
  }

  /// When the account stops being a subscriber, if nothing else happens: the grace period's end
  /// while it runs, else the paid period's.
  public func expires(at now: Date) -> Date? {
    state(at: now) == .gracePeriod ? graceUntil : paidThrough
  }
}

/// What `GET subscription` answers: the subscription and the credits, as one account sees them.
public struct SubscriptionSummary: Hashable, Sendable, Codable {
  public let isSubscriber: Bool
  /// The subscription's state for a subscriber; otherwise whether credits are left.
  public let state: SubscriptionState
  public let creditsRemaining: Int
  /// Whether a render may be asked for now: a subscriber always, anyone else with a credit.
  public let canRender: Bool
  /// Subscribers render without counting credits.
  public let isUnlimited: Bool
  public let expiresAt: Date?
  public let productID: String?
  public let hadSubscription: Bool

  public init(_ subscription: Subscription, credits: CreditBalance, at now: Date) {
    isSubscriber = subscription.isSubscriber(at: now)
    let state = subscription.state(at: now)
    self.state = isSubscriber ? state : (credits.available > 0 ? .freeWithCredits : .freeNoCredits)
    creditsRemaining = credits.available
    canRender = isSubscriber || credits.available > 0
    isUnlimited = isSubscriber
    expiresAt = subscription.expires(at: now)
    productID = subscription.productID
    hadSubscription = subscription.hadSubscription
  }
}
