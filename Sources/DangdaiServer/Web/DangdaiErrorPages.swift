import Hummingbird
import ServerKit

/// Something not found on Dangdai's web version (a chapter, a quiz, an id typed by hand) as
/// Dangdai's own page, in the learner's language, with the way back to the books. The status is
/// the one ``DangdaiProblem`` gives it; every other error goes on to the server's handling.
struct DangdaiErrorPages: RouterMiddleware {
  typealias Context = AppRequestContext

  let service: DangdaiService
  let pages: PageRenderer

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let problem as OrchardError where problem.status == .notFound {
      let screens = DangdaiPages(language: context.language, course: try await service.course())
      var response = pages.response(screens.notFound(problem.code), status: .notFound)
      response.headers[.cacheControl] = "no-store"
      return response
    }
  }
}
