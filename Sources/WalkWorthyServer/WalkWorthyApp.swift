import Foundation
import Hummingbird
import OpenAPIHummingbird
import OrchardDatabase
import OrchardJobs
import OrchardKit
import ServerKit
import WalkWorthyAPI
import WalkWorthyCore

/// WalkWorthy on the Orchard server: its JSON API under `/walkworthy/api/` and its web version under
/// `/walkworthy/`, two faces of one ``WalkWorthyService`` over one table of devices.
public struct WalkWorthyApp: OrchardApp {
  /// The app's flags (the spec's defaults: mock API, fake Canvas, local notifications).
  let config: Config
  /// Where the web version's encouragements come from: the spec's mock answers (its default), or
  /// (live) this server's own selection, exactly as the JSON API serves it.
  let webAPI: APIMode
  /// Reads linked calendar feeds; nil uses the server's public-only client.
  let calendarFeeds: (any CalendarFeedFetcher)?

  /// How "Notify me" sends; nil reads it from the server's settings at start (``PushSettings``).
  let pushSettings: PushSettings?
  /// The service and the push made once per environment, shared by the routes and the job.
  private let graph = ServiceGraph<WalkWorthyServices>()

  public init(
    config: Config = .standard, webAPI: APIMode = .mock, calendarFeeds: (any CalendarFeedFetcher)? = nil,
    push: PushSettings? = nil
  ) {
    self.config = config
    self.webAPI = webAPI
    self.calendarFeeds = calendarFeeds
    self.pushSettings = push
  }

  /// The web version's source of encouragements from `ORCHARD_WALKWORTHY_API_MODE`: `mock` (the
  /// default, the spec's) or `live`.
  public static func webAPI(settings: Settings) throws(ConfigurationError) -> APIMode {
    guard let text = settings.string("ORCHARD_WALKWORTHY_API_MODE") else { return .mock }
    guard let mode = APIMode(rawValue: text.lowercased()) else {
      throw ConfigurationError(variable: "ORCHARD_WALKWORTHY_API_MODE", value: text, expected: "mock or live")
    }
    return mode
  }

  public let manifest = AppManifest(
    id: "walkworthy", name: "WalkWorthy", promise: "A verse and a word of encouragement for a student's real day.",
    path: WalkWorthyPath.home.path, version: "0.1.0", availability: .available)

  public var migrations: [Migration] { WalkWorthyStore.migrations }

  public var theme: DesignTokens? { WalkWorthyTheme.tokens }

  public var languages: [Language] { WalkWorthyTexts.all.languages }

  public var missingTexts: [Language: [String]] { WalkWorthyTexts.all.missing }

  /// WalkWorthy on a phone's home screen: its manifest and the links its pages carry.
  public var webApp: WebApp? {
    WebApp(
      shortName: "WalkWorthy", categories: ["education", "lifestyle"], icons: "walkworthy/icons",
      screenshots: WalkWorthyScreenshots.all, descriptions: [.english: manifest.promise])
  }
  public func assets() throws -> AssetCatalog { try Bundle.module.publicAssets() }

  public func serviceWorker() throws -> ServiceWorker? {
    // The cache's name follows the assets the kept pages link: a new stylesheet or script is a new
    // worker, which drops the old copies.
    let linked = try ["walkworthy/walkworthy.css", "walkworthy/walkworthy.js"].map(assets().url)
    return try ServiceWorker(
      script: Bundle.module.bytes(of: "ServiceWorker/sw.js"),
      settings: ["home": WalkWorthyPath.home.path, "cache": "walkworthy-" + ServiceWorker.version(of: linked)])
  }

  public func apiDocument() throws -> [UInt8]? { [UInt8](try WalkWorthyAPISpec.document()) }

  /// The one service both faces use.
  func service(_ environment: AppEnvironment) -> WalkWorthyService {
    WalkWorthyService(
      devices: WalkWorthyStore.devices(environment),
      calendars: StoredCalendars(database: environment.database.sql),
      selector: EncouragementSelector(library: .bundled),
      fetcher: calendarFeeds ?? HTTPCalendarFeedFetcher(client: environment.outbound), config: config,
      clock: environment.clock, random: environment.random, limiter: environment.limiter, logger: environment.logger)
  }

  /// The service both faces use and the daily push, made once for `environment`.
  func services(_ environment: AppEnvironment) throws -> WalkWorthyServices {
    try graph.services(for: environment) {
      let service = service(environment)
      return WalkWorthyServices(service: service, push: try push(environment, service: service))
    }
  }

  public func mount(_ routes: AppRoutes) throws {
    let environment = routes.environment
    let services = try services(environment)
    let service = services.service
    // The most frequent call is written by hand before the OpenAPI layer (see FreshEncouragement).
    try WalkWorthyAPIService(service: service).registerHandlers(
      on: routes.deviceAPI(device: service.device(tokenHash:), before: FreshEncouragement(service: service)),
      configuration: AppRoutes.apiConfiguration,
      middlewares: AppRoutes.apiMiddlewares(
        unauthorized: .unauthorized,
        noNulls: ["linkCalendar", "updateSettings", "putProfile"])
        + [try ContractRules(json: WalkWorthyAPISpec.requestRules, leaving: ["putProfile"])])
    WalkWorthyRoutes(
      service: service, pages: environment.pages,
      build: BuildInfo(version: manifest.version, commit: environment.configuration.buildCommit), api: webAPI,
      testDeviceClock: environment.configuration.testDeviceClock, library: .bundled,
      push: services.push
    ).register(routes)
  }

  /// "Notify me" over `service`: the server's VAPID key (``PushSettings``) and the job queue.
  func push(_ environment: AppEnvironment, service: WalkWorthyService) throws -> WalkWorthyPush {
    let configuration = environment.configuration
    let settings =
      try pushSettings
      ?? PushSettings(
        environment: environment.settings, dataDirectory: configuration.dataDirectory,
        publicOrigin: configuration.publicOrigin, random: environment.random)
    return WalkWorthyPush(
      service: service,
      queue: JobQueue(database: environment.database.sql, clock: environment.clock, random: environment.random),
      bell: environment.jobBell, sender: settings.sender(clock: environment.clock, random: environment.random),
      api: webAPI, library: .bundled,
      allowsLoopback: settings.allowsLoopback, testDeviceClock: configuration.testDeviceClock)
  }

  /// The daily push, over the same service the routes use.
  public func jobs(_ environment: AppEnvironment) throws -> [JobKind] {
    [try services(environment).push.kind]
  }
}

/// WalkWorthy's services over one environment: what the routes call and the job runs.
struct WalkWorthyServices: Sendable {
  let service: WalkWorthyService
  let push: WalkWorthyPush
}
