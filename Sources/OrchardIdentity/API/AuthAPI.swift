import Foundation
import IdentityAPI
import IdentityCore
import OpenAPIRuntime
import OrchardKit
import ServerKit

/// The accounts API of one realm (`/<app>/api/v1/auth/…`), GoTrue's calls over ``Accounts``.
/// Refusals are thrown as ``AuthFailure`` and written by ``AuthProblems``.
struct AuthAPI: APIProtocol {
  let accounts: Accounts
  /// Where links in mail point.
  let links: LinkOrigin

  var address: String { ClientAddressMiddleware.current }

  // MARK: Sessions

  func signUp(_ input: Operations.signUp.Input) async throws -> Operations.signUp.Output {
    guard case .json(let body) = input.body else { throw OrchardError.unsupportedMediaType }
    // A client that asks only once has confirmed the password itself.
    let sent = try await accounts.signUp(
      email: body.email, password: body.password, confirmation: body.password_confirmation ?? body.password,
      language: RequestLanguage.current, address: address,
      origin: try links.origin(authority: AuthAPIAuthentication.authority)
    ).get()
    return .ok(
      .init(
        headers: .init(Cache_hyphen_Control: .no_hyphen_store),
        body: .json(.init(email: sent.email.normalized, confirmation_sent_at: sent.sentAt))))
  }

  func verify(_ input: Operations.verify.Input) async throws -> Operations.verify.Output {
    guard case .json(let body) = input.body else { throw OrchardError.unsupportedMediaType }
    return .ok(try await sessionResponse(try await accounts.verifySignUp(token: body.token, address: address).get()))
  }

  func token(_ input: Operations.token.Input) async throws -> Operations.token.Output {
    guard case .json(let grant) = input.body else { throw OrchardError.unsupportedMediaType }
    let session: IssuedSession
    switch input.query.grant_type {
    case .password:
      session = try await accounts.signIn(
        email: try required(grant.email, "email"), password: try required(grant.password, "password"),
        address: address, origin: try links.origin(authority: AuthAPIAuthentication.authority)
      ).get()
    case .refresh_token:
      session = try await accounts.refresh(try required(grant.refresh_token, "refresh_token"), address: address).get()
    case .id_token:
      let token = try required(grant.id_token, "id_token")
      guard grant.provider == .apple else { throw refusal("provider", code: "REQUIRED", "must be apple") }
      session = try await accounts.signInWithApple(
        idToken: token, rawNonce: try required(grant.nonce, "nonce"), language: RequestLanguage.current,
        address: address
      ).get()
    }
    return .ok(try await sessionResponse(session))
  }

  func logout(_ input: Operations.logout.Input) async throws -> Operations.logout.Output {
    let caller = try await caller()
    let scope = SignOutScope(rawValue: input.query.scope?.rawValue ?? "local") ?? .local
    try await accounts.signOut(caller, scope: scope, address: address)
    return .noContent(.init())
  }

  // MARK: The account

  func getUser(_ input: Operations.getUser.Input) async throws -> Operations.getUser.Output {
    .ok(.init(headers: .init(Cache_hyphen_Control: .no_hyphen_store), body: .json(try await user(try await caller()))))
  }

  func updateUser(_ input: Operations.updateUser.Input) async throws -> Operations.updateUser.Output {
    guard case .json(let change) = input.body else { throw OrchardError.unsupportedMediaType }
    if let current = change.current_password, current.count > 1_024 {
      throw refusal("current_password", code: "TOO_LONG", "is longer than 1024 characters")
    }
    var caller = try await caller()
    if let password = change.password {
      let account = try await accounts.changePassword(
        caller, current: change.current_password, new: password, address: address
      ).get()
      caller = Caller(account: account, session: caller.session)
    }
    if let email = change.email {
      let account = try await accounts.requestEmailChange(
        caller, current: change.current_password, new: email,
        origin: try links.origin(authority: AuthAPIAuthentication.authority), address: address
      ).get()
      caller = Caller(account: account, session: caller.session)
    }
    return .ok(.init(headers: .init(Cache_hyphen_Control: .no_hyphen_store), body: .json(try await user(caller))))
  }

  func deleteUser(_ input: Operations.deleteUser.Input) async throws -> Operations.deleteUser.Output {
    try await accounts.delete(try await caller(), address: address)
    return .accepted(.init(headers: .init(Cache_hyphen_Control: .no_hyphen_store)))
  }

  func exportUser(_ input: Operations.exportUser.Input) async throws -> Operations.exportUser.Output {
    let export = try await accounts.export(try await caller())
    let headers = Operations.exportUser.Output.Ok.Headers(Cache_hyphen_Control: .no_hyphen_store)
    guard let archive = try Self.archive(export) else {
      return .ok(.init(headers: headers, body: .json(try Self.exportDocument(export))))
    }
    return .ok(.init(headers: headers, body: .application_zip(HTTPBody(archive))))
  }

