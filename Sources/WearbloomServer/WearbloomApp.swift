import Foundation
import Hummingbird
import IdentityCore
import OpenAPIHummingbird
import OrchardBlobs
import OrchardDatabase
import OrchardIdentity
import OrchardImages
import OrchardJobs
import OrchardKit
import ServerKit
import Synchronization
import WearbloomAPI
import WearbloomCore

/// Wearbloom on the Orchard server: its accounts (the `wearbloom` realm, with their pages), its
/// JSON API under `/wearbloom/api/v1/` (wardrobe, try-on, subscription, onboarding), its web
/// version under `/wearbloom/` (``WearbloomRoutes``), background removal and renders as jobs, and
/// the wardrobe's part in each account's export and deletion.
public struct WearbloomApp: OrchardApp {
  public let manifest: AppManifest
  public let theme: DesignTokens?
  let hub: IdentityHub
  /// Where the blob store, the remover, try-on and the web's test store are configured
  /// (`ORCHARD_S3_*`, `ORCHARD_WEARBLOOM_REMOVER`, `ORCHARD_WEARBLOOM_TRYON_CATEGORIES`,
  /// `ORCHARD_WEARBLOOM_TEST_STORE`).
  let settings: Settings

  /// The services of the environment the server runs in, made on the first of `mount`, `jobs`
  /// and `prepare` and shared by all three.
  private let graph = ServiceGraph<WearbloomServices>()

  /// Wearbloom with the settings `environment` gives, as a test names them.
  public init(hub: IdentityHub, theme: DesignTokens? = WearbloomTheme.tokens, environment: [String: String]) {
    self.init(hub: hub, theme: theme, settings: Settings(environment))
  }

  /// Wearbloom with the server's settings (``AppEnvironment/settings``, read once at start).
  public init(hub: IdentityHub, theme: DesignTokens? = WearbloomTheme.tokens, settings: Settings = Settings()) {
    manifest = AppManifest(
      id: "wearbloom", name: "Wearbloom", promise: "See clothes on your own photo before you buy or wear them.",
      path: WearbloomPath.home.path, version: "0.1.0", availability: .available)
    self.hub = hub
    self.theme = theme
    self.settings = settings
  }

  public var migrations: [Migration] {
    WardrobeStore.migrations + [
      CreditStore.migration, RenderStore.migration, SubscriptionStore.migration, OnboardingStore.migration,
      ConsentStore.migration,
    ]
  }

  public var languages: [Language] { Realm.wearbloom.languages }

  public var missingTexts: [Language: [String]] {
    IdentityTexts.all.missing.filter { Realm.wearbloom.languages.contains($0.key) }
  }

  /// Wearbloom on a phone's home screen: its manifest and the links its pages carry.
  public var webApp: WebApp? {
    WebApp(
      shortName: "Wearbloom", categories: ["shopping", "lifestyle"], icons: "wearbloom/icons",
      screenshots: WearbloomScreenshots.all, descriptions: [.english: manifest.promise])
  }
  public func assets() throws -> AssetCatalog {
    var assets = try Bundle.module.publicAssets()
    assets.merge(try AccountsApp.assets())
    return assets
  }

  /// Keeps the wardrobe (its page, each garment's sheet, the profile and the thumbnails) for
  /// offline browsing.
  public func serviceWorker() throws -> ServiceWorker? {
    try ServiceWorker(
      script: Bundle.module.bytes(of: "ServiceWorker/sw.js"),
      settings: [
        "scope": WearbloomPath.home.path, "wardrobe": WearbloomPath.wardrobe.path,
        "garments": WearbloomPath.garments.path + "/", "profile": WearbloomPath.profile.path,
        "images": WearbloomPath.app + "/images/", "offline": WearbloomPath.wardrobe.path,
      ])
  }

  public func apiDocument() throws -> [UInt8]? { [UInt8](try WearbloomAPISpec.document()) }

  /// An S3 bucket that does not exist yet is made before the first upload (a local folder is made
  /// as files are written).
  public func prepare(_ environment: AppEnvironment) async throws {
    let services = try services(environment)
    if let bucket = services.wardrobe.files.blobs as? S3BlobStore { try await bucket.createBucketIfMissing() }
    // A sweep follows every start by one grace period; each sweep queues the next.
    try await services.sweep.scheduleAfterStart()
  }

