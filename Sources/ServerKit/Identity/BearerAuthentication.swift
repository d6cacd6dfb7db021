import HTTPTypes
import OpenAPIRuntime
import OrchardKit

/// Refuses every operation but the open ones (device creation) with `unauthorized` unless
/// ``DeviceTokenAuthenticator``, ahead of the OpenAPI layer, found the request's device: the
/// guard of a device-token API, as hummingbird-auth's `IsAuthenticatedMiddleware` is of a route
/// group, with each app's own 401.
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

  public init(open: Set<String> = ["createDevice"], unauthorized: OrchardError) {
    self.open = open
    self.unauthorized = unauthorized
  }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard open.contains(operationID) || Self.current != nil else { throw unauthorized }
    return try await next(request, body, metadata)
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
