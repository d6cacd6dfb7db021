import HTTPTypes
import OpenAPIRuntime
import OrchardKit

/// Resolves `Authorization: Bearer <token>` to a device for every operation but the open ones
/// (device creation), and refuses the request with `unauthorized` when the token is missing or
/// unknown. Each app's JSON API passes its own device lookup and its own 401.
///
/// The device travels to the handler in ``current``: the generated handlers see only the
/// operation's input, and the device must never come from the request's own fields, so one
/// device cannot name another.
public struct BearerAuthentication: ServerMiddleware {
  /// The authenticated device of the request being handled.
  @TaskLocal public static var current: IdempotencyID?

  /// Operations that need no token.
  let open: Set<String>
  let unauthorized: OrchardError
  /// The device whose token hashes to the argument, if any.
  let device: @Sendable (_ tokenHash: String) async throws -> IdempotencyID?

  public init(
    open: Set<String> = ["createDevice"], unauthorized: OrchardError,
    device: @escaping @Sendable (_ tokenHash: String) async throws -> IdempotencyID?
  ) {
    self.open = open
    self.unauthorized = unauthorized
    self.device = device
  }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    if open.contains(operationID) { return try await next(request, body, metadata) }
    guard let token = DeviceToken.bearer(in: request.headerFields),
      let device = try await device(token.hash)
    else { throw unauthorized }
    return try await Self.$current.withValue(device) { try await next(request, body, metadata) }
  }

  /// The request's device; only reachable behind this middleware, so `unauthorized` otherwise.
  public static func device(or unauthorized: OrchardError) throws -> IdempotencyID {
    guard let current else { throw unauthorized }
    return current
  }
}

extension OrchardError {
  /// 401 with the challenge RFC 6750 asks for, naming where a token comes from.
  public static func unauthorized(realm: String, detail: String) -> OrchardError {
    OrchardError(
      status: .unauthorized, code: "UNAUTHORIZED", title: "Not signed in", detail: detail,
      headers: [.wwwAuthenticate: "Bearer realm=\"\(realm)\""])
  }
}
