/// Measures how long something took, on the machine's monotonic clock: durations of requests and
/// of benchmark runs. Never a source of "now" for a rule (that is the injected ``WallClock``).
public struct Stopwatch: Sendable {
  private let start: ContinuousClock.Instant

  /// Starts measuring.
  public init() { start = ContinuousClock.now }

  /// Time since the stopwatch started.
  public var elapsed: Duration { ContinuousClock.now - start }

  /// Runs `body` and returns how long it took.
  public static func time(_ body: () throws -> Void) rethrows -> Duration {
    let watch = Stopwatch()
    try body()
    return watch.elapsed
  }
}
