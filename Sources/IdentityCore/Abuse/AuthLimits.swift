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

/// The limits on the ways into an account, besides the lockout: how often one address may knock,
/// and how often one account may be sent mail.
public enum AuthLimits {
  /// Sign-up, sign-in, token and recover calls from one address, all together: 30 a minute.
  public static let perAddress = RatePolicy("auth-address", burst: 30, perMinute: 30)
  /// Sign-in attempts on one account from anywhere, besides its lockout: a spread-out guesser
  /// still meets this.
  public static let signInPerAccount = RatePolicy("auth-account", burst: 10, perMinute: 5)
  /// Mail to one address (reset links, email changes): one a minute, so a form cannot be used to
  /// flood someone's inbox, and a lost message can be sent again soon.
  public static let mailPerAddress = RatePolicy("auth-mail", burst: 1, perMinute: 1)
  /// Refresh-token rotations from one address: apps refresh often and in bursts after waking.
  public static let refreshPerAddress = RatePolicy("auth-refresh", burst: 60, perMinute: 120)
}
