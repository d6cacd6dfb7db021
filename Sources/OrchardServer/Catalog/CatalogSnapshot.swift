import Crypto
import Synchronization

/// The catalog as last read from the database, re-read when older than `maxAge`.
///
/// Every page view and API call needs the catalog, and it changes only when a server starts with a
/// different set of apps. Reading it once a second instead of on every request takes the database
/// off the hot path, and a second server process sees a change within that second.
public final class CatalogSnapshot: Sendable {
  /// The apps and an ETag that changes whenever they do.
  public struct Value: Sendable, Equatable {
    public let apps: [AppManifest]
    public let etag: String

    init(apps: [AppManifest]) {
      self.apps = apps
      var hasher = SHA256()
      for app in apps {
        for field in [app.id, app.name, app.promise, app.path, app.version, app.availability.rawValue] {
          hasher.update(data: Array(field.utf8) + [0])
        }
      }
      etag = "\"" + hasher.finalize().prefix(12).map { String(format: $0) }.joined() + "\""
    }
  }

  private let repository: any AppCatalogRepository
  private let maxAge: Duration
  private let cached: Mutex<(value: Value, readAt: ContinuousClock.Instant)?> = Mutex(nil)

  public init(repository: any AppCatalogRepository, maxAge: Duration = .seconds(1)) {
    self.repository = repository
    self.maxAge = maxAge
  }

  public func current() async throws -> Value {
    let now = ContinuousClock.now
    if let hit = cached.withLock({ $0 }), now - hit.readAt < maxAge { return hit.value }
    let value = Value(apps: try await repository.all())
    cached.withLock { $0 = (value, now) }
    return value
  }
}

extension String {
  fileprivate init(format byte: UInt8) {
    let hex = String(byte, radix: 16)
    self = byte < 16 ? "0" + hex : hex
  }
}
