import DangdaiCore
import Hummingbird
import OrchardKit
import ServerKit

/// The learner's own word list on the web: Settings → "Use my book's word list" → choose the
/// file → a summary of what it holds → confirm (or cancel). Every step is a plain form, and each
/// post ends in a redirect, so a reload repeats nothing.
struct WordListRoutes: Sendable {
  let service: DangdaiService
  let pages: PageRenderer
  let learner: @Sendable (AppRequestContext) async throws -> DangdaiRoutes.Learner

  /// The most a list's form may send: a list at its largest, and room for the form around it
  /// (a larger file is refused by the server's own limit).
  static let bodyLimit = BodyLimit(bytes: VocabularyImport.maximumBytes * 2)

  func register(pages signedIn: RouterGroup<AppRequestContext>, uploads: RouterGroup<AppRequestContext>) {
    signedIn.get(DangdaiPath.wordList.pattern) { request, context in
      try await page(learner(context), notice: Self.notice(request.uri.queryParameters))
    }
    uploads.post(DangdaiPath.wordList.pattern) { request, context in
      let learner = try await learner(context)
      let form = try await MultipartForm(request, context: context)
      guard let file = form.file("list") else {
        return try await page(learner, notice: .noFile, status: .unprocessableContent)
      }
      do {
        let pending = try await service.readList(file.bytes, for: learner.account)
        return Response.seeOther(DangdaiPath.reviewWordList(pending.id))
      } catch DangdaiError.listRefused(let code) {
        return try await page(
          learner, notice: .refused(code), status: code == .tooLarge ? .contentTooLarge : .unprocessableContent)
      } catch DangdaiError.listNotText {
        return try await page(learner, notice: .notText, status: .unprocessableContent)
      }
    }
    signedIn.get(DangdaiPath.reviewWordList.pattern) { _, context in
      let learner = try await learner(context)
      do {
        let pending = try await service.pendingList(context.parameters.get("list") ?? "", of: learner.account)
        return pages.response(learner.pages.wordListReview(pending))
      } catch DangdaiError.listNotFound {
        return Response.seeOther(DangdaiPath.wordList.path + "?expired")
      }
    }
    signedIn.post(DangdaiPath.confirmWordList.pattern) { _, context in
      let learner = try await learner(context)
      do {
        let confirmed = try await service.confirmList(context.parameters.get("list") ?? "", for: learner.account)
        return Response.seeOther(DangdaiPath.wordList.path + "?confirmed=\(confirmed.report.lessons.count)")
      } catch DangdaiError.listNotFound {
        return Response.seeOther(DangdaiPath.wordList.path + "?expired")
      }
    }
    signedIn.post(DangdaiPath.cancelWordList.pattern) { _, context in
      try await service.discardList(of: learner(context).account)
      return Response.seeOther(DangdaiPath.wordList.path)
    }
    signedIn.post(DangdaiPath.wordListRemoval.pattern) { _, context in
      try await service.removeLists(of: learner(context).account)
      return Response.seeOther(DangdaiPath.wordList.path + "?removed")
    }
  }

  func page(
    _ learner: DangdaiRoutes.Learner, notice: DangdaiPages.WordListNotice?, status: HTTPResponse.Status = .ok
  ) async throws -> Response {
    let own = try await service.ownLists(of: learner.account)
    return pages.response(learner.pages.wordList(own: own, notice: notice), status: status)
  }

  /// The notice a redirect named: a list confirmed (with its lessons), removed, or gone.
  static func notice(_ query: Parameters) -> DangdaiPages.WordListNotice? {
    if let lessons = query.get("confirmed").flatMap(Int.init), (0...LessonID.all.count).contains(lessons) {
      return .confirmed(lessons: lessons)
    }
    if query.get("removed") != nil { return .removed }
    if query.get("expired") != nil { return .expired }
    return nil
  }
}
