import Foundation
import Hummingbird
import IdentityAPI
import IdentityCore
import JWTKit
import NIOCore
import NIOSSL
import OpenAPIHummingbird
import OrchardDatabase
import OrchardJobs
import OrchardKit
import ServerKit

/// How accounts reach the world, from `ORCHARD_*` variables: where mail goes and whom it is from,
/// and the key that signs access tokens.
public struct IdentitySettings: Sendable {
  /// `ORCHARD_SMTP_URL`; unset, mail becomes `.eml` files in the data directory's `mail/`.
  public var smtp: SMTPSettings?
  /// `ORCHARD_MAIL_FROM`, such as `Dangdai <hello@dangdai.example>`; unset, `no-reply@` the public
  /// host.
  public var mailFrom: String?
  /// `ORCHARD_ACCESS_TOKEN_KEY_FILE`: an Ed25519 private key (PEM) every process of a realm
  /// shares; unset, one is made in the data directory on first start.
  public var accessTokenKeyPEM: String?
  /// Sign in with Apple: `ORCHARD_APPLE_JWKS_URL` and each app's `ORCHARD_<APP>_APPLE_CLIENT_IDS`.
  public var apple: AppleSettings

  public init(
    smtp: SMTPSettings? = nil, mailFrom: String? = nil, accessTokenKeyPEM: String? = nil,
    apple: AppleSettings = AppleSettings()
  ) {
    self.smtp = smtp
    self.mailFrom = mailFrom
    self.accessTokenKeyPEM = accessTokenKeyPEM
    self.apple = apple
  }

  /// The variables in `environment` (see ``init(settings:apps:)``).
  public init(environment: [String: String], apps: [String] = ["wearbloom", "dangdai"]) throws(ConfigurationError) {
    try self.init(settings: Settings(environment), apps: apps)
  }

  /// Reads the mail, access-token and Sign in with Apple variables of `apps`.
  public init(settings: Settings, apps: [String] = ["wearbloom", "dangdai"]) throws(ConfigurationError) {
    apple = AppleSettings()
    if let url = settings.string("ORCHARD_APPLE_JWKS_URL") {
      guard let parsed = URL(string: url), ["https", "http"].contains(parsed.scheme ?? ""), parsed.host != nil else {
        throw ConfigurationError(variable: "ORCHARD_APPLE_JWKS_URL", value: url, expected: "an https:// URL")
      }
      apple.jwksURL = url
    }
    for app in apps {
      let variable = "ORCHARD_\(app.uppercased())_APPLE_CLIENT_IDS"
      guard let list = settings.string(variable) else { continue }
      let ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !ids.isEmpty, ids.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || ".-_".contains($0) } }) else {
        throw ConfigurationError(
          variable: variable, value: list, expected: "bundle ids and services ids, separated by commas")
      }
      apple.clientIDs[app] = ids
    }
    apple.web = try Self.appleWeb(settings, apps: apps)
    if let url = settings.string("ORCHARD_SMTP_URL") {
      do {
        smtp = try SMTPSettings(url: url)
      } catch {
        throw ConfigurationError(
          variable: "ORCHARD_SMTP_URL", value: "(hidden)",
          expected: "smtp://user:password@host:587, smtps://user:password@host:465 or smtp+plain://127.0.0.1:port")
      }
      if let file = settings.string("ORCHARD_SMTP_CA_FILE") {
        guard let roots = try? NIOSSLCertificate.fromPEMFile(file), !roots.isEmpty else {
          throw ConfigurationError(
            variable: "ORCHARD_SMTP_CA_FILE", value: file, expected: "a PEM file of certificates")
        }
        smtp?.extraTrustRoots = roots
      }
    }
    if let from = settings.string("ORCHARD_MAIL_FROM") {
      guard from.contains("@"), !from.contains(where: \.isNewline) else {
        throw ConfigurationError(variable: "ORCHARD_MAIL_FROM", value: from, expected: "an address, or Name <address>")
      }
      mailFrom = from
    }
    if let file = settings.string("ORCHARD_ACCESS_TOKEN_KEY_FILE") {
      guard let data = FileManager.default.contents(atPath: file),
        (try? EdDSA.PrivateKey(pem: String(decoding: data, as: UTF8.self))) != nil
      else {
        throw ConfigurationError(
          variable: "ORCHARD_ACCESS_TOKEN_KEY_FILE", value: file, expected: "an Ed25519 private key in PEM")
      }
      accessTokenKeyPEM = String(decoding: data, as: UTF8.self)
    }
  }
}

