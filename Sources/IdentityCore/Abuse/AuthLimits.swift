/// A rate, as a token bucket: `burst` at once, then `perMinute` a minute.
public struct RatePolicy: Sendable, Hashable {
  public let name: String
  public let burst: Double
  public let perMinute: Double

  public init(_ name: String, burst: Double, perMinute: Double) {
    self.name = name
    self.burst = burst
    self.perMinute = perMinute
  }
}

/// The limits on the ways into an account, besides each account's lockout.
public enum AuthLimits {
  /// Sign-up, sign-in, token and recover calls from one address, all together: 30 a minute.
  public static let perAddress = RatePolicy("auth-address", burst: 30, perMinute: 30)
  /// Mail a sign-up sends to one email address (a confirmation link, or word that it already has
  /// an account), however many ask: one a minute, so sign-up cannot flood a stranger's inbox.
  public static let signUpMail = RatePolicy("sign-up-mail", burst: 1, perMinute: 1)
}
