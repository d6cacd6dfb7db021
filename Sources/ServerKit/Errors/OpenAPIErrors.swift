import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Errors from the OpenAPI layer: a request that does not match the contract is the client's
/// mistake (400) and says which part, in words and in `problems`; an `OrchardError` thrown by a
/// handler passes through. No decoder's message, key type or Swift type name reaches the client.
@Sendable public func translateOpenAPIError(_ error: any Error) -> OrchardError? {
  guard let error = error as? ServerError else { return nil }
  if let underlying = error.underlyingError as? OrchardError { return underlying }
  if let decoding = ContractProblems.decodingError(in: error.underlyingError) {
    let source: ContractProblems.Source = JSONBodies.carriesBody(error.request) ? .body : .query(error.request)
    return ContractProblems.refusal(ContractProblems.problems(decoding, in: source))
  }
  let cause = error.causeDescription
  if cause.hasPrefix("Unexpected content type") || error.httpStatus.code == 415 {
    return .unsupportedMediaType
  }
  if let problem = ContractProblems.missing(in: cause) { return ContractProblems.refusal([problem]) }
  switch error.httpStatus.code {
  case 400: return ContractProblems.refusal([])
  case 401..<500: return .status(error.httpStatus)
  default: return nil
  }
}

/// What was wrong with a request, field by field, in words a client's developer can act on.
enum ContractProblems {
  static func refusal(_ problems: [FieldProblem]) -> OrchardError {
    var error = OrchardError.badRequest(
      problems.isEmpty
        ? "The request did not match the API contract. Check it against the OpenAPI document."
        : "The request did not match the API contract: "
          + problems.map { "\($0.field) \($0.message)" }.joined(separator: "; ") + ".")
    error.problems = problems
    return error
  }

  /// The decoding error behind `error`, however deeply the runtime wrapped it.
  static func decodingError(in error: (any Error)?) -> DecodingError? {
    var current = error
    for _ in 0..<4 {
      guard let error = current else { return nil }
      if let decoding = error as? DecodingError { return decoding }
      let mirror = Mirror(reflecting: error)
      current = mirror.children.lazy.compactMap { $0.value as? any Error }.first
    }
    return nil
  }

  /// Where the value that failed to decode came from.
  enum Source {
    case body
    case query(HTTPRequest)

    /// The name a client gave the value at the root of what was decoded: the body, or the query
    /// item when the request sent one (a parameter is decoded on its own, so its path is empty).
    var root: String {
      guard case .query(let request) = self else { return "body" }
      let names = Set(
        URLComponents(string: request.path ?? "")?.queryItems?.map(\.name).filter { !$0.isEmpty } ?? [])
      if names.count == 1, let name = names.first { return name }
      return "query"
    }
  }

  static func problems(_ error: DecodingError, in source: Source) -> [FieldProblem] {
    let field = { (path: [any CodingKey]) in path.isEmpty ? source.root : Self.field(path) }
    switch error {
    case .keyNotFound(let key, let context):
      return [FieldProblem(field: field(context.codingPath + [key]), code: "REQUIRED", message: "is required")]
    case .valueNotFound(_, let context):
      return [FieldProblem(field: field(context.codingPath), code: "REQUIRED", message: "is required")]
    case .typeMismatch(_, let context):
      return [FieldProblem(field: field(context.codingPath), code: "WRONG_TYPE", message: "has the wrong type")]
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty, case .body = source {
        return [FieldProblem(field: "body", code: "MALFORMED", message: "is not well-formed JSON")]
      }
      return [FieldProblem(field: field(context.codingPath), code: "NOT_ALLOWED", message: "is not an accepted value")]
    @unknown default:
      return []
    }
  }

  /// `items[2].kind`, as a client would write the path; the body itself when there is none.
  static func field(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue, key.stringValue == String(index) || key.stringValue.hasPrefix("Index ") {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text.isEmpty ? "body" : text
  }

  /// The runtime's own refusals that name what was missing.
  static func missing(in cause: String) -> FieldProblem? {
    let named = [
      "Missing required query parameter named: ", "Missing required path parameter named: ",
    ]
    for prefix in named where cause.hasPrefix(prefix) {
      return FieldProblem(field: String(cause.dropFirst(prefix.count)), code: "REQUIRED", message: "is required")
    }
    if cause.hasPrefix("Missing required request body") {
      return FieldProblem(field: "body", code: "REQUIRED", message: "is required")
    }
    return nil
  }
}