extension IdentitySettings {
  /// Sign in with Apple on the web, from the team's key and each app's services id; nil unless the
  /// team id, key id and key file are all set.
  static func appleWeb(_ settings: Settings, apps: [String]) throws(ConfigurationError) -> AppleWebSettings? {
    let value = settings.string
    let (team, keyID, file) = (
      value("ORCHARD_APPLE_TEAM_ID"), value("ORCHARD_APPLE_KEY_ID"), value("ORCHARD_APPLE_PRIVATE_KEY_FILE")
    )
    guard team != nil || keyID != nil || file != nil else { return nil }
    guard let team, let keyID, let file else {
      let missing =
        [
          ("ORCHARD_APPLE_TEAM_ID", team), ("ORCHARD_APPLE_KEY_ID", keyID),
          ("ORCHARD_APPLE_PRIVATE_KEY_FILE", file),
        ].first { $0.1 == nil }?.0 ?? ""
      throw ConfigurationError(
        variable: missing, value: "",
        expected: "a value: the team id, key id and key file of Sign in with Apple are set together")
    }
    guard let data = FileManager.default.contents(atPath: file),
      (try? ES256PrivateKey(pem: String(decoding: data, as: UTF8.self))) != nil
    else {
      throw ConfigurationError(
        variable: "ORCHARD_APPLE_PRIVATE_KEY_FILE", value: file, expected: "Apple's .p8 key: a P-256 private key in PEM"
      )
    }
    var web = AppleWebSettings(
      teamID: team, keyID: keyID, privateKeyPEM: String(decoding: data, as: UTF8.self), servicesIDs: [:])
    for app in apps {
      let variable = "ORCHARD_\(app.uppercased())_APPLE_SERVICES_ID"
      guard let id = value(variable) else { continue }
      guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) }) else {
        throw ConfigurationError(variable: variable, value: id, expected: "a services id, such as com.example.web")
      }
      web.servicesIDs[app] = id
    }
    for (variable, key) in [
      ("ORCHARD_APPLE_AUTHORIZE_URL", \AppleWebSettings.authorizeURL),
      ("ORCHARD_APPLE_TOKEN_URL", \AppleWebSettings.tokenURL),
    ] {
      guard let url = value(variable) else { continue }
      guard let parsed = URL(string: url), ["https", "http"].contains(parsed.scheme ?? ""), parsed.host != nil else {
        throw ConfigurationError(variable: variable, value: url, expected: "an https:// URL")
      }
      web[keyPath: key] = url
    }
    return web
  }
}

/// Accounts for every app that has them: one password hasher (so the bound on hashes at once is
/// the process's), one signing key, and each realm's registry of what its app keeps per account.
/// The server mounts each realm's API and pages, and runs the mail and deletion jobs beside it.
public final class IdentityHub: Sendable {
  public let realms: [Realm]
  public let settings: IdentitySettings
  public let hasher: PasswordHasher
  /// What each realm's app keeps per account, by app.
  public let registries: [String: AccountDataRegistry]

  /// `random` salts the hashes of the hasher made here when none is given.
  public init(
    realms: [Realm] = [.wearbloom, .dangdai], settings: IdentitySettings = IdentitySettings(),
    random: RandomSource, hasher: PasswordHasher? = nil
  ) throws {
    precondition(Set(realms.map(\.app)).count == realms.count, "one realm an app")
    self.realms = realms
    self.settings = settings
    self.hasher = try hasher ?? PasswordHasher(random: random)
    registries = Dictionary(uniqueKeysWithValues: realms.map { ($0.app, AccountDataRegistry()) })
  }

  /// The identity tables.
  public var migrations: [Migration] {
    IdentitySchema.migrations + [SharedRateBuckets.migration, SharedStrangerFailures.migration]
  }

  /// The realm of `app`.
  public func realm(_ app: String) -> Realm? { realms.first { $0.app == app } }

  /// A realm's accounts on `environment`'s database, clock and limits.
  public func accounts(_ realm: Realm, environment: AppEnvironment) throws -> Accounts {
    let configuration = environment.configuration
    let key = try AccessTokens.key(pem: settings.accessTokenKeyPEM, directory: configuration.dataDirectory)
    let issuer = (configuration.publicOrigin?.description ?? "") + "/\(realm.app)/api/v1/auth"
    let queue = JobQueue(database: environment.database.sql, clock: environment.clock, random: environment.random)
    let identity = IdentityService(
      realm: realm, store: AccountStore(database: environment.database.sql), hasher: hasher,
      limiter: environment.limiter, clock: environment.clock, random: environment.random,
      sharedLimits: environment.database.isShared ? (environment.database.sql, configuration.rateLimitScale) : nil)
    return Accounts(
      identity: identity, access: AccessTokens(key: key, clock: environment.clock, issuer: issuer),
      outbox: Outbox(queue: queue, clock: environment.clock, random: environment.random), queue: queue,
      data: registries[realm.app] ?? AccountDataRegistry(), mailFrom: mailFrom(realm, configuration),
      apple: settings.apple.audiences(of: realm.app).map {
        AppleSignIn(
          tokens: AppleIdentityTokens(settings: settings.apple, clock: environment.clock), audiences: $0,
          web: settings.apple.web.flatMap { AppleWebSignIn(settings: $0, app: realm.app) })
      },
      webSessions: environment.cache("web-sessions-\(realm.app)", capacity: 50_000, maxAge: 60),
      callers: environment.cache("api-callers-\(realm.app)", capacity: 50_000, maxAge: 60), bell: environment.jobBell)
  }

