import Synchronization

/// The library's state as last read, trusted for `maxAge`: the 304 and the empty delta — what
/// almost every sync is — then need no database read at all.
///
/// A change made by `orchard miga content` in another process (or by another server on a shared
/// PostgreSQL database) reaches clients within `maxAge`, the same lag the app catalog accepts.
/// Serving an older state is always safe: the delta and its cursor stop at that state's `lastSeq`,
/// so the client simply gets the change on its next sync.
final class ContentStateCache: Sendable {
  private let repository: any MIGAContentRepository
  private let maxAge: Duration
  private let entry = Mutex<(state: ContentState, readAt: ContinuousClock.Instant)?>(nil)

  init(repository: any MIGAContentRepository, maxAge: Duration = .seconds(1)) {
    self.repository = repository
    self.maxAge = maxAge
  }

  func state() async throws -> ContentState {
    let now = ContinuousClock.now
    if let cached = entry.withLock({ $0 }), now - cached.readAt < maxAge { return cached.state }
    let state = try await repository.state()
    entry.withLock { $0 = (state, now) }
    return state
  }
}
