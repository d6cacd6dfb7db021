#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The first try-on before any account (FR23, FR24): a device is given a token that lets it set a
/// body photo, add garments and make exactly one free render. When the device signs up, all of it
/// moves into the new account.
public enum OnboardingPolicy {
  /// Renders a device may make before it has an account.
  public static let freeRenders = 1
  /// How long an onboarding token lasts: enough for the first session, not for a second life.
  public static let lifetime: TimeInterval = 24 * 60 * 60
  /// Tokens one network address may be given in an hour: a reinstall gets a new one, a script
  /// minting free renders does not.
  public static let tokensPerHour = 5
  /// Every onboarding owner's id begins so, and no account's does (an account's id is hex).
  public static let ownerPrefix = "onboarding-"
  /// What an onboarding token looks like on the wire, so it is told from an access token at once.
  public static let tokenPrefix = "wbo_"

  public static func isOnboarding(_ owner: String) -> Bool { owner.hasPrefix(ownerPrefix) }

  /// The steps of the flow: your photo, a garment, the first try-on.
  public static let steps = 3
  /// At most this many stock garments are offered in the second step.
  public static let curatedGarments = 8

  /// The stock garments the second step offers: those try-on renders, in the catalog's order,
  /// one of each offered category first so the choice spans them, then the rest.
  public static func garments(offered support: TryOnSupport) -> [Garment] {
    let renderable = StockCatalog.garments.filter { support.supports($0.category) }
    var firsts: [Garment] = []
    for garment in renderable where !firsts.contains(where: { $0.category == garment.category }) {
      firsts.append(garment)
    }
    let rest = renderable.filter { garment in !firsts.contains { $0.id == garment.id } }
    return Array((firsts + rest).prefix(curatedGarments))
  }

  /// Free credits an owner starts with: an account's welcome credits, or a device's one render.
  public static func startingCredits(for owner: String, welcome: Int) -> Int {
    isOnboarding(owner) ? freeRenders : welcome
  }
}

/// Why an onboarding token was refused. The raw value is the stable code the API sends.
public enum OnboardingError: String, Error, CaseIterable, Codable, Sendable, Hashable {
  /// No such token, or it expired.
  case tokenInvalid = "ONBOARDING_TOKEN_INVALID"
  /// The token's wardrobe already moved into an account (this one, or another).
  case alreadyClaimed = "ONBOARDING_ALREADY_CLAIMED"
}

/// One onboarding as it is kept: when its token expires and the account its wardrobe moved into,
/// if any. The core decides what the token still does; the store only keeps the two facts.
public struct OnboardingRecord: Sendable, Hashable {
  public let expiresAt: Date
  public let claimedBy: String?

  public init(expiresAt: Date, claimedBy: String?) {
    self.expiresAt = expiresAt
    self.claimedBy = claimedBy
  }

  /// A new onboarding's: unclaimed, expiring one ``OnboardingPolicy/lifetime`` after `now`.
  public static func started(at now: Date) -> OnboardingRecord {
    OnboardingRecord(expiresAt: now.addingTimeInterval(OnboardingPolicy.lifetime), claimedBy: nil)
  }

  /// Whether the token still stands for its wardrobe: unexpired, and not moved into an account.
  public func isLive(at now: Date) -> Bool { claimedBy == nil && now < expiresAt }

  /// Whether it may be erased: expired without ever moving into an account.
  public func isAbandoned(at now: Date) -> Bool { claimedBy == nil && now >= expiresAt }

  /// What claiming it for `account` does: move the wardrobe (``Claim/move``), nothing more when
  /// it moved into that account already (``Claim/done``), or a refusal: an expired token is
  /// `ONBOARDING_TOKEN_INVALID`, one another account claimed is `ONBOARDING_ALREADY_CLAIMED`.
  public func claim(by account: String, at now: Date) -> Result<Claim, OnboardingError> {
    guard now < expiresAt else { return .failure(.tokenInvalid) }
    guard let claimedBy else { return .success(.move) }
    return claimedBy == account ? .success(.done) : .failure(.alreadyClaimed)
  }

  /// A claim the core allows.
  public enum Claim: Sendable, Hashable {
    /// The wardrobe moves into the account now.
    case move
    /// It moved into this account before: nothing more to do.
    case done
  }
}
