#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a person stands: in the free week, subscribed, locked out, or unknown because the store
/// cannot be reached.
public enum AccessState: Sendable, Equatable {
  /// In the 7-day trial, with this much of it left.
  case trial(remaining: TimeInterval)
  /// Paid up; the date is when it renews (or ends, if cancelled), and `renewsTo` a lower plan
  /// that takes over at that renewal.
  case subscribed(plan: Plan, renewsOrExpiresAt: Date, willRenew: Bool, renewsTo: Plan? = nil)
  /// The trial is over and nothing is paid: only the paywall, restore and attribution are reachable.
  case expired
  /// The store could not be asked. Faith Jar never locks anyone out over its own outage.
  case providerUnavailable

  /// Whether the verses may be shown.
  public var grantsAccess: Bool { self != .expired }

  /// Whole days of trial left, rounded up, for the banner ("3 days left").
  public var trialDaysLeft: Int? {
    guard case .trial(let remaining) = self else { return nil }
    return Int((remaining / 86_400).rounded(.up))
  }
}

/// The trial's memory: when it began, and the latest time the app has seen.
///
/// The latest time only moves forward. Judging the trial by it means that winding the device's
/// clock back can never give the free week back.
public struct TrialRecord: Codable, Sendable, Equatable {
  public let startedAt: Date
  public private(set) var latestSeen: Date

  public init(startedAt: Date) {
    self.startedAt = startedAt
    self.latestSeen = startedAt
  }

  /// Records that the app ran at `now` (every launch and every screen).
  public mutating func observe(_ now: Date) { latestSeen = max(latestSeen, now) }

  /// Time used, measured against the latest time seen, never less.
  public func elapsed(at now: Date) -> TimeInterval { max(now, latestSeen).timeIntervalSince(startedAt) }
}

/// Decides access from the trial record and what the store says. Pure: the same inputs always give
/// the same answer, so every rule is tested to the second.
public enum AccessPolicy {
  /// The free trial's length in days: every sentence about the trial names this number.
  public static let trialDays = 7

  /// Exactly ``trialDays`` days of 24 hours, from the first launch.
  public static let trialLength = TimeInterval(trialDays) * 24 * 60 * 60

  /// What the store reported on this launch.
  public enum StoreReport: Sendable, Equatable {
    case entitlements([Entitlement])
    case unavailable
  }

  public static func evaluate(trial: TrialRecord, store: StoreReport, now: Date) -> AccessState {
    let effectiveNow = max(now, trial.latestSeen)
    switch store {
    case .entitlements(let entitlements):
      if let best = entitlements.filter({ $0.isActive(at: effectiveNow) }).max(by: { $0.expiresAt < $1.expiresAt }) {
        return .subscribed(
          plan: best.plan, renewsOrExpiresAt: best.expiresAt, willRenew: best.willRenew,
          renewsTo: best.willRenew ? best.renewsTo : nil)
      }
      let remaining = trialLength - trial.elapsed(at: now)
      return remaining > 0 ? .trial(remaining: remaining) : .expired
    case .unavailable:
      let remaining = trialLength - trial.elapsed(at: now)
      return remaining > 0 ? .trial(remaining: remaining) : .providerUnavailable
    }
  }
}
