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

/// Authenticates an app install by its bearer device token (MIGA, WalkWorthy): the request's
/// identity is the device whose token hash `device` knows; any other request is nobody, and goes
/// on. The device is also handed to the generated handlers, which see only the operation's input
/// (``BearerAuthentication/current``), so one device can never name another.
public struct DeviceTokenAuthenticator: AuthenticatorMiddleware {
  public typealias Context = AppRequestContext

  /// The device whose token hashes to the argument, if any.
  let device: @Sendable (_ tokenHash: String) async throws -> IdempotencyID?

  public init(device: @escaping @Sendable (_ tokenHash: String) async throws -> IdempotencyID?) {
    self.device = device
  }

  public func authenticate(request: Request, context: Context) async throws -> RequestIdentity? {
    guard let token = DeviceToken.bearer(in: request.headers), let id = try await device(token.hash) else {
      return nil
    }
    return .device(id)
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let identity = try await authenticate(request: request, context: context), case .device(let id) = identity
    else { return try await next(request, context) }
    var context = context
    context.identity = identity
    return try await BearerAuthentication.$current.withValue(id) { try await next(request, context) }
  }
}

extension AppRequestContext {
  /// The app install ``DeviceTokenAuthenticator`` found, if any.
  public var authenticatedDevice: IdempotencyID? {
    guard case .device(let id) = identity else { return nil }
    return id
  }
}
