import Hummingbird
import Logging
import NIOCore
import OrchardDatabase
import OrchardKit
import Prometheus
import ServiceLifecycle
import Synchronization

/// The server's own parts beside the apps (the launcher and the app catalog), given the apps'
/// manifests so that what they list is exactly what the server runs.
public protocol PlatformModule: Sendable {
  var migrations: [Migration] { get }
  func assets() throws -> AssetCatalog
  func prepare(_ environment: AppEnvironment, apps: [AppManifest]) async throws
  func mount(on router: Router<AppRequestContext>, environment: AppEnvironment, apps: [AppManifest]) throws
  /// Work that runs beside the HTTP server (a job worker). Each starts once the database is
  /// migrated and every app prepared, and stops before the database closes.
  func services(_ environment: AppEnvironment) throws -> [any Service]
}

extension PlatformModule {
  public func services(_ environment: AppEnvironment) throws -> [any Service] { [] }
}

/// Every schema change of a server, in order: ServerKit's own tables, the platform's, then each
/// app's in the order the apps are listed.
public func serverMigrations(apps: [any OrchardApp], platform: (any PlatformModule)? = nil) -> MigrationRunner {
  MigrationRunner(ServerKitSchema.migrations + (platform?.migrations ?? []) + apps.flatMap(\.migrations))
}

/// ServerKit's own tables.
public enum ServerKitSchema {
  public static let migrations: [Migration] = [
    SQLDeviceRepository.migration,
    // Databases made before every timestamp column was created 8 bytes wide. (The apps' own
    // columns it once listed were widened in every database that ran it; new tables are created
    // wide.)
    .widenTimestamps(
      "platform-0002-double-precision-times", columns: [("devices", "created_at"), ("devices", "last_seen_at")]),
    RevocationLog.migration,
  ]
}

/// Builds a server of `apps` (and the platform's own pages, when given): used by `orchard serve`,
/// by each app's route tests (one app alone) and, through `orchard serve`, by the browser tests.
///
/// On start it migrates the database and prepares each app; on shutdown it stops accepting
/// connections, lets open requests finish and closes the database.
public func buildServer(
  _ configuration: ServerConfiguration, apps: [any OrchardApp], platform: (any PlatformModule)? = nil,
  database location: DatabaseLocation? = nil, dependencies: ServerDependencies,
  onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
  let logger = dependencies.logger
  let database = try await Database.open(location ?? configuration.databaseLocation, logger: logger)
  let registry = PrometheusCollectorRegistry()
  let router: Router<AppRequestContext>
  let environment: AppEnvironment
  let connections: ConnectionLimits
  do {
    (router, environment) = try buildRouter(
      configuration, apps: apps, platform: platform, database: database, dependencies: dependencies,
      registry: registry)
    connections = try ConnectionLimits(configuration, descriptors: FileDescriptorLimit.raise())
  } catch {
    // An app that refuses to start (a setting it cannot run with) leaves no connection open.
    try? await database.close()
    throw error
  }
  let idleTimeout = connections.idleTimeout
  let started = StartupGate()
  // Stopped in reverse: background work first, then upkeep, then the database closes, then its pool.
  var services: [any Service] = database.services + [DatabaseCloser(database: database)] + database.maintenance
  services += try (platform?.services(environment) ?? []).map { AfterStartup(gate: started, service: $0) }
  if let metricsPort = configuration.metricsPort {
    services.append(
      Application(
        router: OperationalRoutes.metricsRouter(registry: registry),
        configuration: .init(address: .hostname("127.0.0.1", port: metricsPort), serverName: "Orchard"),
        logger: logger))
  }
  var app = Application(
    router: router,
    server: .http1(
      configuration: .init(
        additionalChannelHandlers: [
          RequestDeadlineHandler(idleTimeout),
          MalformedRequestHandler(strictTransportSecurity: !configuration.servesPlainHTTPOnLoopback),
        ], idleTimeout: idleTimeout)),
    configuration: .init(
      address: .hostname(configuration.host, port: configuration.port), serverName: "Orchard",
      // A burst of new connections (a thousand sign-ins at once) waits in the kernel's queue
      // rather than being turned away while the server accepts the ones before it.
      backlog: 1024, availableConnectionsDelegate: .maximum(connections.maximum, logger: logger)),
    services: services,
    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
    logger: logger)
  app.beforeServerStarts {
    try await serverMigrations(apps: apps, platform: platform)
      .run(on: database.sql, now: dependencies.clock.now, logger: logger)
    try await platform?.prepare(environment, apps: apps.map(\.manifest))
    for app in apps { try await app.prepare(environment) }
    started.open()
  }
  return app
}

