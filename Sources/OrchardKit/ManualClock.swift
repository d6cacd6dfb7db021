import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A clock that tests move by hand, e.g. to cross midnight or a trial's end within one test.
///
/// A class, not a struct, so that the rule under test and the test itself share one clock: the
/// test advances it while the rule holds on to it. The mutex makes that sharing safe across
/// concurrency domains without `@unchecked Sendable`.
public final class ManualClock: WallClock {
  private let current: Mutex<Date>

  /// Creates a clock that reads `start` until it is moved.
  public init(_ start: Date) {
    current = Mutex(start)
  }

  /// The instant the clock was last set or advanced to.
  public var now: Date {
    current.withLock { $0 }
  }

  /// Moves the clock forward (or backward, for a negative interval) by `seconds`.
  public func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  /// Moves the clock to `date`.
  public func set(_ date: Date) {
    current.withLock { $0 = date }
  }
}
