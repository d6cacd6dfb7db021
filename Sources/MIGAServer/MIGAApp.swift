import Foundation
import Hummingbird
import MIGAAPI
import MIGACore
import OpenAPIHummingbird
import OrchardDatabase
import OrchardKit
import ServerKit

/// MIGA on the Orchard server: its web version under `/miga/` and its JSON API under
/// `/miga/api/`, two faces of one ``MIGAService`` over one table of devices and one of events.
public struct MIGAApp: OrchardApp {
  public init() {}

  public let manifest = AppManifest(
    id: "miga", name: "MIGA", promise: "A calm pause before the apps you open out of habit, and an easy way out.",
    path: MIGAPath.home.path, version: "0.1.0", availability: .available)

  public var migrations: [Migration] { MIGAStore.migrations }

  public var theme: DesignTokens? { MIGATheme.tokens }

  public var languages: [Language] { MIGATexts.all.languages }

  public var missingTexts: [Language: [String]] { MIGATexts.all.missing }

  /// MIGA on a phone's home screen: its manifest and the links its pages carry.
  public var webApp: WebApp? {
    WebApp(
      shortName: "MIGA", categories: ["lifestyle", "health", "productivity"], icons: "miga/icons",
      screenshots: MIGAScreenshots.all, descriptions: [.english: manifest.promise])
  }
  public func assets() throws -> AssetCatalog { try Bundle.module.publicAssets() }

  /// Keeps the hub and the pause for a device with no connection (`Web/ServiceWorker/sw.js`).
  public func serviceWorker() throws -> ServiceWorker? {
    try ServiceWorker(script: Bundle.module.bytes(of: "ServiceWorker/sw.js"), settings: MIGAWorker(assets: assets()))
  }

  public func apiDocument() throws -> [UInt8]? { [UInt8](try MIGAAPISpec.document()) }

  /// The library this build ships (`Storage/library.json`, the seed of the content store).
  public static func bundledLibrary() throws -> ContentLibrary {
    guard let url = Bundle.module.url(forResource: "library", withExtension: "json") else {
      throw ContentImportError.missingBundledLibrary
    }
    return try ContentLibrary.decode(Data(contentsOf: url))
  }

  /// Brings the stored library up to this build's: adds new items and rewrites changed ones, and
  /// never retires (only `orchard miga content import` does), so an older build starting against
  /// a database a newer one filled takes nothing away. Idempotent: an unchanged library writes
  /// nothing and moves no cursor.
  public func prepare(_ environment: AppEnvironment) async throws {
    let report = try await ContentImporter(repository: SQLMIGAContentStore(database: environment.database.sql))
      .importLibrary(try Self.bundledLibrary(), retireMissing: false, at: environment.clock.now)
    environment.logger.info("MIGA content library seeded", metadata: ["changes": "\(report.summary)"])
  }

  /// The one service both faces use, and the library state it reads.
  func service(_ environment: AppEnvironment) -> (MIGAService, ContentStateCache) {
    let content = SQLMIGAContentStore(database: environment.database.sql)
    let contentState = ContentStateCache(repository: content, clock: environment.clock)
    let service = MIGAService(
      devices: MIGAStore.devices(environment), events: SQLMIGAEventStore(database: environment.database.sql),
      library: LiveLibrary(repository: content, state: contentState, clock: environment.clock),
      clock: environment.clock, random: environment.random, limiter: environment.limiter)
    return (service, contentState)
  }

  public func mount(_ routes: AppRoutes) throws {
    let environment = routes.environment
    let content = SQLMIGAContentStore(database: environment.database.sql)
    let (service, contentState) = service(environment)
    let credit = try Self.bundledLibrary().credit
    MIGARoutes(service: service, pages: environment.pages, visitors: environment.devices, credit: credit).register(
      routes)
    let api = MIGAAPIService(
      service: service, content: content, contentState: contentState, config: try RemoteConfig(credit: credit))
    try api.registerHandlers(
      on: routes.deviceAPI(
        device: service.device(tokenHash:), before: UpToDateContent(service: service, contentState: contentState)),
      configuration: AppRoutes.apiConfiguration,
      middlewares: AppRoutes.apiMiddlewares(
        unauthorized: .unauthorized, shared: ["getContent", "getConfig"],
        noNulls: ["uploadEvents"]) + [
          try ContractRules(
            json: MIGAAPISpec.requestRules, leaving: ["uploadEvents", "listEvents", "getContent"])
        ])
  }
}
