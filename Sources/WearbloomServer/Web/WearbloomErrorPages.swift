import Hummingbird
import ServerKit
import WearbloomCore

/// A refusal on Wearbloom's web version as Wearbloom's own page: the status the API would answer
/// (``WearbloomProblem``), the sentence for it from the catalog (``ProblemScreen``), and a way back
/// into the app. Anything else (a 5xx) goes on to the server's error page and its log.
struct WearbloomErrorPages: RouterMiddleware {
  typealias Context = AppRequestContext

  let pages: PageRenderer

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      guard let problem = WearbloomProblem.refusal(error) ?? (error as? OrchardError),
        (400..<500).contains(problem.status.code)
      else { throw error }
      var response: Response
      if Self.wantsJSON(request) {
        response = ErrorMiddleware<Context>.problemResponse(problem)
      } else {
        let screen = ProblemScreen(code: problem.code, status: problem.status.code)
        response = pages.response(WearbloomPages(language: context.language).problem(screen), status: problem.status)
        response.headers[.cacheControl] = "no-store"
      }
      response.headers.append(contentsOf: problem.headers)
      return response
    }
  }

  /// A page script's request (the render's status, or one that asks for JSON over HTML): a
  /// problem document, not a page.
  static func wantsJSON(_ request: Request) -> Bool {
    let path = request.uri.path
    if path.hasPrefix(WearbloomPath.app + "/renders/"), path.hasSuffix("/status") { return true }
    guard let accept = request.headers[.accept] else { return false }
    return accept.contains("application/json") && !accept.contains("text/html")
  }
}
