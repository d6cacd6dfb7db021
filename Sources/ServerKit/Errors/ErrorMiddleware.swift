import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import OrchardKit

/// Turns every error into a response a person or a client can use, and logs the cause of every 5xx.
///
/// API paths (`…/api/…`) get `application/problem+json` with a stable `code`; pages get a friendly
/// HTML page. Neither ever contains an internal message or a stack trace.
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Recognises errors from other layers (e.g. the OpenAPI runtime) as an ``OrchardError``.
  let translate: @Sendable (any Error) -> OrchardError?
  let renderPage: @Sendable (OrchardError, Language) -> HTML

  public init(
    translate: @escaping @Sendable (any Error) -> OrchardError? = { _ in nil },
    renderPage: @escaping @Sendable (OrchardError, Language) -> HTML
  ) {
    self.translate = translate
    self.renderPage = renderPage
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let language = LanguageNegotiation.choose(
        explicit: request.uri.queryParameters.get("lang") ?? request.cookie(LanguageNegotiation.cookie),
        acceptLanguage: request.headers[.acceptLanguage],
        offered: PlatformTexts.all.languages)
      let problem = PlatformTexts.localize(classify(error), in: language)
      if problem.status.code >= 500 {
        context.logger.error(
          "request failed", metadata: ["path": "\(request.uri.path)", "cause": "\(String(reflecting: error))"])
      }
      return response(for: problem, request: request, language: language)
    }
  }

  func classify(_ error: any Error) -> OrchardError {
    if let error = error as? OrchardError { return error }
    if let translated = translate(error) { return translated }
    if let error = error as? any HTTPResponseError { return .status(error.status) }
    return .internalError
  }

  func response(for problem: OrchardError, request: Request, language: Language = .english) -> Response {
    var response: Response
    if Self.wantsJSON(request) {
      response = Self.problemResponse(problem)
    } else {
      var buffer = ByteBuffer()
      buffer.writeString(renderPage(problem, language).rendered)
      response = Response(
        status: problem.status,
        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: buffer))
    }
    response.headers.append(contentsOf: problem.headers)
    return response
  }

  /// An API's path, a `.json` address (a page script's), or a request that asks for JSON over HTML
  /// gets a problem document; everything else a page.
  static func wantsJSON(_ request: Request) -> Bool {
    let path = request.uri.path
    if path.contains("/api/") || path.hasSuffix("/api") || path.hasSuffix(".json") { return true }
    guard let accept = request.headers[.accept] else { return false }
    return accept.contains("application/json") && !accept.contains("text/html")
  }

  /// RFC 9457 problem details, with Orchard's stable `code` as an extension member.
  public static func problemResponse(_ problem: OrchardError) -> Response {
    let body = ProblemDocument(
      type: "about:blank", title: problem.title, status: problem.status.code, detail: problem.detail,
      code: problem.code,
      problems: problem.problems.isEmpty ? nil : problem.problems)
    let data = (try? JSONEncoder().encode(body)) ?? Data()
    return Response(
      status: problem.status,
      headers: [.contentType: "application/problem+json", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}

/// The JSON body of a problem response.
struct ProblemDocument: Encodable {
  let type: String
  let title: String
  let status: Int
  let detail: String
  let code: String
  let problems: [FieldProblem]?
}
