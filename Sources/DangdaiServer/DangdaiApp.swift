import DangdaiAPI
import DangdaiCore
import Foundation
import Hummingbird
import IdentityCore
import OpenAPIHummingbird
import OrchardDatabase
import OrchardIdentity
import OrchardKit
import ServerKit

/// Dangdai on the Orchard server: its accounts (the `dangdai` realm), its web version at
/// `/dangdai/` and its JSON API under `/dangdai/api/v1/` for the iOS app, over one
/// ``DangdaiService``.
public struct DangdaiApp: OrchardApp {
  public let manifest: AppManifest
  let hub: IdentityHub
  public let theme: DesignTokens?

  /// The optional language-model tier's endpoint; nil keeps every question deterministic.
  let languageModel: LanguageModelSettings?
  /// How long the tier may take over one quiz.
  let languageModelBudget: Duration

  public init(
    hub: IdentityHub, theme: DesignTokens = DangdaiTheme.tokens, languageModel: LanguageModelSettings? = nil,
    languageModelBudget: Duration = LanguageModelTier.defaultBudget
  ) {
    self.languageModel = languageModel
    self.languageModelBudget = languageModelBudget
    manifest = AppManifest(
      id: "dangdai", name: "Dangdai", promise: DangdaiScreenTexts.english.messages[.description] ?? "",
      path: "/dangdai/", version: "0.2.0", availability: .available)
    self.hub = hub
    self.theme = theme
  }

  public var migrations: [Migration] { DangdaiStore.migrations }

  public var languages: [Language] { DangdaiTexts.all.languages }

  public var missingTexts: [Language: [String]] {
    [DangdaiTexts.all.missing, DangdaiScreenTexts.all.missing, IdentityTexts.all.missing].reduce(into: [:]) {
      $0.merge($1) { $0 + $1 }
    }
  }

  /// Dangdai on a phone's home screen: its manifest and the links its pages carry.
  public var webApp: WebApp? {
    WebApp(
      shortName: "Dangdai", categories: ["education"], icons: "dangdai/icons",
      screenshots: DangdaiScreenshots.all,
      descriptions: Dictionary(
        uniqueKeysWithValues: DangdaiScreenTexts.all.languages.map {
          ($0, DangdaiScreenTexts.all.localizer($0)(.description))
        }))
  }
  /// The web version's stylesheet and script, and the account pages'.
  public func assets() throws -> AssetCatalog {
    var assets = try Bundle.module.publicAssets()
    assets.merge(try AccountsApp.assets())
    return assets
  }

  /// Keeps the "You're offline" screen in each language, so a launch with no connection shows it.
  public func serviceWorker() throws -> ServiceWorker? {
    try ServiceWorker(script: Bundle.module.bytes(of: "ServiceWorker/sw.js"), settings: DangdaiWorker(assets: assets()))
  }

  public func apiDocument() throws -> [UInt8]? { [UInt8](try DangdaiAPISpec.document()) }

  func service(_ environment: AppEnvironment) -> DangdaiService {
    DangdaiService(
      store: DangdaiStore(database: environment.database.sql), clock: environment.clock, random: environment.random,
      limiter: environment.limiter,
      languageModel: languageModel.map {
        LanguageModelTier(settings: $0, budget: languageModelBudget, logger: environment.logger)
      },
      quizzes: environment.cache("dangdai-quizzes", capacity: DangdaiService.quizzesKept),
      learners: environment.cache("dangdai-learners", capacity: DangdaiService.learnersKept),
      lists: environment.cache("dangdai-lists", capacity: DangdaiService.learnersKept))
  }

  public func mount(_ routes: AppRoutes) throws {
    let environment = routes.environment
    guard let realm = hub.realm(manifest.id) else { throw OrchardError.internalError }
    let accounts = try hub.mount(realm, on: routes, theme: theme)
    let service = service(environment)
    hub.registries[realm.app]?.register(DangdaiAccountData(store: service.store))
    let secure = !environment.configuration.servesPlainHTTPOnLoopback
    DangdaiRoutes(
      service: service, accounts: accounts, pages: environment.pages, sessionCookie: realm.cookieName(secure: secure),
      secureCookies: secure
    ).register(routes)
    let api = DangdaiAPIService(service: service)
    // Each call's learner is found once, by their access token, ahead of the most frequent call,
    // written before the OpenAPI layer (see RememberedDashboard), and of the generated handlers,
    // which refuse anyone else.
    try api.registerHandlers(
      on: routes.api().add(middleware: AccessTokenAuthenticator(accounts: accounts))
        .add(middleware: RememberedDashboard(api: api)),
      configuration: AppRoutes.apiConfiguration,
      middlewares: [
        PlainHeaderValues(), CachePolicy.Operations(shared: []), AccessTokenRequired(accounts: accounts),
        JSONBodies(),
        PlainTextOnly(), NoNullMembers(operations: ["createQuiz", "answerQuestion", "updateSettings"]),
        try ContractRules(json: DangdaiAPISpec.requestRules),
      ])
  }
}
