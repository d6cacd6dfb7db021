#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The source of "now" for every rule that depends on the current instant.
///
/// Rules take a clock instead of calling `Date()` so that tests can pin time to the second
/// (trial expiry, streaks across a DST change). Production passes ``SystemClock``.
public protocol WallClock: Sendable {
  /// The current instant.
  var now: Date { get }
}

/// The real wall clock of the machine.
public struct SystemClock: WallClock {
  /// Creates the system clock.
  public init() {}

  /// The machine's current time.
  public var now: Date { Date() }
}

/// A clock stopped at one instant, for tests and previews that need a single "now".
public struct FixedClock: WallClock {
  /// The instant this clock always reports.
  public let now: Date

  /// Creates a clock that always reports `now`.
  public init(_ now: Date) {
    self.now = now
  }
}
