import OpenAPIRuntime
import OrchardAPI

/// The platform API (`openapi.yaml` in OrchardAPI), implemented over the catalog snapshot.
struct OrchardAPIService: APIProtocol {
  let catalog: CatalogSnapshot

  func listApps(_ input: Operations.listApps.Input) async throws -> Operations.listApps.Output {
    let snapshot = try await catalog.current()
    if input.headers.If_hyphen_None_hyphen_Match == snapshot.etag {
      return .notModified(.init())
    }
    let apps = snapshot.apps.map { app in
      Components.Schemas.App(
        id: app.id, name: app.name, promise: app.promise, path: app.path, version: app.version,
        availability: app.availability == .available ? .available : .coming_soon)
    }
    return .ok(.init(headers: .init(ETag: snapshot.etag), body: .json(.init(apps: apps))))
  }
}
