/// How a streak earns and spends freezes, the days that keep a streak alive without being kept.
///
/// - **Earning:** each kept day adds one step of progress while fewer than `cap` freezes are held;
///   every `earnEvery` steps earn one freeze. At the cap, kept days earn nothing (progress is not
///   banked for later), so the cap really bounds what a user can skip in a row.
/// - **Spending:** a missed day consumes one held freeze automatically instead of breaking the
///   streak; progress towards the next freeze is kept. With no freeze left the streak breaks and
///   progress starts from zero.
///
/// These rules make the outcome monotone: keeping one more day can never leave a user with fewer
/// freezes, a shorter current streak or a shorter longest streak (the property tests check it).
public struct FreezePolicy: Sendable, Hashable, Codable {
  /// Kept days (while below the cap) needed to earn one freeze; at least 1.
  public let earnEvery: Int
  /// The most freezes held at once; 0 means freezes are never earned.
  public let cap: Int

  /// Creates a policy earning one freeze per `earnEvery` kept days, holding at most `cap`.
  ///
  /// - Precondition: `earnEvery >= 1` and `cap >= 0`.
  public init(earnEvery: Int, cap: Int) {
    precondition(Self.isValid(earnEvery: earnEvery, cap: cap), "invalid freeze policy")
    self.earnEvery = earnEvery
    self.cap = cap
  }

  /// Decodes a policy, rejecting values the initializer would refuse.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let earnEvery = try container.decode(Int.self, forKey: .earnEvery)
    let cap = try container.decode(Int.self, forKey: .cap)
    guard Self.isValid(earnEvery: earnEvery, cap: cap) else {
      throw DecodingError.dataCorruptedError(
        forKey: .earnEvery, in: container, debugDescription: "needs earnEvery >= 1 and cap >= 0")
    }
    self.init(earnEvery: earnEvery, cap: cap)
  }

  private static func isValid(earnEvery: Int, cap: Int) -> Bool {
    earnEvery >= 1 && cap >= 0
  }
}
