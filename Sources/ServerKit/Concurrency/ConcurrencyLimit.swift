import Synchronization

/// At most `width` bodies at once; the rest wait their turn, first come first served. For work
/// whose cost per run is large and known (a password hash takes 19 MiB), so a burst of requests
/// waits instead of exhausting memory.
public final class ConcurrencyLimit: Sendable {
  public let width: Int
  private let state: Mutex<State>

  struct State {
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  public init(width: Int) {
    precondition(width >= 1, "a limit lets one through")
    self.width = width
    state = Mutex(State())
  }

  /// Runs `body` once fewer than `width` others are running.
  public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
    await acquire()
    defer { release() }
    return try await body()
  }

  /// Bodies running now, and waiting (for tests and metrics).
  public var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }

  private func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let admitted = state.withLock { state in
        if state.running < width {
          state.running += 1
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if admitted { continuation.resume() }
    }
  }

  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
