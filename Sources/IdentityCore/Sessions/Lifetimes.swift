#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long each proof of identity lasts. Short-lived access tokens keep a stolen one nearly
/// worthless; refresh tokens and web sessions end when left unused, and in any case after an
/// absolute lifetime, so a forgotten device does not stay signed in for ever (ASVS 7.3.1, 7.3.2).
public struct Lifetimes: Sendable, Equatable {
  /// An access token (a JWT) is accepted this long after it was issued.
  public var accessToken: TimeInterval
  /// A spent refresh token presented again within this window gets the token that replaced it,
  /// as GoTrue does: two requests racing after a flaky network are not a theft.
  public var refreshReuseGrace: TimeInterval
  /// A session (its refresh-token family, or a web session) unused this long has ended.
  public var idle: TimeInterval
  /// A session ends this long after sign-in, however busy.
  public var absolute: TimeInterval
  /// A password-reset or email-change link works this long, once.
  public var emailLink: TimeInterval
  /// The link that confirms a new account's address works this long, once: a day, since a
  /// person who signs up may read their mail tomorrow (signing in mails a fresh one).
  public var signUpLink: TimeInterval
  /// The link mailed to an account's old address when its email changes, which puts the address
  /// back: a week, so the owner of an account taken over has time to notice.
  public var emailRestoreLink: TimeInterval

  public init(
    accessToken: TimeInterval = 15 * 60, refreshReuseGrace: TimeInterval = 10, idle: TimeInterval = 30 * 86_400,
    absolute: TimeInterval = 90 * 86_400, emailLink: TimeInterval = 30 * 60, signUpLink: TimeInterval = 86_400,
    emailRestoreLink: TimeInterval = 7 * 86_400
  ) {
    precondition(
      accessToken > 0 && idle > 0 && absolute >= idle && emailLink > 0 && signUpLink > 0 && emailRestoreLink > 0,
      "lifetimes are positive")
    self.accessToken = accessToken
    self.refreshReuseGrace = refreshReuseGrace
    self.idle = idle
    self.absolute = absolute
    self.emailLink = emailLink
    self.signUpLink = signUpLink
    self.emailRestoreLink = emailRestoreLink
  }

  /// Orchard's lifetimes: 15-minute access tokens, sessions that end after 30 days unused or 90
  /// days in all, 30-minute email links, a day to confirm a new account's address, and a week to put
  /// back an address an account moved away from.
  public static let standard = Lifetimes()

  /// Whether a session signed in at `createdAt` and last used at `lastUsedAt` still holds at `now`.
  public func sessionHolds(createdAt: Date, lastUsedAt: Date, now: Date) -> Bool {
    now.timeIntervalSince(lastUsedAt) < idle && now.timeIntervalSince(createdAt) < absolute
  }
}
