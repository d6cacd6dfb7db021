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
  let settings: [String: String]

  /// One memory for the API and the jobs of this process, so a removal the worker finishes is
  /// news to the list the API remembers.
  private let memory = MemoryOnce()

  public init(
    hub: IdentityHub, theme: DesignTokens? = WearbloomTheme.tokens,
    environment settings: [String: String] = ProcessInfo.processInfo.environment
  ) {
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

  public func assets() throws -> AssetCatalog {
    var assets = try Bundle.module.publicAssets()
    assets.merge(try AccountsApp.assets())
    return assets
  }

  /// Keeps the wardrobe (its page and thumbnails) for offline browsing.
  public func serviceWorker() throws -> ServiceWorker? {
    try ServiceWorker(
      script: Bundle.module.bytes(of: "ServiceWorker/sw.js"),
      settings: [
        "scope": WearbloomPath.home.path, "wardrobe": WearbloomPath.wardrobe.path,
        "images": WearbloomPath.app + "/images/", "offline": WearbloomPath.wardrobe.path,
      ])
  }

  public func apiDocument() throws -> [UInt8]? { [UInt8](try WearbloomAPISpec.document()) }

  /// An S3 bucket that does not exist yet is made before the first upload (a local folder is made
  /// as files are written).
  public func prepare(_ environment: AppEnvironment) async throws {
    let blobs = try BlobStores.configured(
      environment: settings, dataDirectory: environment.configuration.dataDirectory)
    if let bucket = blobs as? S3BlobStore { try await bucket.createBucketIfMissing() }
    // A sweep follows every start by one grace period; each sweep queues the next.
    try await sweep(environment, wardrobe: try service(environment)).scheduleAfterStart()
  }

  /// The sweep of what crashed uploads left behind, with the configured grace period.
  func sweep(_ environment: AppEnvironment, wardrobe: WardrobeService) throws -> ImageSweep {
    ImageSweep(
      wardrobe: wardrobe,
      queue: JobQueue(database: environment.database.sql, clock: environment.clock, random: environment.random),
      grace: try ImageSweep.grace(environment: settings))
  }

  /// The wardrobe over this server's database, blob store, remover, rate limits and job queue.
  func service(_ environment: AppEnvironment) throws -> WardrobeService {
    let images = ImageProcessor()
    return WardrobeService(
      store: WardrobeStore(database: environment.database.sql),
      blobs: try BlobStores.configured(
        environment: settings, dataDirectory: environment.configuration.dataDirectory),
      images: images, remover: try BackgroundRemovers.configured(environment: settings, images: images),
      clock: environment.clock, random: environment.random, logger: environment.logger, limiter: environment.limiter,
      removals: JobQueue(database: environment.database.sql, clock: environment.clock, random: environment.random),
      memory: memory.value(for: environment), metrics: environment.metrics)
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

  /// The first try-on before an account, over the wardrobe.
  func onboarding(_ environment: AppEnvironment, wardrobe: WardrobeService) -> OnboardingService {
    OnboardingService(
      database: environment.database.sql, wardrobe: wardrobe, clock: environment.clock, random: environment.random,
      limiter: environment.limiter)
  }

  /// What checks Apple's signed purchases and notifications: this app's bundle id
  /// (`ORCHARD_WEARBLOOM_BUNDLE_ID`), the environments taken (`ORCHARD_APPSTORE_ENVIRONMENTS`,
  /// `Production,Sandbox` unless set) and the root trusted (Apple Root CA – G3, unless
  /// `ORCHARD_APPSTORE_ROOT_CERTIFICATE` names a DER file: a test's own root).
  func appStoreVerifier(clock: any WallClock) throws -> AppStoreVerifier {
    let roots = try settings["ORCHARD_APPSTORE_ROOT_CERTIFICATE"].map {
      [[UInt8](try Data(contentsOf: URL(fileURLWithPath: $0)))]
    }
    let environments = settings["ORCHARD_APPSTORE_ENVIRONMENTS"].map {
      Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }
    return try AppStoreVerifier(
      rootCertificates: roots ?? [AppleRootCertificates.g3],
      bundleID: settings["ORCHARD_WEARBLOOM_BUNDLE_ID"] ?? AppStoreVerifier.defaultBundleID,
      environments: environments ?? AppStoreVerifier.defaultEnvironments, clock: clock)
  }

  /// The categories try-on is offered for, from `ORCHARD_WEARBLOOM_TRYON_CATEGORIES`.
  func tryOnSupport() throws -> TryOnSupport {
    try settings["ORCHARD_WEARBLOOM_TRYON_CATEGORIES"].map { try TryOnSupport(configuration: $0) } ?? .standard
  }

  public func mount(_ routes: AppRoutes) throws {
    guard let realm = hub.realm(manifest.id) else { throw OrchardError.internalError }
    let testStore = try TestStoreSetting.configured(environment: settings)
    let consents = ConsentStore(
      database: routes.environment.database.sql,
      remembered: routes.environment.cache("wearbloom-consents", capacity: ConsentStore.remembered))
    let accounts = try hub.mount(realm, on: routes, theme: theme, gate: ConsentGate.accountPages(consents))
    let service = try service(routes.environment)
    let tryOn = try tryOn(routes.environment, wardrobe: service)
    let onboarding = onboarding(routes.environment, wardrobe: service)
    let accountData = WardrobeAccountData(service: service, tryOn: tryOn, onboarding: onboarding)
    hub.registries[realm.app]?.register(accountData)
    let purchases = PurchaseService(
      verifier: try appStoreVerifier(clock: routes.environment.clock), tryOn: tryOn, logger: routes.environment.logger)
    let api = WearbloomAPIService(service: service, tryOn: tryOn, purchases: purchases, onboarding: onboarding)
    // The calls a wardrobe screen makes most are written before the OpenAPI layer (see RememberedWardrobe).
    let remembered = RememberedWardrobe(api: api, accounts: accounts, clock: routes.environment.clock)
    try api.registerHandlers(
      on: routes.api(limit: UploadBodyLimit.upload).add(middleware: UploadBodyLimit()).add(middleware: remembered),
      configuration: AppRoutes.apiConfiguration,
      middlewares: [
        PlainHeaderValues(),
        CallerAuthentication(accounts: AccountAuthentication(accounts: accounts), onboarding: onboarding),
        FalWebhookSignature(verifier: falVerifier(for: tryOn, clock: routes.environment.clock)),
        JSONBodies(uploads: UploadBodyLimit.operations), PlainTextOnly(),
        NoNullMembers(operations: ["startOnboarding", "sendRenderFeedback"]),
        try ContractRules(json: WearbloomAPISpec.requestRules),
      ])
    let secure = !routes.environment.configuration.servesPlainHTTPOnLoopback
    WearbloomRoutes(
      wardrobe: service, tryOn: tryOn, onboarding: onboarding,
      consents: consents, accounts: accounts, accountData: accountData, api: api,
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

  /// A garment's background is removed by the job worker, a moment after its photo is stored; a
  /// render is drawn the moment it is requested (the request rings the worker); an onboarding
  /// nobody claimed is erased when its token expires; every hour, one process sweeps away what
  /// crashed uploads left behind (its done rows are not kept). A render's run is
  /// mostly waiting on its provider, so many run at once; its lease outlasts its budget briefly, so
  /// a render whose worker died is taken up again (and finished or failed) within seconds.
  public func jobs(_ environment: AppEnvironment) throws -> [JobKind] {
    let service = try service(environment)
    let tryOn = try tryOn(environment, wardrobe: service)
    let onboarding = onboarding(environment, wardrobe: service)
    let sweep = try sweep(environment, wardrobe: service)
    let budget = Duration.milliseconds(Int64(tryOn.budget * 1_000))
    return [
      JobKind(WardrobeService.removalJob, concurrency: 2, timeout: .seconds(120)) { job in
        try await service.removeBackground(of: job.key)
      },
      JobKind(TryOnService.renderJob, concurrency: 16, timeout: budget + .seconds(5), firstRetry: 1, leaseMargin: 5) {
        job in try await tryOn.run(job.key)
      },
      JobKind(OnboardingService.expiryJob, concurrency: 1, timeout: .seconds(120)) { job in
        try await onboarding.expire(job.key, tryOn: tryOn)
      },
      JobKind(ImageSweep.job, concurrency: 1, timeout: .seconds(600), firstRetry: 60, forgetsWhenDone: true) { _ in
        try await sweep.run()
      },
    ]
  }
}

/// The wardrobe's memory, made the first time the app needs it.
final class MemoryOnce: Sendable {
  private let made = Mutex<WardrobeMemory?>(nil)

  func value(for environment: AppEnvironment) -> WardrobeMemory {
    made.withLock { made in
      if let memory = made { return memory }
      let memory = WardrobeMemory(environment: environment)
      made = memory
      return memory
    }
  }
}

/// A photo may be 10 MiB (``UploadPolicy/maximumBytes``, with room for the form around it); every
/// other request of the API, a stock figure's JSON included, keeps the JSON limit. Over the limit is 413 `PAYLOAD_TOO_LARGE`, read
/// no further.
struct UploadBodyLimit: RouterMiddleware {
  typealias Context = AppRequestContext

  /// The operations that take a photo, and where they are.
  static let operations: Set<String> = ["addGarment", "putBodyPhoto"]
  static let paths: [HTTPRequest.Method: String] = [
    .post: "/wearbloom/api/v1/garments", .put: "/wearbloom/api/v1/body-photo",
  ]
  static let upload = BodyLimit(bytes: UploadPolicy.maximumBytes + 64 * 1024)

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if Self.paths[request.method] == request.uri.path, JSONBodies.isMultipartForm(request.headers[.contentType]) {
      return try await next(request, context)
    }
    return try await BodyLimit.json.handle(request, context: context, next: next)
  }
}

/// What Wearbloom keeps for an account, for its export and its deletion: the garments (their
/// photos and cutouts are files in the blob store) and the body photo.
struct WardrobeAccountData: AccountData {
  let service: WardrobeService
  let tryOn: TryOnService
  let onboarding: OnboardingService

  var name: String { "wardrobe" }

  func export(account: String) async throws -> any Encodable & Sendable {
    let garments = try await service.ownGarments(of: account)
    let body = try await service.body(of: account)
    return Export(
      garments: garments.map {
        .init(
          id: $0.id, category: $0.category.rawValue, backgroundRemoval: $0.removalStatus.rawValue,
          images: $0.images.map(\.value), createdAt: $0.createdAt)
      },
      bodyPhoto: body.map { .init(image: $0.ownImage?.value, updatedAt: $0.updatedAt) },
      credits: try await tryOn.credits.entries(of: account), renders: try await tryOn.renders.renders(of: account),
      subscription: try await tryOn.subscriptions.subscription(of: account))
  }

  /// What a web device made before signing up (its first try-on) moves into the new account.
  func adopt(device: String, into account: String) async throws {
    _ = try await onboarding.claim(device: device, by: account)
  }

  /// Every file under the account's folder, then every row: safe to run again after a crash.
  func delete(account: String) async throws {
    try await service.erase(account)
    try await tryOn.erase(account)
  }

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
    /// Every line of the account's credit ledger.
    let credits: [CreditEntry]
    /// Every try-on, newest first.
    let renders: [Render]
    /// What was bought, as the store's notifications told it.
    let subscription: Subscription
  }
}
