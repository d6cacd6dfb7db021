import DangdaiServer
import FaithJarServer
import Foundation
import Hummingbird
import MIGAServer
import OpenAPIHummingbird
import OrchardAPI
import OrchardDatabase
import OrchardIdentity
import OrchardJobs
import OrchardKit
import ServerKit
import ServiceLifecycle
import WalkWorthyServer
import WearbloomServer

/// The apps this server runs, in launcher order: the three built, Wearbloom, announced, whose
/// accounts and wardrobe tables are already there, and Dangdai; both realms are in `identity`.
/// `languageModel` turns on Dangdai's optional language-model tier; Wearbloom reads its own section
/// of `settings`.
public func orchardApps(
  walkWorthy: WalkWorthyApp = WalkWorthyApp(), languageModel: LanguageModelSettings? = nil,
  settings: Settings = Settings(), identity: IdentityHub
) -> [any OrchardApp] {
  [
    FaithJarApp(), MIGAApp(), walkWorthy,
    WearbloomApp(hub: identity, settings: settings),
    DangdaiApp(hub: identity, languageModel: languageModel),
  ]
}

/// Every schema change of the whole server, in order.
public func orchardMigrations(random: RandomSource) throws -> MigrationRunner {
  let identity = try IdentityHub(random: random)
  let apps = orchardApps(identity: identity)
  return serverMigrations(apps: apps, platform: Platform(identity: identity, apps: apps))
}

/// Builds the whole Orchard server: every app, the launcher and the platform API. Used by
/// `orchard serve` (and through it by the browser tests) and by the launcher's own tests.
public func buildApplication(
  _ configuration: ServerConfiguration, identity: IdentityHub? = nil,
  apps: ((IdentityHub) -> [any OrchardApp])? = nil, database location: DatabaseLocation? = nil,
  dependencies: ServerDependencies,
  onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
  let identity = try identity ?? IdentityHub(random: dependencies.random)
  let apps = apps?(identity) ?? orchardApps(identity: identity)
  return try await buildServer(
    configuration, apps: apps, platform: Platform(identity: identity, apps: apps),
    database: location, dependencies: dependencies, onServerRunning: onServerRunning)
}

/// The platform's own pages beside the apps: the launcher at `/` and the app catalog at
/// `/api/v1/apps`, both listing exactly the apps the server was given.
struct Platform: PlatformModule {
  let identity: IdentityHub
  /// The apps whose own jobs the worker runs too.
  let apps: [any OrchardApp]

  var migrations: [Migration] { [SQLAppCatalogStore.migration, JobQueue.migration] + identity.migrations }

  /// The job worker: the accounts' mail and deletions, and each app's own jobs.
  func services(_ environment: AppEnvironment) throws -> [any Service] {
    let queue = JobQueue(database: environment.database.sql, clock: environment.clock, random: environment.random)
    let name = ProcessInfo.processInfo.hostName + ":" + String(ProcessInfo.processInfo.processIdentifier)
    let kinds =
      try identity.jobs(environment) + apps.flatMap { try $0.jobs(environment) }
    return [JobWorker(queue: queue, kinds: kinds, name: name, bell: environment.jobBell, logger: environment.logger)]
  }

  func assets() throws -> AssetCatalog { AssetCatalog() }

  /// Every process on the database writes its build's app list on start.
  func prepare(_ environment: AppEnvironment, apps: [AppManifest]) async throws {
    try await SQLAppCatalogStore(database: environment.database.sql).replace(with: apps)
  }

  func mount(on router: Router<AppRequestContext>, environment: AppEnvironment, apps: [AppManifest]) throws {
    let catalog = CatalogSnapshot(
      repository: SQLAppCatalogStore(database: environment.database.sql), clock: environment.clock)
    let pages = environment.pages
    router.get("/") { _, _ in
      pages.response(LauncherPage.page(apps: try await catalog.current().apps))
    }
    // Browsers ask for /favicon.ico on pages without an icon link (plain text, JSON).
    let favicon = pages.assets.url("icons/orchard.svg")
    router.get("/favicon.ico") { _, _ in Response(status: .movedPermanently, headers: [.location: favicon]) }
    identity.mountDevMail(on: router, environment: environment)
    let spec = ByteBuffer(bytes: try OrchardAPISpec.document())
    router.get("/api/openapi.yaml") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: spec))
    }
    // The most frequent call is written from bytes before the OpenAPI layer (see CatalogAnswer).
    try OrchardAPIService(catalog: catalog).registerHandlers(
      on: router.group().add(middleware: CatalogAnswer(catalog: catalog)), configuration: AppRoutes.apiConfiguration,
      middlewares: [PlainHeaderValues(), try ContractRules(json: OrchardAPISpec.requestRules)])
  }
}
