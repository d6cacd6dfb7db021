import HTTPTypes
import Hummingbird
import HummingbirdAuth
import OpenAPIRuntime
import ServerKit

/// Authenticates a realm's API caller by the bearer access token of its `Authorization` header,
/// as route-group middleware: the request's identity is the caller while the token holds; no
/// token, an expired one or one whose session ended is nobody, and goes on. The caller is also
/// handed to the generated handlers, which see only the operation's input
/// (``AccountAuthentication/current``), and ``AccessTokenRequired`` in the OpenAPI layer refuses
/// anyone else.
public struct AccessTokenAuthenticator: AuthenticatorMiddleware {
  public typealias Context = AppRequestContext

  let accounts: Accounts

  public init(accounts: Accounts) { self.accounts = accounts }

  /// The longest bearer token it reads (an access token is a JWT, longer than the opaque tokens
  /// of other APIs): an app's other bearer tokens are read to the same length, so that a token is
  /// one kind or another, never nobody's for being long.
  public static let maxTokenLength = AuthAPIAuthentication.maxLength

  public func authenticate(request: Request, context: Context) async throws -> RequestIdentity? {
    guard let token = AuthAPIAuthentication.bearer(in: request.headers) else { return nil }
    do {
      return .account(try await accounts.authenticate(accessToken: token))
    } catch is AuthFailure {
      return nil
    }
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // A request someone ahead already knows (an app's own kind of token) is not read again.
    guard context.identity == nil, let identity = try await authenticate(request: request, context: context),
      case .account(let found) = identity, let caller = found as? Caller
    else { return try await next(request, context) }
    var context = context
    context.identity = identity
    return try await AccountAuthentication.$current.withValue(caller) { try await next(request, context) }
  }
}

/// Refuses every operation of a realm's API with a 401 `UNAUTHORIZED` unless
/// ``AccessTokenAuthenticator``, ahead of the OpenAPI layer, found the request's caller: the guard
/// of an access-token API, as hummingbird-auth's `IsAuthenticatedMiddleware` is of a route group:
/// no token, or one that does not hold (``AccountAuthentication``).
public struct AccessTokenRequired: ServerMiddleware {
  let realm: Realm

  public init(accounts: Accounts) { realm = accounts.realm }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard AccountAuthentication.current != nil else {
      throw AccountAuthentication.unauthorized(
        realm: realm, tokenGiven: AuthAPIAuthentication.bearer(in: request.headerFields) != nil)
    }
    return try await next(request, body, metadata)
  }
}

extension AppRequestContext {
  /// The caller ``AccessTokenAuthenticator`` found, if any.
  public var authenticatedCaller: Caller? {
    guard case .account(let found) = identity else { return nil }
    return found as? Caller
  }
}
