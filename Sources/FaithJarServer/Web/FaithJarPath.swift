import ServerKit

/// Every address of Faith Jar's web version: the routes register these patterns and the pages link
/// to these paths.
enum FaithJarPath {
  static let app = "/faith-jar"

  static let home = RoutePath(app: app, "/")
  static let welcome = RoutePath(app: app, "/welcome")
  static let verse = RoutePath(app: app, "/verse/:emotion")
  static let next = RoutePath(app: app, "/verse/:emotion/next")
  static let translation = RoutePath(app: app, "/translation")
  static let favourites = RoutePath(app: app, "/favourites")
  static let favourite = RoutePath(app: app, "/favourites/:verse")
  static let paywall = RoutePath(app: app, "/paywall")
  static let purchase = RoutePath(app: app, "/purchase/:plan")
  /// What a purchase did: the plan, its price and when it renews (or when a downgrade starts).
  static let subscription = RoutePath(app: app, "/subscription")
  static let restore = RoutePath(app: app, "/restore")
  static let testStore = RoutePath(app: app, "/test-store/:action")
  static let testClock = RoutePath(app: app, "/test-clock/:action")
  static let about = RoutePath(app: app, "/about")
  static let support = RoutePath(app: app, "/support")
  /// The verse screen without a verse, kept by the service worker for each feeling.
  static let offline = RoutePath(app: app, "/offline")
  static let offlineVerses = RoutePath(app: app, "/offline.json")
  static let offlineReads = RoutePath(app: app, "/offline-reads")
  static let serviceWorker = RoutePath(app: app, "/sw.js")

  /// The offline shell of one feeling.
  static func offline(_ emotion: String) -> String { offline.path + "?emotion=" + emotion }
}
