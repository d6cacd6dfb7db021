import OrchardKit

/// Why an ``EncouragementAPI`` call failed. `source` names the endpoint or mock file.
public enum EncouragementAPIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An answer arrived but is not the shape the spec defines; `detail` names the field and the fault.
  case malformedResponse(source: String, detail: String)
  /// The server answered with a status outside 2xx; `code` is its problem document's stable code, if any.
  case server(source: String, status: Int, code: String?)
  /// No answer arrived (offline, DNS, TLS, cancelled); `reason` is the transport's own description.
  case unreachable(source: String, reason: String)

  /// For the log: the cause, in full.
  public var description: String {
    switch self {
    case .malformedResponse(let source, let detail):
      "\(source): malformed response: \(detail)"
    case .server(let source, let status, let code):
      "\(source): HTTP \(status)" + (code.map { " (\($0))" } ?? "")
    case .unreachable(let source, let reason):
      "\(source): unreachable: \(reason)"
    }
  }

  /// The stable code of what the person is told.
  public var code: String {
    switch self {
    case .unreachable: "API_UNREACHABLE"
    case .server(_, let status, _) where status == 401 || status == 403: "API_UNAUTHORIZED"
    case .server, .malformedResponse: "API_FAILED"
    }
  }

  /// What the person is told: what they can do about it.
  public var userMessage: WalkWorthyText {
    switch self {
    case .unreachable: .apiUnreachable
    case .server(_, let status, _) where status == 401 || status == 403: .apiUnauthorized
    case .server, .malformedResponse: .apiFailed
    }
  }
}
