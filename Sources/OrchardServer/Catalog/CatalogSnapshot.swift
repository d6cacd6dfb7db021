import Crypto
import Foundation
import NIOCore
import OrchardDatabase
import OrchardKit
import ServerKit

/// The catalog as last read from the database, read again once it is `maxAge` seconds old (on the
/// server's clock).
///
/// Every page view and API call needs the catalog, and it changes only when a server starts with a
/// different set of apps. Reading it once a second instead of on every request takes the database
/// off the hot path, and a second server process sees a change within that second.
public struct CatalogSnapshot: Sendable {
  /// The apps, an ETag that changes whenever they do, and the API's answer encoded once.
  public struct Value: Sendable, Equatable {
    public let apps: [AppManifest]
    public let etag: String
    /// `GET /api/v1/apps`'s body for these apps.
    public let body: ByteBuffer

    init(apps: [AppManifest]) throws {
      self.apps = apps
      body = ByteBuffer(bytes: try OrchardAPIService.body(apps))
      var hasher = SHA256()
      for app in apps {
        for field in [app.id, app.name, app.promise, app.path, app.version, app.availability.rawValue] {
          hasher.update(data: Array(field.utf8) + [0])
        }
      }
      etag = "\"" + hasher.finalize().prefix(12).map { String(format: $0) }.joined() + "\""
    }
  }

  private let repository: any AppCatalogStore
  private let cache: Cache<String, Value>

  public init(repository: any AppCatalogStore, clock: any WallClock, maxAge: TimeInterval = 1) {
    self.repository = repository
    cache = Cache("app-catalog", capacity: 1, maxAge: maxAge, clock: clock)
  }

  public func current() async throws -> Value {
    try await cache.fetch("apps") { try Value(apps: try await repository.all()) }
  }
}

extension String {
  fileprivate init(format byte: UInt8) {
    let hex = String(byte, radix: 16)
    self = byte < 16 ? "0" + hex : hex
  }
}