  /// Wearbloom's services over `environment`, made once for it: the routes and the jobs share one
  /// wardrobe memory, one image processor (its libvips limit is the process's) and one job bell.
  func services(_ environment: AppEnvironment) throws -> WearbloomServices {
    try graph.services(for: environment) { try makeServices(environment) }
  }

  /// The services made for the server's environment, once it has mounted: what a test that runs
  /// the jobs by hand runs them on.
  var servicesMade: WearbloomServices? { graph.made }

  /// The whole graph: the wardrobe over this server's database, blob store, remover, rate limits
  /// and job queue; try-on over it with the configured provider (``TryOnProviders``); the
  /// onboarding, the purchases, the consents and the sweep of what crashed uploads left behind.
  private func makeServices(_ environment: AppEnvironment) throws -> WearbloomServices {
    let images = ImageProcessor()
    let queue = JobQueue(database: environment.database.sql, clock: environment.clock, random: environment.random)
    let wardrobe = WardrobeService(
      store: WardrobeStore(database: environment.database.sql),
      blobs: try BlobStores.configured(
        variable: settings.value, dataDirectory: environment.configuration.dataDirectory),
      images: images, remover: try BackgroundRemovers.configured(environment: settings, images: images),
      clock: environment.clock, random: environment.random, logger: environment.logger, limiter: environment.limiter,
      removals: queue, memory: WardrobeMemory(environment: environment), metrics: environment.metricsFactory)
    let tryOn = try tryOn(environment, wardrobe: wardrobe)
    let onboarding = OnboardingService(
      database: environment.database.sql, wardrobe: wardrobe, clock: environment.clock, random: environment.random,
      limiter: environment.limiter)
    return WearbloomServices(
      wardrobe: wardrobe, tryOn: tryOn, onboarding: onboarding,
      purchases: PurchaseService(
        verifier: try appStoreVerifier(clock: environment.clock), tryOn: tryOn, logger: environment.logger),
      consents: ConsentStore(
        database: environment.database.sql,
        remembered: environment.cache("wearbloom-consents", capacity: ConsentStore.remembered)),
      sweep: ImageSweep(wardrobe: wardrobe, queue: queue, grace: try ImageSweep.grace(environment: settings)))
  }

  /// Try-on over the wardrobe, with the configured provider (``TryOnProviders``).
  func tryOn(_ environment: AppEnvironment, wardrobe: WardrobeService) throws -> TryOnService {
    TryOnService(
      wardrobe: wardrobe, database: environment.database.sql,
      provider: try TryOnProviders.configured(
        environment: settings, images: wardrobe.files.processor,
        publicURL: environment.configuration.publicOrigin?.description, clock: environment.clock),
      offered: try tryOnSupport(), clock: environment.clock, random: environment.random, logger: environment.logger,
      limiter: environment.limiter, bell: environment.jobBell,
      welcomeCredits: try TryOnProviders.welcomeCredits(environment: settings),
      budget: try TryOnProviders.budget(environment: settings))
  }

  /// What checks Apple's signed purchases and notifications: this app's bundle id
  /// (`ORCHARD_WEARBLOOM_BUNDLE_ID`), the environments taken (`ORCHARD_APPSTORE_ENVIRONMENTS`,
  /// `Production,Sandbox` unless set) and the root trusted (Apple Root CA – G3, unless
  /// `ORCHARD_APPSTORE_ROOT_CERTIFICATE` names a DER file: a test's own root).
  func appStoreVerifier(clock: any WallClock) throws -> AppStoreVerifier {
    let roots = try settings.value("ORCHARD_APPSTORE_ROOT_CERTIFICATE").map {
      [[UInt8](try Data(contentsOf: URL(fileURLWithPath: $0)))]
    }
    let environments = settings.value("ORCHARD_APPSTORE_ENVIRONMENTS").map {
      Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }
    return try AppStoreVerifier(
      rootCertificates: roots ?? [AppleRootCertificates.g3],
      bundleID: settings.value("ORCHARD_WEARBLOOM_BUNDLE_ID") ?? AppStoreVerifier.defaultBundleID,
      environments: environments ?? AppStoreVerifier.defaultEnvironments, clock: clock)
  }

