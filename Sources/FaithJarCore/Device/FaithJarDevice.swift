import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What Faith Jar keeps for one device: the app's state, and the store the web version sells
/// through (its test store). The iOS app keeps the same state on the phone and asks StoreKit instead.
public struct FaithJarDevice: Codable, Sendable, Equatable {
  public var state = FaithJarState()
  public var store = TestStoreLedger()
  /// How far a tester has moved this device's clock, in seconds. Honoured only on a server that
  /// allows test device clocks (never in production).
  public var clockShift: TimeInterval?

  public init() {}

  /// The time on this device: `now` moved by the tester's shift, when shifts are allowed.
  public func now(_ now: Date, shiftsAllowed: Bool) -> Date {
    guard shiftsAllowed, let clockShift else { return now }
    return now.addingTimeInterval(clockShift)
  }

  /// Access at `now` on this device, as the store reports it.
  public func access(at now: Date) -> AccessState {
    state.access(store: store.report(at: now), at: now)
  }

  /// A purchase through the test store, and what it changed: refused whole while the store is out.
  @discardableResult
  public mutating func purchase(_ plan: Plan, at now: Date) throws(PurchaseProviderError) -> PlanChange {
    guard !store.isOutage else { throw .unavailable }
    return store.buy(plan, at: now)
  }

  /// What "Restore purchases" finds, given the access it leads to.
  public func restore(at now: Date) -> RestoreOutcome {
    switch access(at: now) {
    case .providerUnavailable: .storeUnavailable
    case .subscribed: .restored
    case .trial, .expired: .nothingToRestore
    }
  }

  /// A tester's move of this device's clock; the app notices the new time as it would on a phone,
  /// at the next launch.
  public mutating func moveClock(_ move: DeviceClockMove, serverNow: Date) {
    clockShift = move.applied(to: clockShift ?? 0)
    state.launch(at: now(serverNow, shiftsAllowed: true))
  }
}

/// How "Restore purchases" ended.
public enum RestoreOutcome: String, Sendable, Equatable {
  case restored
  case nothingToRestore = "nothing-to-restore"
  case storeUnavailable = "unavailable"
}

/// The test store's own transitions, on command, so every path of the access policy can be tried.
public enum TestStoreAction: String, Sendable, CaseIterable {
  case cancel, expire, refund, outage

  public func apply(to store: inout TestStoreLedger, at now: Date) {
    switch self {
    case .cancel: store.cancel(at: now)
    case .expire: store.expire(at: now)
    case .refund: store.refund(at: now)
    case .outage: store.isOutage.toggle()
    }
  }
}

/// A tester's move of the device clock: forward to reach the end of the free week, back to prove
/// that turning the clock back never extends it.
public enum DeviceClockMove: String, Sendable, CaseIterable {
  case forwardDay = "forward-day"
  case forwardWeek = "forward-week"
  case backDay = "back-day"
  case reset

  static let day: TimeInterval = 24 * 60 * 60

  /// Whole days the move shifts the clock by (negative: back), or nil for the real time.
  /// `forwardWeek` moves exactly the trial's length, so one press reaches its end.
  public var days: Int? {
    switch self {
    case .forwardDay: 1
    case .forwardWeek: AccessPolicy.trialDays
    case .backDay: -1
    case .reset: nil
    }
  }

  public func applied(to shift: TimeInterval) -> TimeInterval {
    guard let days else { return 0 }
    return shift + TimeInterval(days) * Self.day
  }

  /// The button's words ("Forward 7 days").
  public var label: Message<FaithJarText> {
    switch days {
    case let days? where days > 0: Message(.clockForward, ["days": days])
    case let days?: Message(.clockBack, ["days": -days])
    case nil: Message(.clockReset)
    }
  }

  /// Whole days the shift moves the clock, ahead (positive) or behind.
  public static func days(in shift: TimeInterval) -> Int { Int((shift / day).rounded()) }

  /// Where a shifted clock stands ("This device's clock is 2 days ahead.").
  public static func state(of shift: TimeInterval) -> Message<FaithJarText> {
    let days = days(in: shift)
    if days == 0 { return Message(.clockReal) }
    return days > 0 ? Message(.clockAhead, ["days": days]) : Message(.clockBehind, ["days": -days])
  }
}
