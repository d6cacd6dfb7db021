import ServerKit

/// Every address of WalkWorthy's web version: the routes register these patterns and the pages
/// link to these paths.
enum WalkWorthyPath {
  static let app = "/walkworthy"

  static let home = RoutePath(app: app, "/")
  static let welcome = RoutePath(app: app, "/welcome")
  static let canvas = RoutePath(app: app, "/canvas")
  static let canvasLink = RoutePath(app: app, "/canvas/link")
  static let canvasUnlink = RoutePath(app: app, "/canvas/unlink")
  static let next = RoutePath(app: app, "/next")
  static let previous = RoutePath(app: app, "/previous")
  static let translation = RoutePath(app: app, "/translation")
  static let refresh = RoutePath(app: app, "/refresh")
  static let popups = RoutePath(app: app, "/popups")
  static let popupsSeen = RoutePath(app: app, "/popups/seen")
  static let history = RoutePath(app: app, "/history")
  static let historyEntry = RoutePath(app: app, "/history/:id")
  static let settings = RoutePath(app: app, "/settings")
  static let settingsSwitch = RoutePath(app: app, "/settings/switch")
  static let testNotification = RoutePath(app: app, "/settings/test-notification")
  static let inboxDismiss = RoutePath(app: app, "/inbox/dismiss")
  static let testClock = RoutePath(app: app, "/test-clock")
  static let support = RoutePath(app: app, "/support")
  static let serviceWorker = RoutePath(app: app, "/sw.js")
  static let pushSubscription = RoutePath(app: app, "/push/subscription")

  static func popup(_ number: Int) -> String { popups.path + "?card=\(number)" }
  static func entry(_ id: Int) -> String { historyEntry.link(String(id)) }
}
