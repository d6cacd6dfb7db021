#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rule of rotating refresh tokens (as GoTrue keeps it): every refresh spends the token shown
/// and issues its one child, so each session's family of tokens has at most one that works.
///
/// A spent token shown again is either a race (two requests of one app after a flaky network,
/// within ``Lifetimes/refreshReuseGrace``, while its child is still unused) and gets that child
/// back, or it is a stolen copy, and the whole family is revoked: thief and owner are both signed
/// out, and the owner signs in again.
public enum RefreshRotation {
  /// What is known of the token shown, from the store.
  public struct Presented: Sendable, Equatable {
    public var spentAt: Date?
    public var revokedAt: Date?
    /// Whether the token that replaced it (when it was spent) is still the family's live one.
    public var childIsLive: Bool

    public init(spentAt: Date? = nil, revokedAt: Date? = nil, childIsLive: Bool = false) {
      self.spentAt = spentAt
      self.revokedAt = revokedAt
      self.childIsLive = childIsLive
    }
  }

  /// What is known of the session the family belongs to.
  public struct Session: Sendable, Equatable {
    public var createdAt: Date
    public var lastUsedAt: Date
    public var endedAt: Date?

    public init(createdAt: Date, lastUsedAt: Date, endedAt: Date? = nil) {
      self.createdAt = createdAt
      self.lastUsedAt = lastUsedAt
      self.endedAt = endedAt
    }
  }

  public enum Decision: Sendable, Equatable {
    /// Spend the token and issue its child.
    case rotate
    /// A race within the grace window: hand back the child already issued.
    case replayChild
    /// A spent token used again: revoke every token of the family and end the session.
    case revokeFamily
    /// The session is over (signed out, revoked, or timed out): nothing is issued.
    case refuse(EndedBecause)
  }

  public enum EndedBecause: String, Sendable, Equatable {
    case signedOut = "session_not_found"
    case expired = "session_expired"
    case reused = "refresh_token_already_used"
  }

  /// What to do with a refresh token shown at `now`.
  public static func decide(
    _ token: Presented, session: Session, now: Date, lifetimes: Lifetimes = .standard
  ) -> Decision {
    if session.endedAt != nil { return .refuse(token.spentAt != nil ? .reused : .signedOut) }
    if token.revokedAt != nil { return .refuse(.reused) }
    guard lifetimes.sessionHolds(createdAt: session.createdAt, lastUsedAt: session.lastUsedAt, now: now) else {
      return .refuse(.expired)
    }
    guard let spentAt = token.spentAt else { return .rotate }
    if token.childIsLive, now.timeIntervalSince(spentAt) <= lifetimes.refreshReuseGrace { return .replayChild }
    return .revokeFamily
  }
}