/// The router of a server of `apps`, and the environment they were mounted with.
public func buildRouter(
  _ configuration: ServerConfiguration, apps: [any OrchardApp], platform: (any PlatformModule)?,
  database: Database, dependencies: ServerDependencies,
  registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
) throws -> (Router<AppRequestContext>, AppEnvironment) {
  var assets = try AssetCatalog.bundled()
  if let platform { assets.merge(try platform.assets()) }
  for app in apps { assets.merge(try app.assets()) }
  for theme in [PlatformTheme.tokens] + apps.compactMap(\.theme) {
    let stylesheet = Array(theme.stylesheet(assetURL: assets.url).utf8)
    assets.add(path: "tokens/\(theme.name).css", bytes: stylesheet, gzip: Gzip.compress(stylesheet))
  }
  // Each installable app's pages carry its install links, found by the app's look.
  var installs: [String: @Sendable (Language) -> InstallLinks] = [:]
  for app in apps {
    guard let webApp = app.webApp, let theme = app.theme else { continue }
    let (manifest, languages) = (app.manifest, app.languages)
    installs[theme.name] = { webApp.links(for: manifest, language: $0, languages: languages) }
  }
  let pages = PageRenderer(assets: assets, installs: installs)
  let environment = AppEnvironment(
    configuration: configuration, dependencies: dependencies, database: database, pages: pages, metrics: registry)

  let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
  router.middlewares.add(
    SecurityHeadersMiddleware(strictTransportSecurity: !configuration.servesPlainHTTPOnLoopback))
  router.middlewares.add(RequestObservationMiddleware(factory: environment.metricsFactory))
  router.middlewares.add(
    ErrorMiddleware(translate: translateOpenAPIError, renderPage: { pages.errorPage($0, language: $1) }))
  router.middlewares.add(ClientAddressMiddleware(trustedProxies: configuration.trustedProxies))
  router.middlewares.add(CrossOriginProtectionMiddleware(configuration, exempt: environment.crossSitePosts))
  router.middlewares.add(WriteLimit(environment.limiter))
  router.middlewares.add(UnknownAddressMiddleware(pages: environment.unknownAddresses))

  OperationalRoutes.add(to: router, registry: registry, token: configuration.metricsToken)
  AssetRoutes.add(to: router, catalog: assets)
  try platform?.mount(on: router, environment: environment, apps: apps.map(\.manifest))
  for app in apps {
    let routes = AppRoutes(
      router: router, manifest: app.manifest, languages: app.languages, environment: environment)
    if let worker = try app.serviceWorker() {
      router.get(RouterPath(routes.prefix + "/sw.js")) { _, _ in worker.response }
    }
    if let webApp = app.webApp {
      try WebAppRoute.add(webApp, of: app, on: router, prefix: routes.prefix, assets: assets)
    }
    if let document = try app.apiDocument() {
      let body = ByteBuffer(bytes: document)
      router.get(RouterPath(routes.prefix + "/api/openapi.yaml")) { _, _ in
        Response(
          status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: body))
      }
    }
    try app.mount(routes)
  }
  router.addMethodNotAllowedResponses()
  return (router, environment)
}

/// Opens once, when the server has migrated and prepared; whoever waits on it before then waits.
final class StartupGate: Sendable {
  private let state = Mutex<(open: Bool, waiting: [UInt64: CheckedContinuation<Void, Never>], next: UInt64)>(
    (false, [:], 0))

  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns when the gate opens, or at once when the task is cancelled.
  func wait() async {
    let id = state.withLock { state in
      state.next += 1
      return state.next
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state in
          if state.open || Task.isCancelled { return true }
          state.waiting[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
      continuation?.resume()
    }
  }
}

/// A service that starts when the server has started (its tables exist).
struct AfterStartup: Service {
  let gate: StartupGate
  let service: any Service

  func run() async throws {
    await cancelWhenGracefulShutdown { await gate.wait() }
    guard !Task.isCancelled, !Task.isShuttingDownGracefully else { return }
    try await service.run()
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
