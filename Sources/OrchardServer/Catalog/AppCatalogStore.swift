import OrchardDatabase
import SQLKit
import ServerKit

/// Storage of the app catalog.
public protocol AppCatalogStore: Sendable {
  /// Every app, in launcher order.
  func all() async throws -> [AppManifest]
  /// Makes the stored catalog exactly `apps` (in that order).
  func replace(with apps: [AppManifest]) async throws
}

/// The catalog in the `apps` table, shared by every server process on the same database.
public struct SQLAppCatalogStore: AppCatalogStore {
  let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  public func all() async throws -> [AppManifest] {
    let rows: [Row] = try await database.select()
      .columns("slug", "name", "promise", "path", "version", "availability")
      .from("apps").orderBy("position")
      .all(decoding: Row.self)
    return rows.compactMap(\.manifest)
  }

  public func replace(with apps: [AppManifest]) async throws {
    try await database.inTransaction { session in
      try await session.delete(from: "apps").run()
      for (position, app) in apps.enumerated() {
        try await session.insert(into: "apps")
          .columns("slug", "name", "promise", "path", "version", "availability", "position")
          .values(
            SQLBind(app.id), SQLBind(app.name), SQLBind(app.promise), SQLBind(app.path), SQLBind(app.version),
            SQLBind(app.availability.rawValue), SQLBind(position)
          )
          .run()
      }
    }
  }

  private struct Row: Decodable {
    let slug, name, promise, path, version, availability: String

    /// A row with an availability this build does not know is skipped, not a crash.
    var manifest: AppManifest? {
      AppManifest.Availability(rawValue: availability).map {
        AppManifest(id: slug, name: name, promise: promise, path: path, version: version, availability: $0)
      }
    }
  }

  /// The `apps` table.
  public static let migration = Migration("orchard-0001-apps") { database in
    try await database.create(table: "apps")
      .column("slug", type: .text, .primaryKey(autoIncrement: false))
      .column("name", type: .text, .notNull)
      .column("promise", type: .text, .notNull)
      .column("path", type: .text, .notNull)
      .column("version", type: .text, .notNull)
      .column("availability", type: .text, .notNull)
      .column("position", type: .int, .notNull)
      .run()
  }
}
