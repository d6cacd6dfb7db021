import Hummingbird
import HummingbirdAuth
import ServerKit

/// A web session as the request's identity: the session and the cookie's token that names it.
public struct SignedInVisitor: Sendable {
  public let token: String
  public let session: WebSession

  public var parts: (token: String, session: WebSession) { (token, session) }
}

/// Authenticates a web visitor by the realm's session cookie: the request's identity is their
/// session while it lasts; without a cookie, or with an ended or unknown session, it is nobody.
/// An app's signed-in pages sit in a route group behind it and ``SignInRequired``.
public struct WebSessionAuthenticator: AuthenticatorMiddleware {
  public typealias Context = AppRequestContext

  let accounts: Accounts
  let cookie: String

  /// `cookie` is the realm's session cookie's name (``Realm/cookieName(secure:)``).
  public init(accounts: Accounts, cookie: String) {
    self.accounts = accounts
    self.cookie = cookie
  }

  public func authenticate(request: Request, context: Context) async throws -> RequestIdentity? {
    guard let token = request.cookie(cookie), let session = try await accounts.webSession(token: token) else {
      return nil
    }
    return .account(SignedInVisitor(token: token, session: session))
  }
}

extension AppRequestContext {
  /// The visitor ``WebSessionAuthenticator`` found, if any: for a page that also serves whoever
  /// is not signed in.
  public var webVisitor: SignedInVisitor? {
    guard case .account(let identity) = identity else { return nil }
    return identity as? SignedInVisitor
  }

  /// The signed-in visitor ``WebSessionAuthenticator`` found. Only routes behind
  /// ``SignInRequired`` ask, so its absence is a bug.
  public func signedInVisitor() throws -> SignedInVisitor {
    guard let visitor = webVisitor else { throw OrchardError.internalError }
    return visitor
  }
}
