import MIGACore
import OrchardDatabase
import OrchardKit
import ServerKit

/// The library the pauses draw from: the stored items, so an item the admin command retires stops
/// appearing. The items are read again only when the library's change sequence moves (its state
/// is checked at most once a second, see ``ContentStateCache``).
struct LiveLibrary: Sendable {
  private let repository: any MIGAContentStore
  private let contentState: ContentStateCache
  /// The live items at each position of the library's history; only the latest is kept.
  private let items: Cache<Int64, [ContentItem]>

  init(repository: any MIGAContentStore, state: ContentStateCache, clock: any WallClock) {
    self.repository = repository
    contentState = state
    items = Cache("miga-live-library", capacity: 1, clock: clock)
  }

  func items() async throws -> [ContentItem] {
    let state = try await contentState.state()
    return try await items.fetch(state.lastSeq) {
      try await repository.changes(since: nil, upTo: state).items.sorted { $0.id < $1.id }
    }
  }
}
