#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A store that sells and reports subscriptions. StoreKit 2 implements it on iOS; the web version
/// uses ``TestPurchaseProvider``.
public protocol PurchaseProvider: Sendable {
  /// What the person currently owns. Throws ``PurchaseProviderError/unavailable`` when the store
  /// cannot be reached.
  func entitlements() async throws(PurchaseProviderError) -> [Entitlement]
  func purchase(_ plan: Plan) async throws(PurchaseProviderError) -> PurchaseOutcome
  /// Re-reads past purchases, e.g. on a new device.
  func restore() async throws(PurchaseProviderError) -> [Entitlement]
}

/// How a purchase attempt ended.
public enum PurchaseOutcome: Sendable, Equatable {
  case purchased(Entitlement)
  /// The person closed the store sheet; nothing changes.
  case cancelled
  /// Waiting for approval (e.g. Ask to Buy); access comes when the store confirms.
  case pending
}

public enum PurchaseProviderError: Error, Sendable, Equatable {
  case unavailable
}

/// A store whose every transition happens on command: buy, restore, cancel, expire, refund, and
/// an outage. The web version sells through it — clearly labelled as a test purchase — so each path
/// of the access policy runs end to end without real money.
public struct TestStoreLedger: Codable, Sendable, Equatable {
  public private(set) var entitlement: Entitlement?
  /// When set, the store behaves as if it could not be reached.
  public var isOutage = false

  public init() {}

  /// The entitlement as the store would report it at `now`: a renewing subscription whose period
  /// has ended has been renewed, period by period, as a real store does.
  /// A downgrade waiting for the renewal takes over at the first renewal.
  public func entitlements(at now: Date) -> [Entitlement] {
    guard var current = entitlement else { return [] }
    while current.willRenew, current.revokedAt == nil, now >= current.expiresAt {
      if let next = current.renewsTo {
        current.plan = next
        current.renewsTo = nil
      }
      current.expiresAt = current.plan.periodEnd(startingAt: current.expiresAt)
    }
    return [current]
  }

  /// What the store reports at `now`, as the access policy reads it.
  public func report(at now: Date) -> AccessPolicy.StoreReport {
    isOutage ? .unavailable : .entitlements(entitlements(at: now))
  }

  /// Buys `plan` at `now` by ``PlanChange``'s rule, and says what changed.
  @discardableResult
  public mutating func buy(_ plan: Plan, at now: Date) -> PlanChange {
    let current = entitlements(at: now).first
    let change = PlanChange.buying(plan, over: current, at: now)
    switch change {
    case .started, .upgraded:
      entitlement = Entitlement(plan: plan, expiresAt: plan.periodEnd(startingAt: now))
    case .scheduled:
      entitlement = current.map {
        var e = $0; e.willRenew = true; e.renewsTo = plan; return e
      }
    case .kept:
      entitlement = current.map {
        var e = $0; e.willRenew = true; e.renewsTo = nil; return e
      }
    }
    return change
  }

  /// Turns off renewal: access lasts to the end of the paid period.
  public mutating func cancel(at now: Date) {
    entitlement = entitlements(at: now).first.map {
      var e = $0; e.willRenew = false; return e
    }
  }

  /// Ends the period now, as if it had run out without renewal.
  public mutating func expire(at now: Date) {
    entitlement = entitlement.map {
      var e = $0; e.willRenew = false; e.expiresAt = min(e.expiresAt, now); return e
    }
  }

  /// A refund takes access away at once.
  public mutating func refund(at now: Date) {
    entitlement = entitlement.map {
      var e = $0; e.revokedAt = now; return e
    }
  }
}

/// ``PurchaseProvider`` over a ``TestStoreLedger``, for tests and for the web version's test store.
public actor TestPurchaseProvider: PurchaseProvider {
  public private(set) var ledger: TestStoreLedger
  private let now: @Sendable () -> Date

  public init(ledger: TestStoreLedger = TestStoreLedger(), now: @escaping @Sendable () -> Date) {
    self.ledger = ledger
    self.now = now
  }

  public func entitlements() throws(PurchaseProviderError) -> [Entitlement] {
    guard !ledger.isOutage else { throw .unavailable }
    return ledger.entitlements(at: now())
  }

  public func purchase(_ plan: Plan) throws(PurchaseProviderError) -> PurchaseOutcome {
    guard !ledger.isOutage else { throw .unavailable }
    let at = now()
    ledger.buy(plan, at: at)
    guard let entitlement = ledger.entitlements(at: at).first else { return .pending }
    return .purchased(entitlement)
  }

  public func restore() throws(PurchaseProviderError) -> [Entitlement] { try entitlements() }

  public func update(_ change: @Sendable (inout TestStoreLedger) -> Void) { change(&ledger) }
}
