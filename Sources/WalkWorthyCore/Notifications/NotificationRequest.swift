#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One local notification to schedule: the app turns it into a `UNNotificationRequest` with the
/// same identifier, firing at `fireAt`.
public struct NotificationRequest: Codable, Sendable, Hashable, Identifiable {
  public enum Kind: String, Codable, Sendable {
    /// The Settings screen's "Send test notification (10s)".
    case test
    /// The daily encouragement at the chosen time.
    case daily
    /// An encouragement the server (or the mock) asked to notify about.
    case encouragement
  }

  /// Stable per purpose, so scheduling again replaces instead of duplicating:
  /// `walkworthy.test`, `walkworthy.daily.2026-11-17`, `walkworthy.encouragement.<payload id>`.
  public let id: String
  public let kind: Kind
  public let fireAt: Date
  public let title: String
  public let body: String

  public init(id: String, kind: Kind, fireAt: Date, title: String, body: String) {
    self.id = id
    self.kind = kind
    self.fireAt = fireAt
    self.title = title
    self.body = body
  }

  /// Whether it arrives now: due within ``NotificationPlanner/immediateTolerance`` of `now`.
  public func firesImmediately(at now: Date) -> Bool {
    fireAt <= now.addingTimeInterval(NotificationPlanner.immediateTolerance)
  }
}
