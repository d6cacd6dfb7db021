import Hummingbird

/// Serves `/assets/<path>.<hash>.<ext>` from the catalog; anything else under `/assets/` is a 404.
public enum AssetRoutes {
  public static func add(to router: Router<AppRequestContext>, catalog: AssetCatalog) {
    router.get("/assets/**") { request, context in
      let hashed = context.parameters.getCatchAll().joined(separator: "/")
      guard
        let response = catalog.response(
          forHashedPath: hashed, acceptEncoding: request.headers[.acceptEncoding],
          ifNoneMatch: request.headers[.ifNoneMatch])
      else { throw OrchardError.notFound }
      return response
    }
  }
}
