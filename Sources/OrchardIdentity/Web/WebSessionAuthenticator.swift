import Hummingbird
import HummingbirdAuth
import ServerKit

/// A web session as the request's identity: the session and the cookie's token that names it.
struct SignedInVisitor: Sendable {
  let token: String
  let session: WebSession

  var parts: (token: String, session: WebSession) { (token, session) }
}

/// Authenticates a web visitor by the realm's session cookie: the request's identity is their
/// session while it lasts; without a cookie, or with an ended or unknown session, it is nobody.
struct WebSessionAuthenticator: AuthenticatorMiddleware {
  typealias Context = AppRequestContext

  let accounts: Accounts
  let cookie: String

  func authenticate(request: Request, context: Context) async throws -> RequestIdentity? {
    guard let token = request.cookie(cookie), let session = try await accounts.webSession(token: token) else {
      return nil
    }
    return .account(SignedInVisitor(token: token, session: session))
  }
}

extension AppRequestContext {
  /// The signed-in visitor ``WebSessionAuthenticator`` found. Only routes behind
  /// ``SignInRequired`` ask, so its absence is a bug.
  func signedInVisitor() throws -> SignedInVisitor {
    guard case .account(let identity) = identity, let visitor = identity as? SignedInVisitor else {
      throw OrchardError.internalError
    }
    return visitor
  }
}
