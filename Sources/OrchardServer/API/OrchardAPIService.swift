import Foundation
import OpenAPIRuntime
import OrchardAPI
import ServerKit

/// The platform API (`openapi.yaml` in OrchardAPI), implemented over the catalog snapshot.
struct OrchardAPIService: APIProtocol {
  let catalog: CatalogSnapshot

  func listApps(_ input: Operations.listApps.Input) async throws -> Operations.listApps.Output {
    let snapshot = try await catalog.current()
    if input.headers.If_hyphen_None_hyphen_Match == snapshot.etag {
      return .notModified(.init())
    }
    return .ok(.init(headers: .init(ETag: snapshot.etag), body: .json(Self.wire(snapshot.apps))))
  }

  /// The apps in the contract's shape.
  static func wire(_ apps: [AppManifest]) -> Components.Schemas.AppList {
    Components.Schemas.AppList(
      apps: apps.map { app in
        Components.Schemas.App(
          id: app.id, name: app.name, promise: app.promise, path: app.path, version: app.version,
          availability: app.availability == .available ? .available : .coming_soon)
      })
  }

  /// The body the generated handler would write, encoded once: compact, keys in the contract's
  /// order, slashes as they are (``AppRoutes/apiConfiguration``).
  static func body(_ apps: [AppManifest]) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return [UInt8](try encoder.encode(wire(apps)))
  }
}
