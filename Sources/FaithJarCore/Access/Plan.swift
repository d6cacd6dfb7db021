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

  /// The plan's level in its subscription group, highest first as StoreKit orders it: the annual
  /// plan gives the most, so moving to it is an upgrade, and moving away a downgrade.
  public var level: Int {
    switch self {
    case .annual: 2
    case .monthly: 1
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
  /// A downgrade waiting for the next renewal: the plan the subscription renews into at
  /// `expiresAt`, if not its own.
  public var renewsTo: Plan?

  public init(plan: Plan, expiresAt: Date, willRenew: Bool = true, revokedAt: Date? = nil, renewsTo: Plan? = nil) {
    self.plan = plan
    self.expiresAt = expiresAt
    self.willRenew = willRenew
    self.revokedAt = revokedAt
    self.renewsTo = renewsTo
  }

  /// Whether it grants access at `now`.
  public func isActive(at now: Date) -> Bool { revokedAt == nil && now < expiresAt }
}

/// What buying a plan does to the subscription a person already has, by StoreKit's rule for plans
/// in one subscription group: an upgrade replaces the current plan at once, a downgrade waits for
/// the next renewal, and buying the plan one has keeps it (renewing again if it was cancelled).
public enum PlanChange: Sendable, Equatable {
  /// Nothing was active: the plan starts now.
  case started
  /// A higher plan replaces the current one now.
  case upgraded
  /// A lower plan starts at the next renewal, on this date; the current plan runs until then.
  case scheduled(startsAt: Date)
  /// The plan is the one already active; its renewal is on (again), and any waiting downgrade is
  /// called off.
  case kept

  /// The change buying `plan` at `now` makes, given what is active.
  public static func buying(_ plan: Plan, over current: Entitlement?, at now: Date) -> PlanChange {
    guard let current, current.isActive(at: now) else { return .started }
    if plan == current.plan { return .kept }
    return plan.level > current.plan.level ? .upgraded : .scheduled(startsAt: current.expiresAt)
  }
}
