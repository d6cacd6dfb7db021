import Synchronization

/// Tells this process's job worker that work was just queued, so it claims it now rather than at
/// its next poll. (A worker in another process still finds it at its poll.) A ring nobody hears is
/// lost harmlessly: the queue, not the bell, is the record.
public final class JobBell: Sendable {
  private let listeners = Mutex<[AsyncStream<Void>.Continuation]>([])

  public init() {}

  /// Wakes every listener; rings close together are heard as one.
  public func ring() {
    for listener in listeners.withLock({ $0 }) { listener.yield() }
  }

  /// The rings from now on, until the stream is dropped.
  public func rings() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    listeners.withLock { $0.append(continuation) }
    return stream
  }
}
