import Foundation
import OrchardDatabase
import OrchardKit
import ServerKit

/// The library's state as last read, trusted for `maxAge` seconds: the 304 and the empty delta —
/// what almost every sync is — then need no database read at all.
///
/// A change made by `orchard miga content` in another process (or by another server on a shared
/// PostgreSQL database) reaches clients within `maxAge`, the same lag the app catalog accepts.
/// Serving an older state is always safe: the delta and its cursor stop at that state's `lastSeq`,
/// so the client simply gets the change on its next sync.
struct ContentStateCache: Sendable {
  private let repository: any MIGAContentStore
  private let cache: Cache<String, ContentState>

  init(repository: any MIGAContentStore, clock: any WallClock, maxAge: TimeInterval = 1) {
    self.repository = repository
    cache = Cache("miga-content-state", capacity: 1, maxAge: maxAge, clock: clock)
  }

  func state() async throws -> ContentState {
    try await cache.fetch("library") { try await repository.state() }
  }
}
