import Foundation
import IdentityCore
import OrchardBlobs
import OrchardIdentity
import OrchardImages
import OrchardKit
import ServerKit
import WearbloomCore

/// Wearbloom on the Orchard server. So far: its accounts (the `wearbloom` realm, with their pages),
/// its wardrobe's tables, and the wardrobe's part in each account's export and deletion. Its API and
/// its web version come next; until then the launcher announces it.
public struct WearbloomApp: OrchardApp {
  public let manifest: AppManifest
  public let theme: DesignTokens?
  let hub: IdentityHub
  /// Where the blob store and the remover are configured (`ORCHARD_S3_*`, `ORCHARD_WEARBLOOM_REMOVER`).
  let settings: [String: String]

  public init(
    hub: IdentityHub, theme: DesignTokens? = nil,
    environment settings: [String: String] = ProcessInfo.processInfo.environment
  ) {
    manifest =
      ComingSoonApp(
        id: "wearbloom", name: "Wearbloom", promise: "See clothes on your own photo before you buy or wear them."
      ).manifest
    self.hub = hub
    self.theme = theme
    self.settings = settings
  }

  public var migrations: [Migration] { WardrobeStore.migrations }

  public var languages: [Language] { Realm.wearbloom.languages }

  public var missingTexts: [Language: [String]] {
    IdentityTexts.all.missing.filter { Realm.wearbloom.languages.contains($0.key) }
  }

  public func assets() throws -> AssetCatalog { try AccountsApp.assets() }

  /// The wardrobe over this server's database, blob store and remover.
  func service(_ environment: AppEnvironment) throws -> WardrobeService {
    let images = ImageProcessor()
    return WardrobeService(
      store: WardrobeStore(database: environment.database.sql),
      blobs: try BlobStores.configured(
        environment: settings, dataDirectory: environment.configuration.dataDirectory),
      images: images, remover: try BackgroundRemovers.configured(environment: settings, images: images),
      clock: environment.clock, random: environment.random, logger: environment.logger)
  }

  public func mount(_ routes: AppRoutes) throws {
    guard let realm = hub.realm(manifest.id) else { throw OrchardError.internalError }
    try hub.mount(realm, on: routes, theme: theme)
    hub.registries[realm.app]?.register(WardrobeAccountData(service: try service(routes.environment)))
  }
}

/// What Wearbloom keeps for an account, for its export and its deletion: the garments (their
/// photos and cutouts are files in the blob store) and the body photo.
struct WardrobeAccountData: AccountData {
  let service: WardrobeService

  var name: String { "wardrobe" }

  func export(account: String) async throws -> any Encodable & Sendable {
    let garments = try await service.garments(of: account)
    let body = try await service.body(of: account)
    return Export(
      garments: garments.map {
        .init(
          id: $0.id, category: $0.category.rawValue, backgroundRemoval: $0.removalStatus.rawValue,
          images: $0.images.map(\.value), createdAt: $0.createdAt)
      },
      bodyPhoto: body.map { .init(image: $0.ownImage?.value, updatedAt: $0.updatedAt) })
  }

  /// Every file under the account's folder, then every row: safe to run again after a crash.
  func delete(account: String) async throws { try await service.erase(account) }

  struct Export: Encodable, Sendable {
    struct Garment: Encodable, Sendable {
      let id: String
      let category: String
      let backgroundRemoval: String
      let images: [String]
      let createdAt: Date
    }

    struct Body: Encodable, Sendable {
      let image: String?
      let updatedAt: Date
    }

    let garments: [Garment]
    let bodyPhoto: Body?
  }
}
