import Hummingbird
import ServerKit

/// An address on Faith Jar's web version that leads nowhere (a feeling, verse, plan or store
/// action typed by hand) as Faith Jar's own page, with the way back to the feelings. A page
/// script's JSON, and every other error, goes on to the server's handling.
struct FaithJarErrorPages: RouterMiddleware {
  typealias Context = AppRequestContext

  let pages: PageRenderer

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let problem as OrchardError where problem.status == .notFound && !request.uri.path.hasSuffix(".json") {
      var response = pages.response(FaithJarRoutes.view(context).notFound(), status: .notFound)
      response.headers[.cacheControl] = "no-store"
      return response
    }
  }
}
