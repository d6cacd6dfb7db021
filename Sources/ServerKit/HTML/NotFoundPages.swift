import Hummingbird

/// Something not found on an app's web version (an id or an address typed by hand) as the app's
/// own page, with its way back into the app, never cached. A page script's request (a `.json`
/// address, or one asking for JSON over HTML) and every other error go on to the server's handling.
public struct NotFoundPages: RouterMiddleware {
  public typealias Context = AppRequestContext

  let pages: PageRenderer
  /// The app's page for what was not found (the refusal's code says what it was).
  let page: @Sendable (OrchardError, AppRequestContext) async throws -> Page

  public init(pages: PageRenderer, page: @escaping @Sendable (OrchardError, AppRequestContext) async throws -> Page) {
    self.pages = pages
    self.page = page
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let problem as OrchardError where problem.status == .notFound && Self.wantsPage(request) {
      var response = pages.response(try await page(problem, context), status: .notFound)
      response.headers[.cacheControl] = "no-store"
      return response
    }
  }

  /// A person's visit, not a page script's (a `.json` address, or one asking for JSON over HTML):
  /// an app's own error pages answer the one with a page and the other with the problem document.
  public static func wantsPage(_ request: Request) -> Bool {
    if request.uri.path.hasSuffix(".json") { return false }
    guard let accept = request.headers[.accept] else { return true }
    return !accept.contains("application/json") || accept.contains("text/html")
  }
}