  /// The categories try-on is offered for, from `ORCHARD_WEARBLOOM_TRYON_CATEGORIES`.
  func tryOnSupport() throws -> TryOnSupport {
    try settings.value("ORCHARD_WEARBLOOM_TRYON_CATEGORIES").map { try TryOnSupport(configuration: $0) } ?? .standard
  }

  public func mount(_ routes: AppRoutes) throws {
    guard let realm = hub.realm(manifest.id) else { throw OrchardError.internalError }
    let services = try services(routes.environment)
    let testStore = try TestStoreSetting.configured(environment: settings)
    let accounts = try hub.mount(realm, on: routes, theme: theme, gate: ConsentGate.accountPages(services.consents))
    hub.registries[realm.app]?.register(services.accountData)
    let api = WearbloomAPIService(
      service: services.wardrobe, tryOn: services.tryOn, purchases: services.purchases,
      onboarding: services.onboarding)
    // Each call's caller is found once, by their onboarding token or their access token, ahead of
    // the calls a wardrobe screen makes most, written before the OpenAPI layer (see
    // RememberedWardrobe), and of the generated handlers, which refuse anyone else.
    let remembered = RememberedWardrobe(api: api, clock: routes.environment.clock)
    try api.registerHandlers(
      on: routes.api(limit: UploadBodyLimit.upload).add(middleware: UploadBodyLimit())
        .add(middleware: OnboardingTokenAuthenticator(onboarding: services.onboarding))
        .add(middleware: AccessTokenAuthenticator(accounts: accounts)).add(middleware: remembered),
      configuration: AppRoutes.apiConfiguration,
      middlewares: [
        PlainHeaderValues(),
        CallerAuthentication(accessTokens: AccessTokenRequired(accounts: accounts)),
        FalWebhookSignature(verifier: falVerifier(for: services.tryOn, clock: routes.environment.clock)),
        JSONBodies(uploads: UploadBodyLimit.operations), PlainTextOnly(),
        NoNullMembers(operations: ["startOnboarding", "sendRenderFeedback"]),
        try ContractRules(json: WearbloomAPISpec.requestRules),
      ])
    let secure = !routes.environment.configuration.servesPlainHTTPOnLoopback
    WearbloomRoutes(
      wardrobe: services.wardrobe, tryOn: services.tryOn, onboarding: services.onboarding,
      consents: services.consents, accounts: accounts, accountData: services.accountData,
      pages: routes.environment.pages, clock: routes.environment.clock, sessionCookie: realm.cookieName(secure: secure),
      secureCookies: secure, testStore: testStore
    ).register(routes)
  }

  /// What checks fal's webhooks, when fal is the provider: its key set fetched (and kept) from
  /// the configured JWKS URL.
  func falVerifier(for tryOn: TryOnService, clock: any WallClock) -> FalWebhookVerifier? {
    guard let fal = tryOn.provider as? FalTryOnProvider else { return nil }
    let settings = fal.queue.settings
    return FalWebhookVerifier(
      fetch: {
        try await settings.downloads.fetchBytes(
          settings.jwksURL, accept: "application/json", timeout: .seconds(10), byteLimit: 1 << 16)
      }, clock: clock, userID: settings.userID)
  }

  /// Wearbloom's jobs (``WearbloomJobs``), over the same services as the routes.
  public func jobs(_ environment: AppEnvironment) throws -> [JobKind] {
    WearbloomJobs(services: try services(environment)).kinds
  }
}

/// Every service of Wearbloom's over one environment: what the routes call and the jobs run.
struct WearbloomServices: Sendable {
  let wardrobe: WardrobeService
  let tryOn: TryOnService
  let onboarding: OnboardingService
  let purchases: PurchaseService
  let consents: ConsentStore
  let sweep: ImageSweep

  /// What the account keeps in Wearbloom, for its export and its deletion.
  var accountData: WardrobeAccountData {
    WardrobeAccountData(service: wardrobe, tryOn: tryOn, onboarding: onboarding)
  }
}
