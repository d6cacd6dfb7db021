import FaithJarCore
import Foundation
import OrchardDatabase
import OrchardKit
import ServerKit

/// Faith Jar on the Orchard server: its web version under `/faith-jar/`, with the device's state
/// kept under its device id and every rule applied by `FaithJarCore`.
public struct FaithJarApp: OrchardApp {
  let library: VerseLibrary

  public init(library: VerseLibrary = .bundled) { self.library = library }

  public let manifest = AppManifest(
    id: "faith-jar", name: "Faith Jar",
    promise: "Say how you feel and receive a Bible verse, with a few honest words on why it fits.",
    path: FaithJarPath.home.path, version: "0.1.0", availability: .available)

  public var migrations: [Migration] { FaithJarStore.migrations }

  public var theme: DesignTokens? { FaithJarTheme.tokens }

  public var languages: [Language] { FaithJarTexts.all.languages }

  public var missingTexts: [Language: [String]] { FaithJarTexts.all.missing }

  /// Faith Jar on a phone's home screen: its manifest and the links its pages carry.
  public var webApp: WebApp? {
    WebApp(
      shortName: "Faith Jar", categories: ["lifestyle", "books"], icons: "faith-jar/icons",
      screenshots: FaithJarScreenshots.all, descriptions: [.english: manifest.promise])
  }
  public func assets() throws -> AssetCatalog { try Bundle.module.publicAssets() }

  public func serviceWorker() throws -> ServiceWorker? {
    try ServiceWorker(script: Bundle.module.bytes(of: "ServiceWorker/sw.js"), settings: FaithJarWorker())
  }

  public func mount(_ routes: AppRoutes) throws {
    let environment = routes.environment
    let service = FaithJarService(
      library: library, devices: FaithJarStore.devices(environment),
      clock: environment.clock, random: environment.random,
      testDeviceClock: environment.configuration.testDeviceClock)
    FaithJarRoutes(
      service: service, pages: environment.pages,
      versePages: RenderedPages(renderer: environment.pages, clock: environment.clock)
    ).register(routes)
  }
}
