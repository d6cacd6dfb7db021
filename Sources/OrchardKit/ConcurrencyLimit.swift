import Synchronization

/// At most `width` bodies at once; the rest wait their turn, first come first served. For work
/// whose cost per run is large and known (a password hash takes 19 MiB), so a burst of requests
/// waits instead of exhausting memory.
///
/// A task cancelled while it waits leaves the queue at once with `CancellationError`: a request
/// whose client went away, or a test past its time limit, never waits on for a turn it no longer
/// wants.
public final class ConcurrencyLimit: Sendable {
  public let width: Int
  private let state: Mutex<State>

  struct State {
    var running = 0
    var nextTicket = 0
    var waiting: [(ticket: Int, continuation: CheckedContinuation<Void, any Error>)] = []
  }

  public init(width: Int) {
    precondition(width >= 1, "a limit lets one through")
    self.width = width
    state = Mutex(State())
  }

  /// Runs `body` once fewer than `width` others are running.
  public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    try await acquire()
    defer { release() }
    return try await body()
  }

  /// Bodies running now, and waiting (for tests and metrics).
  public var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }

  /// Waits for a turn; every successful call is matched by one ``release()``.
  package func acquire() async throws {
    let ticket = state.withLock { state in
      defer { state.nextTicket += 1 }
      return state.nextTicket
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // A cancellation that came first has already set the flag read here, under the lock its
        // handler takes: so either the waiter is refused now, or the handler finds it queued.
        let admitted: Bool? = state.withLock { state in
          if Task.isCancelled { return nil }
          if state.running < width {
            state.running += 1
            return true
          }
          state.waiting.append((ticket, continuation))
          return false
        }
        switch admitted {
        case .some(true): continuation.resume()
        case .some(false): break
        case nil: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let left = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
        return state.waiting.remove(at: index).continuation
      }
      left?.resume(throwing: CancellationError())
    }
  }

  /// Ends a turn ``acquire()`` gave.
  package func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      if state.waiting.isEmpty {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst().continuation
    }
    next?.resume()
  }
}
