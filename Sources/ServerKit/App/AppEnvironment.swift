import Foundation
import Hummingbird
import Logging
import Metrics
import OpenAPIRuntime
import OrchardDatabase
import OrchardJobs
import OrchardKit
import Prometheus

/// Everything from outside that the server's parts use, which tests replace: time, randomness,
/// the log, the outbound HTTP client and the settings the server was started with.
public struct ServerDependencies: Sendable {
  public var clock: any WallClock
  public var random: RandomSource
  public var logger: Logger
  /// Fetches links people give (calendar feeds): public addresses only unless a test allows more.
  public var outbound: PublicHTTPClient
  /// The `ORCHARD_*` variables, from which each app reads its own section once, at start.
  public var settings: Settings

  public init(
    clock: any WallClock = SystemClock(), random: RandomSource, logger: Logger = Logger(label: "orchard"),
    outbound: PublicHTTPClient = PublicHTTPClient(), settings: Settings = Settings()
  ) {
    self.settings = settings
    self.clock = clock
    self.random = random
    self.logger = logger
    self.outbound = outbound
  }
}

/// What every app is given when it is mounted: one value, the same for every app, so an app's
/// services, stores and pages never reach for a global.
public struct AppEnvironment: Sendable {
  public let configuration: ServerConfiguration
  /// The settings the server was started with, for an app's own section (the server's are in
  /// ``configuration``).
  public let settings: Settings
  /// "Now" for every rule.
  public let clock: any WallClock
  /// Every random choice and every new id or token.
  public let random: RandomSource
  public let logger: Logger
  public let database: Database
  /// Renders pages into the shared layout, with every asset's hashed address.
  public let pages: PageRenderer
  /// Gives each web visitor an anonymous device, kept in a cookie.
  public let devices: DeviceMiddleware
  public let outbound: PublicHTTPClient
  /// How caches on this database learn of entries other processes forgot.
  public let revocations: Revocations
  /// Every rate limit: device creation, writes, uploads, outbound fetches.
  public let limiter: RateLimiter
  /// The paths that take posts from other sites by design (``AppRoutes/acceptCrossSitePosts(at:)``).
  public let crossSitePosts = CrossSitePosts()
  /// Each app's page for addresses under its path that no route takes (``UnknownAddressPages``).
  public let unknownAddresses = UnknownAddressPages()
  /// Wakes this process's job worker when work is queued (``JobBell``).
  public let jobBell = JobBell()
  /// The registry `/metrics` serves: only ServerKit's bridge touches it; apps count through
  /// ``metricsFactory``.
  let metrics: PrometheusCollectorRegistry
  /// The swift-metrics factory over ``metrics``: an app counts with
  /// `Counter(label:dimensions:factory:)` and never touches the registry.
  public let metricsFactory: any MetricsFactory

  public init(
    configuration: ServerConfiguration, dependencies: ServerDependencies, database: Database, pages: PageRenderer,
    metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
  ) {
    self.metrics = metrics
    metricsFactory = ServerMetrics.factory(metrics)
    self.configuration = configuration
    settings = dependencies.settings
    clock = dependencies.clock
    random = dependencies.random
    logger = dependencies.logger
    self.database = database
    self.pages = pages
    outbound = dependencies.outbound
    revocations = .for(database)
    limiter = RateLimiter(clock: dependencies.clock, scale: configuration.rateLimitScale)
    devices = DeviceMiddleware(
      repository: SQLDeviceRepository(database: database.sql), clock: dependencies.clock,
      random: dependencies.random, cookie: DeviceCookie(secure: !configuration.servesPlainHTTPOnLoopback),
      revocations: revocations, limiter: limiter)
  }

  /// An app's table of devices on this server's database, clock and revocations.
  public func devices<Document>(
    _ table: String, fresh: @escaping @Sendable () -> Document
  ) -> DeviceStore<Document> {
    DeviceStore(database: database, table: table, clock: clock, revocations: revocations, fresh: fresh)
  }

  /// A cache on this server's clock that hears of revocations from every process on its database.
  public func cache<Key, Value>(
    _ name: String, capacity: Int, maxAge: TimeInterval? = nil, of: (Key, Value).Type = (Key, Value).self
  ) -> Cache<Key, Value> {
    Cache(name, capacity: capacity, maxAge: maxAge, clock: clock, revocations: revocations)
  }
}

/// Where an app registers its routes: its web pages under its path, and its JSON API.
public struct AppRoutes {
  public let environment: AppEnvironment
  public let manifest: AppManifest
  /// The languages the app speaks: every request is answered in one of them.
  public let languages: [Language]
  let router: Router<AppRequestContext>

  public init(
    router: Router<AppRequestContext>, manifest: AppManifest, languages: [Language] = [.english],
    environment: AppEnvironment
  ) {
    self.router = router
    self.manifest = manifest
    self.languages = languages
    self.environment = environment
  }

  /// The app's path without its trailing slash: `/miga`.
  public var prefix: String { String(manifest.path.dropLast(manifest.path.hasSuffix("/") ? 1 : 0)) }

