import Synchronization

/// Where the server's random choices come from, handed to every app in its environment: in
/// production the system's generator, which the `orchard` executable hands in as it puts the server
/// together (`RandomSource(SystemRandomNumberGenerator())`, as it hands in `SystemClock()`), never
/// a library or a core; in tests a seeded one shared by every request, so a test's sequence of
/// choices is the same every run.
public struct RandomSource: Sendable {
  let draw: @Sendable () -> UInt64

  public init(draw: @escaping @Sendable () -> UInt64) { self.draw = draw }

  /// A source that every draw takes the next numbers of `generator` from, one draw at a time.
  public init<Generator: RandomNumberGenerator & Sendable>(_ generator: Generator) {
    let shared = SharedGenerator(generator)
    draw = { shared.next() }
  }

  /// One seeded sequence (xoshiro256**) that every draw takes the next numbers of.
  public static func seeded(_ seed: UInt64) -> RandomSource {
    RandomSource(SeededRandomNumberGenerator(seed: seed))
  }

  /// A generator that draws from this source.
  public var generator: SourceGenerator { SourceGenerator(source: self) }

  /// A new random 128-bit id.
  public func id() -> IdempotencyID {
    var generator = generator
    return IdempotencyID(using: &generator)
  }

  /// `count` random bytes (a salt, a key's secret).
  public func bytes(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 7)
    while bytes.count < count { withUnsafeBytes(of: draw().littleEndian) { bytes.append(contentsOf: $0) } }
    return Array(bytes.prefix(count))
  }
}

/// A `RandomNumberGenerator` over a ``RandomSource``, for the core functions that take one.
public struct SourceGenerator: RandomNumberGenerator {
  let source: RandomSource
  public mutating func next() -> UInt64 { source.draw() }
}

private final class SharedGenerator<Generator: RandomNumberGenerator & Sendable>: Sendable {
  private let state: Mutex<Generator>

  init(_ generator: Generator) { state = Mutex(generator) }

  func next() -> UInt64 { state.withLock { $0.next() } }
}
