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
}
