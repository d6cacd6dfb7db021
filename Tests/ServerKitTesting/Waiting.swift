/// A wait in a test that ran out: what it waited for, and for how long.
public struct WaitExpired: Error, CustomStringConvertible {
  public let what: String
  public let limit: Duration

  public var description: String { "waited \(limit) for \(what), in vain" }
}

/// Asks `condition` every 20 ms until it holds. After `limit` the test fails with ``WaitExpired``
/// naming `what` it waited for, instead of waiting on: the limit is generous, for a machine busy
/// with other work, because a test asserts what happened, not how fast.
public func waitUntil(
  _ what: @autoclosure () -> String, within limit: Duration = .seconds(60),
  _ condition: () async throws -> Bool
) async throws {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while try await !condition() {
    guard clock.now < deadline else { throw WaitExpired(what: what(), limit: limit) }
    try await Task.sleep(for: .milliseconds(20))
  }
}

/// The value of an unstructured task, awaited so that the waiting test's cancellation (its time
/// limit) cancels the task too: `await task.value` alone would wait on after the test gave up.
public func value<T: Sendable>(of task: Task<T, any Error>) async throws -> T {
  try await withTaskCancellationHandler {
    try await task.value
  } onCancel: {
    task.cancel()
  }
}
