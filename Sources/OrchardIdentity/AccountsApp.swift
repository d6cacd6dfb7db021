import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// An app whose screens are still to come but whose accounts are open: it is announced on the
/// launcher, and its realm's accounts API answers at `/<app>/api/v1/auth/`, so its clients can be
/// built against it.
public struct AccountsApp: OrchardApp {
  public let manifest: AppManifest
  public let realm: Realm
  public let theme: DesignTokens?
  let hub: IdentityHub

  public init(announcing app: ComingSoonApp, realm: Realm, hub: IdentityHub, theme: DesignTokens? = nil) {
    precondition(app.manifest.id == realm.app, "an app's realm is its own")
    manifest = app.manifest
    self.realm = realm
    self.hub = hub
    self.theme = theme
  }

  /// The account pages' stylesheet.
  public func assets() throws -> AssetCatalog { try Self.assets() }

  /// The account pages' stylesheet, for every app that has accounts.
  public static func assets() throws -> AssetCatalog { try Bundle.module.publicAssets() }

  public var languages: [Language] { realm.languages }

  public var missingTexts: [Language: [String]] {
    IdentityTexts.all.missing.filter { realm.languages.contains($0.key) }
  }

  public func mount(_ routes: AppRoutes) throws { try hub.mount(realm, on: routes, theme: theme) }
}
