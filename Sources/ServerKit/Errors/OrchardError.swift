import HTTPTypes

/// An error a visitor or an API client can be told about: a status, a stable machine code and a
/// sentence that helps. Anything else that escapes a handler becomes ``internalError`` and its
/// cause goes to the log only.
public struct OrchardError: Error, Sendable, Equatable {
  public let status: HTTPResponse.Status
  /// Stable, upper-snake-case code that clients may branch on (`NOT_FOUND`, `CROSS_SITE_REQUEST`, …).
  public let code: String
  /// A short heading for the error page.
  public let title: String
  /// What happened and what to do about it, in plain words.
  public let detail: String
  /// Headers the response must carry, such as `Allow` on a 405.
  public var headers: HTTPFields
  /// The fields at fault, for a request refused for what it held.
  public var problems: [FieldProblem] = []
  /// The numbers the detail's sentence names (`seconds` until a limit lets go), for writing it in
  /// another language.
  public var values: [String: Int] = [:]

  public init(status: HTTPResponse.Status, code: String, title: String, detail: String, headers: HTTPFields = [:]) {
    self.status = status
    self.code = code
    self.title = title
    self.detail = detail
    self.headers = headers
  }

  public static let notFound = OrchardError(
    status: .notFound, code: "NOT_FOUND", title: "Page not found",
    detail: "There is nothing at this address. It may have moved, or the link may be mistyped.")

  public static let methodNotAllowed = OrchardError(
    status: .methodNotAllowed, code: "METHOD_NOT_ALLOWED", title: "Not available this way",
    detail: "This address does not accept that kind of request.")

  /// A 405 that names the methods the address does accept.
  public static func methodNotAllowed(allow: String) -> OrchardError {
    var error = OrchardError.methodNotAllowed
    error.headers[.allow] = allow
    return error
  }

  public static let crossSiteRequest = OrchardError(
    status: .forbidden, code: "CROSS_SITE_REQUEST", title: "Request refused",
    detail: "This request came from another website, so nothing was changed. Go back and try again from Orchard itself."
  )

  public static let payloadTooLarge = OrchardError(
    status: .contentTooLarge, code: "PAYLOAD_TOO_LARGE", title: "Too much data",
    detail: "The request was larger than this address accepts.")

  public static let unsupportedMediaType = OrchardError(
    status: .unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE", title: "Not a kind of data this address reads",
    detail: "Send the body as JSON, with Content-Type: application/json.")

  public static let malformedRequest = OrchardError(
    status: .badRequest, code: "MALFORMED_REQUEST", title: "Something in the request was not right",
    detail: "The request could not be read as HTTP, so nothing was done.")

  public static let controlCharacter = OrchardError(
    status: .badRequest, code: "CONTROL_CHARACTER", title: "Some text could not be read",
    detail:
      "Part of the text holds an invisible control character (such as NUL), so nothing was saved. Type or paste it again as plain text."
  )

  public static let internalError = OrchardError(
    status: .internalServerError, code: "INTERNAL_ERROR", title: "Something went wrong on our side",
    detail: "We could not finish this request. Nothing you entered was lost; please try again in a moment.")

  public static func badRequest(_ detail: String, code: String = "BAD_REQUEST") -> OrchardError {
    OrchardError(status: .badRequest, code: code, title: "Something in the request was not right", detail: detail)
  }

  /// A generic error for a status that carries no more specific code.
  public static func status(_ status: HTTPResponse.Status) -> OrchardError {
    switch status.code {
    case 400: .badRequest("The request could not be understood.")
    case 404: .notFound
    case 405: .methodNotAllowed
    case 413: .payloadTooLarge
    case 500...: .internalError
    default:
      OrchardError(
        status: status, code: status.reasonPhrase.uppercased().replacingOccurrences(of: " ", with: "_"),
        title: status.reasonPhrase, detail: "The request could not be completed.")
    }
  }
}

/// One field of a request that was refused, with a stable code and what was wrong, in words.
public struct FieldProblem: Sendable, Equatable, Encodable {
  /// The field as a client writes its path: `translation`, `events[3].kind`, `body`.
  public let field: String
  public let code: String
  /// What was wrong, in words that follow the field's name: "is required".
  public let message: String

  public init(field: String, code: String, message: String) {
    self.field = field
    self.code = code
    self.message = message
  }
}

extension OrchardError {
  /// `items` as a problem's English detail lists them: "a, b and c" (or "a, b or c").
  public static func listed(_ items: [String], _ conjunction: String = "and") -> String {
    guard let last = items.last, items.count > 1 else { return items.joined() }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
