#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Notifications sent to this device, kept until the person dismisses them: the web version's
/// notification centre, so a test notification (or a refreshed encouragement) is still there after
/// leaving the page that sent it. Newest first, at most ``capacity``.
public struct NotificationInbox: Codable, Sendable, Equatable {
  public static let capacity = 10

  /// Newest first, arrived or not.
  public private(set) var items: [NotificationRequest] = []

  public init() {}

  /// Keeps a notification that was just scheduled; sending the same one again (its stable id)
  /// replaces it rather than adding a second.
  public mutating func keep(_ request: NotificationRequest) {
    items.removeAll { $0.id == request.id }
    items.insert(request, at: 0)
    items = Array(items.prefix(Self.capacity))
  }

  /// What has arrived by `now`, newest first: one due later is not shown before its time.
  public func arrived(by now: Date) -> [NotificationRequest] {
    items.filter { $0.fireAt <= now }
  }

  /// Forgets one notification; false when there was none with that id.
  @discardableResult
  public mutating func dismiss(id: String) -> Bool {
    let count = items.count
    items.removeAll { $0.id == id }
    return items.count < count
  }
}
