#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The two subscriptions Faith Jar sells.
public enum Plan: String, CaseIterable, Codable, Sendable, Hashable {
  case monthly, annual

  public var title: FaithJarText {
    switch self {
    case .monthly: .planMonthly
    case .annual: .planAnnual
    }
  }

  /// The price shown on the paywall; the store's own price wins where a store provides one.
  public var displayPrice: FaithJarText {
    switch self {
    case .monthly: .priceMonthly
    case .annual: .priceAnnual
    }
  }

  /// How long one paid period lasts.
  public func periodEnd(startingAt start: Date) -> Date {
    switch self {
    case .monthly: start.addingTimeInterval(30 * 86_400)
    case .annual: start.addingTimeInterval(365 * 86_400)
    }
  }
}

/// What a store says the person has paid for.
public struct Entitlement: Codable, Sendable, Hashable {
  public var plan: Plan
  /// End of the paid period: renewal date if it renews, expiry if not.
  public var expiresAt: Date
  /// False once cancelled: access continues to `expiresAt`, then stops.
  public var willRenew: Bool
  /// Set when the purchase was refunded: access stops at once.
  public var revokedAt: Date?

  public init(plan: Plan, expiresAt: Date, willRenew: Bool = true, revokedAt: Date? = nil) {
    self.plan = plan
    self.expiresAt = expiresAt
    self.willRenew = willRenew
    self.revokedAt = revokedAt
  }

  /// Whether it grants access at `now`.
  public func isActive(at now: Date) -> Bool { revokedAt == nil && now < expiresAt }
}
