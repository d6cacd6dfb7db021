import ServerKit

/// The signed-in caller of a realm's API request, as ``AccessTokenAuthenticator`` found it by
/// its bearer access token, and the 401 `UNAUTHORIZED` (with the challenge RFC 6750 asks for) of
/// a request without one (``AccessTokenRequired``).
public enum AccountAuthentication {
  /// The signed-in caller of the request being handled.
  @TaskLocal public static var current: Caller?

  /// The 401 of a realm's API for a request without a caller: no token, or one that does not
  /// hold (expired, or its session ended).
  static func unauthorized(realm: Realm, tokenGiven: Bool) -> OrchardError {
    .unauthorized(
      realm: realm.app,
      detail: tokenGiven
        ? "This access token has expired or its session has ended: refresh it, or sign in again."
        : "Sign in: this call needs an access token from \(realm.name)\u{2019}s accounts.")
  }

  /// The request's caller; only reachable behind ``AccessTokenRequired``, so a 401 otherwise.
  public static func caller() throws -> Caller {
    guard let current else { throw OrchardError.unauthorized(realm: "orchard", detail: "Sign in.") }
    return current
  }
}
