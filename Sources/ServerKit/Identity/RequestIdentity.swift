import Hummingbird
import HummingbirdAuth
import OrchardKit

/// Who a request comes from, as an authenticator (hummingbird-auth's `AuthenticatorMiddleware`)
/// found it: an app install by its bearer device token, or a signed-in account by its session.
/// ServerKit does not know the accounts' types, so an account's identity is whatever its
/// authenticator put there (OrchardIdentity's web session).
public enum RequestIdentity: Sendable {
  case device(IdempotencyID)
  case account(any Sendable)
}

extension AppRequestContext: AuthRequestContext {}

/// The guard of a route group whose pages are for a signed-in visitor: hummingbird-auth's
/// `IsAuthenticatedMiddleware`, except that a visitor nobody authenticated is sent to sign in
/// (303 to `location`) instead of answered 401, as a web page must.
public struct SignInRequired: RouterMiddleware {
  public typealias Context = AppRequestContext

  let location: String

  public init(location: String) { self.location = location }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard context.identity != nil else { return .seeOther(location) }
    return try await next(request, context)
  }
}
