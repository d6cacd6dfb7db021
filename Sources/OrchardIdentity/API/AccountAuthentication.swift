import HTTPTypes
import OpenAPIRuntime
import ServerKit

/// Bearer authentication for an app's own API with its realm's access tokens: the request's
/// caller is ``current`` while its handler runs; no token, an expired one or one whose session
/// ended is a 401 `UNAUTHORIZED` with the challenge RFC 6750 asks for.
public struct AccountAuthentication: ServerMiddleware {
  /// The signed-in caller of the request being handled.
  @TaskLocal public static var current: Caller?

  let accounts: Accounts

  public init(accounts: Accounts) { self.accounts = accounts }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard let token = AuthAPIAuthentication.bearer(in: request.headerFields) else {
      throw Self.unauthorized(realm: accounts.realm, tokenGiven: false)
    }
    let caller: Caller
    do {
      caller = try await accounts.authenticate(accessToken: token)
    } catch is AuthFailure {
      throw Self.unauthorized(realm: accounts.realm, tokenGiven: true)
    }
    return try await Self.$current.withValue(caller) { try await next(request, body, metadata) }
  }

  /// The 401 of a realm's API for a request without a caller: no token, or one that does not
  /// hold (expired, or its session ended).
  static func unauthorized(realm: Realm, tokenGiven: Bool) -> OrchardError {
    .unauthorized(
      realm: realm.app,
      detail: tokenGiven
        ? "This access token has expired or its session has ended: refresh it, or sign in again."
        : "Sign in: this call needs an access token from \(realm.name)\u{2019}s accounts.")
  }

  /// The access token an `Authorization` header carries, if any.
  public static func token(in header: String?) -> String? {
    BearerToken.token(in: header, maxLength: AuthAPIAuthentication.maxLength)
  }

  /// The request's caller; only reachable behind this middleware, so a 401 otherwise.
  public static func caller() throws -> Caller {
    guard let current else { throw OrchardError.unauthorized(realm: "orchard", detail: "Sign in.") }
    return current
  }
}
