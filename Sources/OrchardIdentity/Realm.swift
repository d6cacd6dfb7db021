import Hummingbird
import OrchardKit

/// One app's accounts: its own users, its own Apple audience and its own cookie. A Wearbloom
/// account and a Dangdai account with one email are two unrelated accounts.
public struct Realm: Sendable, Equatable {
  /// The app's id, stored with every account (`dangdai`).
  public let app: String
  /// The app's name, for mail and pages.
  public let name: String
  /// The languages its pages and mail speak, English first.
  public let languages: [Language]
  /// Whether sign-up asks for the password twice (Dangdai does; Wearbloom's spec says not).
  public let confirmsPassword: Bool
  /// The `aud` values an Apple identity token may carry: the iOS bundle id, and the web's
  /// services id. Empty: Sign in with Apple is not offered.
  public let appleClientIDs: [String]
  /// Where a visitor lands once signed in, inside the app (`account`: the account page; empty:
  /// the app's own home).
  public let home: String

  public init(
    app: String, name: String, languages: [Language] = [.english], confirmsPassword: Bool,
    appleClientIDs: [String] = [], home: String = "account"
  ) {
    self.app = app
    self.name = name
    self.languages = languages
    self.confirmsPassword = confirmsPassword
    self.appleClientIDs = appleClientIDs
    self.home = home
  }

  /// The web session's cookie: `__Host-` pins it to this origin, path `/`, and secure transport.
  public var cookieName: String { cookieName(secure: true) }

  /// The web session's cookie name; a server on plain HTTP (loopback only) cannot set a `__Host-`
  /// cookie, so it drops the prefix.
  public func cookieName(secure: Bool) -> String { secure ? "__Host-\(app)-session" : "\(app)-session" }

  /// The web session's cookie holding `value` for `maxAge` seconds: HttpOnly, SameSite=Lax, path
  /// `/`, and Secure over TLS.
  public func sessionCookie(_ value: String, maxAge: Int, secure: Bool) -> Cookie {
    Cookie(
      name: cookieName(secure: secure), value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true,
      sameSite: .lax)
  }

  /// The `Set-Cookie` value that ends the web session's cookie in the browser.
  public func clearingCookie(secure: Bool) -> String { sessionCookie("", maxAge: 0, secure: secure).description }

  /// The address ``home`` names.
  public var homePath: String { "/\(app)/\(home)" }

  public static let dangdai = Realm(
    app: "dangdai", name: "Dangdai", languages: [.english, .french, .japanese, .korean], confirmsPassword: true,
    home: "")
  public static let wearbloom = Realm(app: "wearbloom", name: "Wearbloom", confirmsPassword: false, home: "")
}
