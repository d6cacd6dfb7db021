import Foundation
import HTTPTypes
import Hummingbird
import IdentityCore
import NIOCore
import OpenAPIRuntime
import OrchardKit
import ServerKit

/// Carries the request's bearer token and the authority it was sent to to the handlers of the
/// accounts API: the generated handlers see only the operation's input.
struct AuthAPIAuthentication: ServerMiddleware {
  @TaskLocal static var token: String?
  @TaskLocal static var authority: String?

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    let token = Self.bearer(in: request.headerFields)
    return try await Self.$token.withValue(token) {
      try await Self.$authority.withValue(request.authority) {
        try await next(request, body, metadata)
      }
    }
  }
}

extension AuthAPIAuthentication {
  /// The token of an `Authorization: Bearer …` header (the scheme's name in any case), up to 8 KiB:
  /// an access token is a JWT, longer than the opaque tokens of other APIs.
  static func bearer(in fields: HTTPFields) -> String? { fields.bearerToken(maxLength: maxLength) }

  static let maxLength = 8_192
}

/// Writes every refusal of the accounts API as GoTrue's clients read it: problem+json whose `code`
/// is GoTrue's error code, repeated as `error_code`, with `msg` the sentence in the request's
/// language and, for a weak password, `weak_password.reasons`. A request that does not match the
/// document is `validation_failed`; anything else passes to the server's own error handling.
struct AuthProblems: RouterMiddleware {
  typealias Context = AppRequestContext

  /// Where `WWW-Authenticate` sends a client without a session.
  let realm: Realm

  func handle(
    _ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      if let failure = Self.failure(in: error) { return response(for: failure, language: context.language) }
      if let refusal = (error as? OrchardError) ?? translateOpenAPIError(error), refusal.code == "BAD_REQUEST" {
        return response(
          code: "validation_failed", status: refusal.status, title: refusal.title, detail: refusal.detail,
          problems: refusal.problems)
      }
      throw error
    }
  }

  static func failure(in error: any Error) -> AuthFailure? {
    if let failure = error as? AuthFailure { return failure }
    return (error as? ServerError)?.underlyingError as? AuthFailure
  }

  func response(for failure: AuthFailure, language: Language) -> Response {
    let text = IdentityTexts.all.localizer(realm.languages.contains(language) ? language : .english)
    var reasons: [String]?
    if case .weakPassword(let problem) = failure { reasons = [problem.reason] }
    var response = response(
      code: failure.code, status: failure.status, title: failure.status.reasonPhrase, detail: text(failure.message),
      reasons: reasons)
    if let seconds = failure.retryAfter { response.headers[.retryAfter] = String(seconds) }
    switch failure {
    case .badJWT, .sessionNotFound, .noAuthorization:
      response.headers[.wwwAuthenticate] = "Bearer realm=\"\(realm.app)\", error=\"invalid_token\""
    default: break
    }
    return response
  }

  func response(
    code: String, status: HTTPResponse.Status, title: String, detail: String, reasons: [String]? = nil,
    problems: [FieldProblem] = []
  ) -> Response {
    let document = Document(
      type: "about:blank", title: title, status: status.code, detail: detail, code: code, error_code: code,
      msg: detail, weak_password: reasons.map(Document.WeakPassword.init(reasons:)),
      problems: problems.isEmpty ? nil : problems)
    // Sorted, so that two refusals that must not be told apart are the same bytes.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(document)) ?? Data()
    return Response(
      status: status, headers: [.contentType: "application/problem+json", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  struct Document: Encodable {
    struct WeakPassword: Encodable { let reasons: [String] }

    let type: String
    let title: String
    let status: Int
    let detail: String
    let code: String
    let error_code: String
    let msg: String
    let weak_password: WeakPassword?
    let problems: [FieldProblem]?
  }
}
