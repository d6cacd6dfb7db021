import Foundation
import ServerKit
import WearbloomCore

/// Every address of Wearbloom's web version: the routes register these patterns and the pages
/// link to these paths.
enum WearbloomPath {
  static let app = "/wearbloom"

  static let home = RoutePath(app: app, "/")
  static let consent = RoutePath(app: app, "/consent")
  static let privacy = RoutePath(app: app, "/privacy")
  // Onboarding: your photo, a garment, the first try-on.
  static let welcomePhoto = RoutePath(app: app, "/welcome/photo")
  static let welcomeGarment = RoutePath(app: app, "/welcome/garment")
  static let welcomeTryOn = RoutePath(app: app, "/welcome/try-on")
  // The wardrobe.
  static let wardrobe = RoutePath(app: app, "/wardrobe")
  static let addGarment = RoutePath(app: app, "/garments/new")
  static let garments = RoutePath(app: app, "/garments")
  static let garment = RoutePath(app: app, "/garments/:garment")
  static let review = RoutePath(app: app, "/garments/:garment/review")
  static let retake = RoutePath(app: app, "/garments/:garment/retake")
  static let remove = RoutePath(app: app, "/garments/:garment/remove")
  static let rename = RoutePath(app: app, "/garments/:garment/name")
  static let tryOn = RoutePath(app: app, "/garments/:garment/try-on")
  // Renders.
  static let render = RoutePath(app: app, "/renders/:render")
  static let renderStatus = RoutePath(app: app, "/renders/:render/status")
  static let feedback = RoutePath(app: app, "/renders/:render/feedback")
  static let deleteLook = RoutePath(app: app, "/renders/:render/delete")
  static let looks = RoutePath(app: app, "/looks")
  // Plan and profile.
  static let paywall = RoutePath(app: app, "/paywall")
  static let testStore = RoutePath(app: app, "/paywall/test-store")
  static let profile = RoutePath(app: app, "/profile")
  static let profilePhoto = RoutePath(app: app, "/profile/photo")
  static let deleteAccount = RoutePath(app: app, "/profile/delete")
  static let images = RoutePath(app: app, "/images/:image")
  // The account pages (OrchardIdentity's).
  static let signUp = RoutePath(app: app, "/account/sign-up")
  static let signIn = RoutePath(app: app, "/account/sign-in")
  static let account = RoutePath(app: app, "/account")
  static let signOut = RoutePath(app: app, "/account/sign-out")

  static func garment(_ id: String) -> String { garment.link(id) }
  static func review(_ id: String) -> String { review.link(id) }
  static func retake(_ id: String) -> String { retake.link(id) }
  static func remove(_ id: String) -> String { remove.link(id) }
  static func rename(_ id: String) -> String { rename.link(id) }
  static func tryOn(_ id: String) -> String { tryOn.link(id) }
  static func render(_ id: String) -> String { render.link(id) }
  static func renderStatus(_ id: String) -> String { renderStatus.link(id) }
  static func feedback(_ id: String) -> String { feedback.link(id) }
  static func deleteLook(_ id: String) -> String { deleteLook.link(id) }

  /// The terms, then back to `path` once they are accepted (only a path of this app's).
  static func consent(returningTo path: String) -> String {
    guard let next = returnPath(path) else { return consent.path }
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~/")
    return consent.path + "?next=" + (next.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
  }

  /// `path` when it is a path of this app's to go back to (never another site's, nor `//host`).
  static func returnPath(_ path: String?) -> String? {
    guard let path, path.hasPrefix(app + "/"), !path.hasPrefix("//"), !path.contains("\\"),
      path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else { return nil }
    return path
  }

  /// `path`, opening with `notice` as a toast.
  static func path(_ path: String, notice: Notice) -> String { path + "?toast=" + notice.rawValue }

  /// Where one form of an image is served to its owner's browser.
  static func image(_ id: String, variant: String? = nil) -> String {
    images.link(id) + (variant.map { "?variant=\($0)" } ?? "")
  }
}
