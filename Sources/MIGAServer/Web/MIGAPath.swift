import MIGACore
import ServerKit

/// Every address of MIGA's web version: the routes register these patterns and the pages link to
/// these paths.
enum MIGAPath {
  static let app = "/miga"

  static let home = RoutePath(app: app, "/")
  static let welcome = RoutePath(app: app, "/welcome/:step")
  static let open = RoutePath(app: app, "/open/:app")
  static let gateway = RoutePath(app: app, "/gateway")
  static let exit = RoutePath(app: app, "/gateway/exit")
  static let next = RoutePath(app: app, "/gateway/next")
  static let proceed = RoutePath(app: app, "/gateway/proceed")
  static let win = RoutePath(app: app, "/win")
  static let leaving = RoutePath(app: app, "/leaving")
  static let stats = RoutePath(app: app, "/stats")
  static let settings = RoutePath(app: app, "/settings")
  static let pause = RoutePath(app: app, "/settings/pause")
  static let categories = RoutePath(app: app, "/settings/categories")
  static let addApp = RoutePath(app: app, "/settings/apps/add")
  static let removeApp = RoutePath(app: app, "/settings/apps/remove")
  static let customApp = RoutePath(app: app, "/settings/apps/custom")
  static let day = RoutePath(app: app, "/settings/day")
  static let export = RoutePath(app: app, "/export.json")
  static let erase = RoutePath(app: app, "/erase")
  static let support = RoutePath(app: app, "/support")
  /// The pause as the service worker keeps it for a device with no connection.
  static let offlineGateway = RoutePath(app: app, "/offline-gateway")
  /// Where the page script sends the steps of pauses taken offline (JSON).
  static let offlinePauses = RoutePath(app: app, "/offline-pauses.json")
  /// The web app manifest (served by the platform from ``MIGAApp/webApp``).
  static let manifest = RoutePath(app: app, "/manifest.webmanifest")
  /// The service worker (served by the platform from ``MIGAApp/serviceWorker()``).
  static let serviceWorker = RoutePath(app: app, "/sw.js")

  static func step(_ step: OnboardingStep) -> String { welcome.link(step.slug) }
  static func opening(_ app: SocialApp) -> String { open.link(app.id) }
  /// The open route's path up to the app's id, which the service worker recognises.
  static var openingPrefix: String { open.link("") }
  static func leavingFor(_ app: SocialApp) -> String { leaving.path + "?app=" + app.id }
  static func settingsSaying(_ notice: SettingsNotice) -> String { settings.path + "?notice=" + notice.rawValue }
}
