import FaithJarServer
import Hummingbird
import Logging
import MIGAServer
import OpenAPIHummingbird
import OpenAPIRuntime
import OrchardAPI
import OrchardKit
import Prometheus
import ServerKit
import ServiceLifecycle
import WalkWorthyCore
import WalkWorthyServer
import WalkWorthyWeb

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything the server needs from outside that tests replace.
public struct ServerDependencies: Sendable {
  public var clock: any WallClock
  public var logger: Logger
  /// WalkWorthy's calendar feed fetcher and source of random choices.
  public var walkWorthy: WalkWorthyServer.Options

  public init(
    clock: any WallClock = SystemClock(), logger: Logger = Logger(label: "orchard"),
    walkWorthy: WalkWorthyServer.Options = WalkWorthyServer.Options()
  ) {
    self.clock = clock
    self.logger = logger
    self.walkWorthy = walkWorthy
  }
}

/// Every schema change, in order: the platform's first, then each app's.
public let orchardMigrations = MigrationRunner(
  [
    SQLDeviceRepository.migration,
    SQLAppCatalogRepository.migration,
  ] + FaithJarServer.migrations + MIGAServer.migrations + MIGAWeb.migrations + [
    // Databases made before every timestamp column was created 8 bytes wide.
    .widenTimestamps(
      "platform-0002-double-precision-times",
      columns: [
        ("devices", "created_at"), ("devices", "last_seen_at"), ("faith_jar_devices", "updated_at"),
        ("miga_devices", "created_at"), ("miga_web_devices", "updated_at"),
      ])
  ] + WalkWorthyServer.migrations + WalkWorthyWeb.migrations)

/// Builds the whole Orchard server — used by `orchard serve`, by route tests and by browser tests.
///
/// On start it migrates the database and records this build's app catalog; on shutdown it stops
/// accepting connections, lets open requests finish and closes the database.
public func buildApplication(
  _ configuration: ServerConfiguration, database location: DatabaseLocation? = nil,
  dependencies: ServerDependencies = ServerDependencies(),
  onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
  let logger = dependencies.logger
  let database = try await Database.open(location ?? configuration.databaseLocation, logger: logger)
  let catalogRepository = SQLAppCatalogRepository(database: database.sql)
  let router = try buildRouter(
    configuration, database: database, catalog: CatalogSnapshot(repository: catalogRepository),
    dependencies: dependencies)

  var app = Application(
    router: router,
    configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Orchard"),
    services: database.services + [DatabaseCloser(database: database)],
    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
    logger: logger)
  app.beforeServerStarts {
    try await orchardMigrations.run(on: database.sql, now: dependencies.clock.now, logger: logger)
    try await catalogRepository.replace(with: AppManifest.platform)
    let library = try await MIGAServer.seed(database: database, clock: dependencies.clock)
    logger.info("MIGA content library seeded", metadata: ["changes": "\(library.summary)"])
  }
  return app
}

func buildRouter(
  _ configuration: ServerConfiguration, database: Database, catalog: CatalogSnapshot,
  dependencies: ServerDependencies
) throws -> Router<AppRequestContext> {
  var assets = try AssetCatalog.bundled()
  assets.merge(try FaithJarServer.assets())
  assets.merge(try MIGAWeb.assets())
  assets.merge(try WalkWorthyWeb.assets())
  let themes = [OrchardTheme.tokens, FaithJarServer.tokens, MIGAWeb.tokens, WalkWorthyWeb.tokens]
  for theme in themes {
    assets.add(path: "tokens/\(theme.name).css", bytes: Array(theme.stylesheet(assetURL: assets.url).utf8))
  }
  let pages = PageRenderer(assets: assets)
  let registry = PrometheusCollectorRegistry()

  let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
  router.middlewares.add(
    SecurityHeadersMiddleware(strictTransportSecurity: !configuration.servesPlainHTTPOnLoopback))
  router.middlewares.add(RequestObservationMiddleware(registry: registry))
  router.middlewares.add(ErrorMiddleware(translate: translateOpenAPIError, renderPage: pages.errorPage))
  router.middlewares.add(CrossOriginProtectionMiddleware())

  OperationalRoutes.add(to: router, registry: registry)
  AssetRoutes.add(to: router, catalog: assets)
  router.get("/") { _, _ in
    pages.response(LauncherPage.page(apps: try await catalog.current().apps))
  }
  // Browsers ask for /favicon.ico on pages without an icon link (plain text, JSON).
  let favicon = assets.url("icons/orchard.svg")
  router.get("/favicon.ico") { _, _ in Response(status: .movedPermanently, headers: [.location: favicon]) }
  let spec = try OrchardAPISpec.document()
  router.get("/api/openapi.yaml") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
      body: .init(byteBuffer: .init(bytes: spec)))
  }
  let devices = DeviceMiddleware(
    repository: SQLDeviceRepository(database: database.sql), clock: dependencies.clock,
    cookie: DeviceCookie(secure: !configuration.servesPlainHTTPOnLoopback))
  try FaithJarServer.mount(
    on: router, database: database, devices: devices, clock: dependencies.clock, pages: pages,
    testDeviceClock: configuration.testDeviceClock)
  try MIGAServer.mount(on: router, database: database, clock: dependencies.clock)
  MIGAWeb.mount(on: router, database: database, devices: devices, clock: dependencies.clock, pages: pages)
  try WalkWorthyServer.mount(
    on: router, database: database, clock: dependencies.clock, options: dependencies.walkWorthy,
    logger: dependencies.logger)
  let walkWorthy = AppManifest.platform.first { $0.id == "walkworthy" }
  try WalkWorthyWeb.mount(
    on: router, database: database, devices: devices, clock: dependencies.clock, pages: pages, config: try Config(),
    build: BuildInfo(version: walkWorthy?.version ?? "unknown", commit: configuration.buildCommit),
    testDeviceClock: configuration.testDeviceClock)
  // Compact, unsorted JSON: the runtime's default (sorted keys, pretty-printed) costs about a fifth
  // of this endpoint's throughput and only adds bytes; member order carries no meaning in JSON.
  try OrchardAPIService(catalog: catalog).registerHandlers(
    on: router, configuration: .init(jsonEncodingOptions: [.withoutEscapingSlashes]),
    middlewares: [PlainHeaderValues()])
  router.addMethodNotAllowedResponses()
  return router
}

/// Errors from the OpenAPI layer: a request that does not match the contract is the client's
/// mistake (400) and says which part; an `OrchardError` thrown by a handler passes through.
@Sendable func translateOpenAPIError(_ error: any Error) -> OrchardError? {
  guard let error = error as? ServerError else { return nil }
  if let underlying = error.underlyingError as? OrchardError { return underlying }
  if error.underlyingError is DecodingError || error.causeDescription.localizedCaseInsensitiveContains("decod") {
    return .badRequest("The request did not match the API contract: \(error.causeDescription).")
  }
  // The runtime's own refusals (a missing required parameter, a wrong Content-Type) carry their 4xx.
  switch error.httpStatus.code {
  case 400: return .badRequest("The request did not match the API contract: \(error.causeDescription).")
  case 401..<500: return .status(error.httpStatus)
  default: return nil
  }
}

/// Closes the database after the HTTP server has stopped.
struct DatabaseCloser: Service {
  let database: Database

  func run() async throws {
    try? await gracefulShutdown()
    try await database.close()
  }
}
