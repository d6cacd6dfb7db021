import HTTPTypes
import OpenAPIRuntime
import OrchardKit
import ServerKit

/// Resolves `Authorization: Bearer <token>` to a device for every operation but device creation,
/// and refuses the request with 401 when the token is missing or unknown.
///
/// The device travels to the handler in ``current``: the generated handlers see only the
/// operation's input, and the device must never come from the request's own fields, so one
/// device cannot name another.
struct BearerAuthentication: ServerMiddleware {
  /// The authenticated device of the request being handled.
  @TaskLocal static var current: IdempotencyID?

  /// Operations that need no token.
  static let open: Set<String> = ["createDevice"]

  let devices: any MIGADeviceRepository

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    if Self.open.contains(operationID) { return try await next(request, body, metadata) }
    guard let token = DeviceToken.bearer(in: request.headerFields[.authorization]),
      let device = try await devices.device(tokenHash: token.hash)
    else { throw OrchardError.unauthorized }
    return try await Self.$current.withValue(device) { try await next(request, body, metadata) }
  }

  /// The request's device; only reachable behind this middleware.
  static func device() throws -> IdempotencyID {
    guard let current else { throw OrchardError.unauthorized }
    return current
  }
}

extension OrchardError {
  /// 401 with the challenge RFC 6750 asks for.
  static let unauthorized = OrchardError(
    status: .unauthorized, code: "UNAUTHORIZED", title: "Not signed in",
    detail: "Send the device token from POST /miga/api/v1/devices as Authorization: Bearer <token>.",
    headers: [.wwwAuthenticate: "Bearer realm=\"miga\""])
}