  /// Lets another site post to `path` (under the app's): an identity provider answering with
  /// `response_mode=form_post`. The origin check does not guard it, so its handler must tie each
  /// post to the visit it answers (a state the visitor's cookie holds).
  public func acceptCrossSitePosts(at path: String) {
    environment.crossSitePosts.accept(prefix + "/" + path)
  }

  /// The app's pages: under its path, each visitor with a device, bodies within `limit`, every
  /// answer personal (``CachePolicy/personal``).
  public func web(limit: BodyLimit = .form) -> RouterGroup<AppRequestContext> {
    router.group(RouterPath(prefix)).add(middleware: CachePolicy.Personal())
      .add(middleware: LanguageMiddleware(offered: languages)).add(middleware: environment.devices)
      .add(middleware: limit)
  }

  /// Makes every address under the app's path that no route takes (any method) not found
  /// (``OrchardError/notFound``), answered through `errorPages`: the app's own page, in the
  /// visitor's language, without making a device. Addresses under its API keep the server's
  /// problem document.
  public func answerUnknownAddresses(with errorPages: some RouterMiddleware<AppRequestContext>) {
    let pages = router.group(RouterPath(prefix)).add(middleware: LanguageMiddleware(offered: languages))
      .add(middleware: errorPages)
    for method in Router<AppRequestContext>.answeredMethods {
      pages.on("**", method: method) { _, _ -> Response in throw OrchardError.notFound }
      router.on(RouterPath(prefix + "/api/**"), method: method) { _, _ -> Response in throw HTTPError(.notFound) }
    }
    // An address that stops partway down a route never reaches the catch-all: the same answer.
    let language = LanguageMiddleware(offered: languages)
    environment.unknownAddresses.add(prefix: prefix) { request, context in
      try await language.handle(request, context: context) { request, context in
        try await errorPages.handle(request, context: context) { _, _ in throw OrchardError.notFound }
      }
    }
  }

  /// Routes that need no device (a JSON API's own paths come from its document). Registering an
  /// app install (`POST <prefix>/api/v1/devices`) counts against the address's device creations.
  public func api(limit: BodyLimit = .json) -> RouterGroup<AppRequestContext> {
    router.group().add(middleware: LanguageMiddleware(offered: languages)).add(middleware: limit)
      .add(middleware: DeviceCreationLimit(path: prefix + "/api/v1/devices", limiter: environment.limiter))
  }

  /// A device-token API's routes: ``api(limit:)`` with each request's app install found by its
  /// bearer token (``DeviceTokenAuthenticator``) ahead of `middleware`, an answer written by hand
  /// on a hot path, and of the generated handlers.
  public func deviceAPI(
    device: @escaping @Sendable (_ tokenHash: String) async throws -> IdempotencyID?,
    before middleware: some RouterMiddleware<AppRequestContext>, limit: BodyLimit = .json
  ) -> RouterGroup<AppRequestContext> {
    api(limit: limit).add(middleware: DeviceTokenAuthenticator(device: device)).add(middleware: middleware)
  }

  /// The same, with `middleware` ahead of the generated handlers: an answer written by hand on a
  /// hot path.
  public func api(
    before middleware: some RouterMiddleware<AppRequestContext>, limit: BodyLimit = .json
  ) -> RouterGroup<AppRequestContext> {
    api(limit: limit).add(middleware: middleware)
  }

  /// How every app's generated handlers read and write JSON: compact, unsorted, slashes as they
  /// are, dates as ``WireDateTranscoder`` spells them. (The runtime's default, sorted and
  /// pretty-printed, costs about a fifth of a small answer's throughput and only adds bytes.)
  public static let apiConfiguration = Configuration(
    dateTranscoder: WireDateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes])

  /// An encoder that writes JSON as the generated handlers do under ``apiConfiguration``: for an
  /// answer written before the OpenAPI layer, in the contract's own types.
  public static func apiEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    let options = apiConfiguration.jsonEncodingOptions
    var formatting: JSONEncoder.OutputFormatting = []
    if options.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
    if options.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
    if options.contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
    encoder.outputFormatting = formatting
    let dates = apiConfiguration.dateTranscoder
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(try dates.encode(date))
    }
    return encoder
  }

  /// The middleware every device-token API runs behind ``deviceAPI(device:before:limit:)``: plain
  /// `ETag`s, every answer personal but those of the `shared` operations, a device required but
  /// for device creation, bodies labelled JSON, and no `null` members in the bodies of `noNulls`
  /// operations.
  public static func apiMiddlewares(
    unauthorized: OrchardError, shared: Set<String> = [], noNulls: Set<String> = []
  ) -> [any ServerMiddleware] {
    [
      PlainHeaderValues(), CachePolicy.Operations(shared: shared),
      BearerAuthentication(unauthorized: unauthorized), JSONBodies(), PlainTextOnly(),
      NoNullMembers(operations: noNulls),
    ]
  }
}