  func mailFrom(_ realm: Realm, _ configuration: ServerConfiguration) -> String {
    if let from = settings.mailFrom { return from }
    let host = configuration.publicOrigin?.host ?? "localhost"
    return "\(realm.name) <no-reply@\(host)>"
  }

  /// Mounts `realm`'s accounts API at `/<app>/api/v1/auth/`, with its document beside it, and its
  /// account pages at `/<app>/account/`, in `theme`; returns the accounts it serves, for the app's
  /// own API to authenticate with (one set of remembered sessions for both).
  ///
  /// `gate`, when given, runs before every account page: what the app asks of a visitor first.
  @discardableResult
  public func mount(
    _ realm: Realm, on routes: AppRoutes, theme: DesignTokens?,
    gate: AccountPagesGate? = nil
  ) throws -> Accounts {
    let environment = routes.environment
    let accounts = try accounts(realm, environment: environment)
    let links = try LinkOrigin(environment.configuration)
    AccountRoutes(
      accounts: accounts, theme: theme, pages: environment.pages,
      cookie: SessionCookie(realm: realm, secure: !environment.configuration.servesPlainHTTPOnLoopback),
      appleCookie: AppleStateCookie(realm: realm, secure: !environment.configuration.servesPlainHTTPOnLoopback),
      links: links, gate: gate
    ).register(routes)
    let prefix = routes.prefix + "/api/v1/auth"
    let document = ByteBuffer(bytes: try IdentityAPISpec.document())
    routes.api().get(RouterPath(prefix + "/openapi.yaml")) { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: document))
    }
    let api = AuthAPI(accounts: accounts, links: links)
    guard let serverURL = URL(string: prefix) else { throw OrchardError.internalError }
    try api.registerHandlers(
      on: routes.api().add(middleware: AuthProblems(realm: realm)), serverURL: serverURL,
      configuration: AppRoutes.apiConfiguration,
      middlewares: [
        PlainHeaderValues(), AuthAPIAuthentication(), JSONBodies(), PlainTextOnly(),
        NoNullMembers(operations: ["signUp", "token", "updateUser", "recover", "verify"]),
        try ContractRules(json: IdentityAPISpec.requestRules, leaving: ["signUp.password", "updateUser.password"]),
      ])
    return accounts
  }

  /// The jobs accounts need: sending mail (through SMTP when configured, else into `.eml` files),
  /// answering reset requests and deleting accounts. Throws when a realm's accounts cannot be
  /// built (its access token key cannot be read).
  public func jobs(_ environment: AppEnvironment) throws -> [JobKind] {
    let queue = JobQueue(database: environment.database.sql, clock: environment.clock, random: environment.random)
    let mailer: any Mailer =
      if let smtp = settings.smtp { SMTPMailer(settings: smtp) } else {
        FileMailer(directory: mailDirectory(environment))
      }
    let accounts = try Dictionary(
      uniqueKeysWithValues: realms.map { ($0.app, try self.accounts($0, environment: environment)) })
    return [
      Outbox(queue: queue, clock: environment.clock, random: environment.random).job(mailer),
      ResetRequests.job(accounts),
      AccountDeletion.job(
        store: AccountStore(database: environment.database.sql), registries: registries, clock: environment.clock,
        random: environment.random),
    ]
  }

  /// Where mail goes when no SMTP server is configured.
  public func mailDirectory(_ environment: AppEnvironment) -> String {
    (environment.configuration.dataDirectory as NSString).appendingPathComponent("mail")
  }
}

/// The origin written into links sent by mail: the configured public origin, never a request's
/// `Host` header, which anyone can set (a reset link must not point at a stranger's site, nor at
/// another port of this machine). A server on loopback (a developer's machine, a test) without one
/// writes the address it listens on; only one that picked its port at start (port 0), and so cannot
/// know it here, writes the loopback address it was reached by.
struct LinkOrigin: Sendable {
  let configured: WebOrigin?
  /// `http://<host>:<port>` of a loopback server with a fixed port.
  let listening: String?

  /// Accounts send links, so a server reachable from other machines must say where it lives.
  init(_ configuration: ServerConfiguration) throws(ConfigurationError) {
    guard configuration.publicOrigin != nil || configuration.servesPlainHTTPOnLoopback else {
      throw ConfigurationError(
        variable: "ORCHARD_PUBLIC_URL", value: "(unset)",
        expected: "the origin people reach the server by, such as https://orchard.example: account mail links to it")
    }
    configured = configuration.publicOrigin
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    listening = configuration.port == 0 ? nil : "http://\(host):\(configuration.port)"
  }

  /// The origin for a request sent to `authority`.
  func origin(authority: String?) throws -> String {
    if let configured { return configured.description }
    if let listening { return listening }
    guard let authority, let origin = WebOrigin(scheme: "http", authority: authority),
      ["localhost", "127.0.0.1", "::1"].contains(origin.host)
    else { throw OrchardError.badRequest("Open this server by its loopback address to receive links by mail.") }
    return origin.description
  }
}
