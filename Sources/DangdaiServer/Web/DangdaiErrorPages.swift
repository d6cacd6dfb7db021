import DangdaiCore
import Hummingbird
import ServerKit

/// A refusal on Dangdai's web version as Dangdai's own page, in the learner's language, with the
/// status the API answers it with (``DangdaiProblem``) and the way back to the books: what is not
/// there (a chapter, a quiz, any other address) and a review with nothing due. Any other refusal
/// goes on as its problem to the server's error page, and a page script's request (a `.json`
/// address, or one asking for JSON over HTML) gets the problem document.
struct DangdaiErrorPages: RouterMiddleware {
  typealias Context = AppRequestContext

  let pages: PageRenderer
  let service: DangdaiService

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let screens = DangdaiPages(language: context.language, course: try await service.course())
      let problem: OrchardError
      let page: Page?
      switch error {
      case let refusal as DangdaiError:
        problem = DangdaiProblem.refusal(refusal)
        page = screens.refusal(refusal)
      case let other as OrchardError where other.status == .notFound:
        problem = other
        page = screens.pageNotFound()
      default:
        throw error
      }
      guard let page, NotFoundPages.wantsPage(request) else { throw problem }
      var response = pages.response(page, status: problem.status)
      response.headers[.cacheControl] = "no-store"
      return response
    }
  }
}
