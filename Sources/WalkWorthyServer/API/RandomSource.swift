import OrchardKit
import Synchronization

/// Where the server's random choices come from: the system's generator, or a seeded one shared by
/// every request so a test's sequence of choices is the same every run.
public struct RandomSource: Sendable {
  let draw: @Sendable () -> UInt64

  public static let system = RandomSource {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }

  public static func seeded(_ seed: UInt64) -> RandomSource {
    let shared = SharedGenerator(seed: seed)
    return RandomSource { shared.next() }
  }

  /// A generator that draws from this source.
  var generator: SourceGenerator { SourceGenerator(source: self) }
}

struct SourceGenerator: RandomNumberGenerator {
  let source: RandomSource
  mutating func next() -> UInt64 { source.draw() }
}

private final class SharedGenerator: Sendable {
  private let state: Mutex<SeededRandomNumberGenerator>

  init(seed: UInt64) { state = Mutex(SeededRandomNumberGenerator(seed: seed)) }

  func next() -> UInt64 { state.withLock { $0.next() } }
}
