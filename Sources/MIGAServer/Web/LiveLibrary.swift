import MIGACore
import Synchronization

/// The library the web version's pauses draw from: the stored items, so an item the admin command
/// retires stops appearing, read again only when the library's change sequence moves (checked at
/// most once a second).
final class LiveLibrary: Sendable {
  private let repository: any MIGAContentRepository
  private let snapshot = Mutex<(items: [ContentItem], seq: Int64, checked: ContinuousClock.Instant)?>(nil)

  init(repository: any MIGAContentRepository) { self.repository = repository }

  func items() async throws -> [ContentItem] {
    let now = ContinuousClock.now
    let cached = snapshot.withLock { $0 }
    if let cached, now - cached.checked < .seconds(1) { return cached.items }
    let state = try await repository.state()
    if let cached, cached.seq == state.lastSeq {
      snapshot.withLock { $0?.checked = now }
      return cached.items
    }
    let items = try await repository.changes(since: nil, upTo: state).items.sorted { $0.id < $1.id }
    snapshot.withLock { $0 = (items, state.lastSeq, now) }
    return items
  }
}
