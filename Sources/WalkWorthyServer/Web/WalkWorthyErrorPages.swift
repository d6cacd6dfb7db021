import Hummingbird
import ServerKit

/// An address on WalkWorthy's web version that leads nowhere (a history entry, a card or a page
/// typed by hand) as WalkWorthy's own page, with the way back to today. A page script's request, and
/// every other error, goes on to the server's handling.
struct WalkWorthyErrorPages: RouterMiddleware {
  typealias Context = AppRequestContext

  let pages: PageRenderer

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let problem as OrchardError where problem.status == .notFound && Self.wantsPage(request) {
      var response = pages.response(WalkWorthyRoutes.view(context).notFound(), status: .notFound)
      response.headers[.cacheControl] = "no-store"
      return response
    }
  }

  /// A person's visit, not a page script's (a `.json` address, or a request that asks for JSON
  /// over HTML): the script gets the server's problem document.
  static func wantsPage(_ request: Request) -> Bool {
    if request.uri.path.hasSuffix(".json") { return false }
    guard let accept = request.headers[.accept] else { return true }
    return !accept.contains("application/json") || accept.contains("text/html")
  }
}