  /// The export as the document describes it (the account page's download is the same).
  static func exportDocument(_ export: AccountExport) throws -> Components.Schemas.Export {
    let apps = try JSONDecoder().decode(
      OpenAPIObjectContainer.self, from: exportEncoder.encode(export.apps.mapValues(AnyEncodable.init)))
    return Components.Schemas.Export(
      user: user(
        export.account, pendingEmail: export.pendingEmail, hasPassword: export.hasPassword, hasApple: export.hasApple),
      sessions: export.sessions.map {
        .init(
          id: $0.id, kind: $0.kind == .web ? .web : .api, created_at: $0.createdAt, last_used_at: $0.lastUsedAt,
          ended_at: $0.endedAt)
      },
      events: export.events.map { .init(kind: $0.kind, at: $0.at) },
      apps: .init(additionalProperties: apps))
  }

  func recover(_ input: Operations.recover.Input) async throws -> Operations.recover.Output {
    guard case .json(let body) = input.body else { throw OrchardError.unsupportedMediaType }
    try await accounts.recover(
      email: body.email, origin: try links.origin(authority: AuthAPIAuthentication.authority), address: address
    ).get()
    return .ok(.init(headers: .init(Cache_hyphen_Control: .no_hyphen_store), body: .json(.init())))
  }

  // MARK: Answers

  /// The caller named by the request's bearer token, or `401 bad_jwt` / `session_not_found`.
  func caller() async throws -> Caller {
    guard let token = AuthAPIAuthentication.token else { throw AuthFailure.noAuthorization }
    return try await accounts.authenticate(accessToken: token)
  }

  func sessionResponse(_ session: IssuedSession) async throws -> Components.Responses.Session {
    let now = accounts.clock.now
    let body = Components.Schemas.Session(
      access_token: session.accessToken, token_type: .bearer,
      expires_in: max(0, Int(session.expiresAt.timeIntervalSince(now).rounded())),
      expires_at: Int(session.expiresAt.timeIntervalSince1970), refresh_token: session.refreshToken.value,
      user: try await user(Caller(account: session.account, session: session.session)))
    return .init(headers: .init(Cache_hyphen_Control: .no_hyphen_store), body: .json(body))
  }

  func user(_ caller: Caller) async throws -> Components.Schemas.User {
    let id = caller.account.id
    return Self.user(
      caller.account, pendingEmail: try await accounts.store.pendingEmail(of: id, at: accounts.clock.now),
      hasPassword: try await accounts.store.passwordHash(of: id) != nil,
      hasApple: try await accounts.store.hasAppleIdentity(id))
  }

  /// GoTrue's user object.
  static func user(
    _ account: Account, pendingEmail: String?, hasPassword: Bool, hasApple: Bool
  )
    -> Components.Schemas.User
  {
    var providers: [Components.Schemas.User.app_metadataPayload.providersPayloadPayload] = []
    if hasPassword { providers.append(.email) }
    if hasApple { providers.append(.apple) }
    return Components.Schemas.User(
      id: account.id, aud: account.app, role: .authenticated, email: account.email?.normalized,
      new_email: pendingEmail, email_confirmed_at: account.emailVerifiedAt,
      app_metadata: .init(provider: hasPassword ? .email : .apple, providers: providers),
      user_metadata: .init(language: account.language.rawValue), created_at: account.createdAt)
  }

  /// A member the grant needs, or a 400 naming it.
  func required(_ value: String?, _ field: String) throws -> String {
    guard let value else { throw refusal(field, code: "REQUIRED", "is required") }
    return value
  }

  /// A 400 `validation_failed` naming the member at fault.
  func refusal(_ field: String, code: String, _ message: String) -> OrchardError {
    var error = OrchardError.badRequest("The request did not match the API contract: \(field) \(message).")
    error.problems = [FieldProblem(field: field, code: code, message: message)]
    return error
  }
}

extension AuthAPI {
  /// How the export's JSON is written, by both faces: ISO 8601 times, keys sorted, indented.
  static var exportEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The export's JSON as a file.
  static func exportJSON(_ export: AccountExport) throws -> [UInt8] {
    Array(try exportEncoder.encode(try exportDocument(export)))
  }

  /// For a realm that keeps photos, the zip the export is downloaded as: `account.json` first,
  /// then every file the apps' parts named. Nil for a realm whose export is the JSON alone.
  static func archive(_ export: AccountExport) throws -> [UInt8]? {
    guard let files = export.files else { return nil }
    var archive = ZipArchive(modified: export.madeAt)
    try archive.append(exportFileName, try exportJSON(export))
    for file in files { try archive.append(file.path, file.bytes) }
    return try archive.bytes()
  }

  /// The JSON's name inside the archive.
  static let exportFileName = "account.json"
}

/// One app's export, whatever its type.
struct AnyEncodable: Encodable {
  let value: any Encodable

  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
