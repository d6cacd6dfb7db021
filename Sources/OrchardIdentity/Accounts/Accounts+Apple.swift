import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// Sign in with Apple for one realm: Apple's tokens, the audiences this app's tokens carry, and,
/// where it is set up, the web's authorization-code flow.
public struct AppleSignIn: Sendable {
  public let tokens: AppleIdentityTokens
  public let audiences: [String]
  public let web: AppleWebSignIn?

  public init(tokens: AppleIdentityTokens, audiences: [String], web: AppleWebSignIn? = nil) {
    self.tokens = tokens
    self.audiences = audiences
    self.web = web
  }
}

/// Whom Sign in with Apple let in, and whether their account was made just now.
public struct AppleSignedIn: Sendable {
  public let account: Account
  public let isNew: Bool
}

extension Accounts {
  /// Signs in with an Apple identity token from the app (``appleAccount(idToken:rawNonce:apple:language:address:)``).
  public func signInWithApple(
    idToken: String, rawNonce: String, language: Language, address: String
  ) async throws -> Result<IssuedSession, AuthFailure> {
    if let refusal = try await identity.refusal(address) { return .failure(refusal) }
    guard let apple else { return .failure(.providerDisabled(app: realm.name)) }
    switch try await appleAccount(
      idToken: idToken, rawNonce: rawNonce, apple: apple, language: language, address: address)
    {
    case .success(let signedIn): return .success(try await start(signedIn.account))
    case .failure(let failure): return .failure(failure)
    }
  }

  /// Whether the web offers Sign in with Apple.
  public var offersAppleOnWeb: Bool { apple?.web != nil }

  /// Signs in on the web with the authorization `code` Apple posted back: the code is exchanged at
  /// Apple's token endpoint (so it is Apple's, for this app, and spent), and the identity token
  /// Apple answers with must carry the nonce of the visit that began in this browser.
  public func signInWithApple(
    code: String, rawNonce: String, redirectURI: String, language: Language, address: String
  ) async throws -> Result<AppleSignedIn, AuthFailure> {
    if let refusal = try await identity.refusal(address) { return .failure(refusal) }
    guard let apple, let web = apple.web else { return .failure(.providerDisabled(app: realm.name)) }
    let idToken: String
    do {
      idToken = try await web.redeem(code: code, redirectURI: redirectURI, now: clock.now)
    } catch .refused {
      try await identity.audit("apple-code-refused", account: nil, address: address)
      return .failure(.badIDToken)
    } catch .unavailable {
      return .failure(.providerUnavailable)
    }
    return try await appleAccount(
      idToken: idToken, rawNonce: rawNonce, apple: apple, language: language, address: address)
  }

  /// The account an Apple identity token names: the account linked to its `sub`; else the account
  /// with its (Apple-verified) email, linked now, when that account's own email was verified too;
  /// else a new account. An account whose email nobody has verified is never linked by email:
  /// whoever signed it up may not own the address.
  func appleAccount(
    idToken: String, rawNonce: String, apple: AppleSignIn, language: Language, address: String
  ) async throws -> Result<AppleSignedIn, AuthFailure> {
    let person: AppleIdentity
    do {
      person = try await apple.tokens.verify(idToken, rawNonce: rawNonce, audiences: apple.audiences)
    } catch let refusal as AppleIdentityTokens.Refusal {
      try await identity.audit("apple-refused-\(refusal)", account: nil, address: address)
      return .failure(.badIDToken)
    } catch {
      // Apple's key set could not be fetched or read.
      return .failure(.providerUnavailable)
    }
    let now = clock.now
    if let linked = try await store.appleAccount(app: realm.app, subject: person.subject) {
      guard let account = try await store.account(id: linked), account.deletedAt == nil else {
        return .failure(.badIDToken)
      }
      try await identity.audit("sign-in-apple", account: account.id, address: address)
      return .success(AppleSignedIn(account: account, isNew: false))
    }
    if let email = person.email, let (existing, _) = try await store.account(app: realm.app, email: email) {
      guard existing.emailVerifiedAt != nil else { return .failure(.emailExists) }
      try await store.linkApple(app: realm.app, subject: person.subject, account: existing.id, email: email, at: now)
      try await identity.audit("apple-linked", account: existing.id, address: address)
      return .success(AppleSignedIn(account: existing, isNew: false))
    }
    let language = realm.languages.contains(language) ? language : .english
    guard
      let account = try await store.createAppleAccount(
        id: random.id().description, app: realm.app, subject: person.subject, email: person.email,
        language: language, at: now)
    else { return .failure(.emailExists) }
    try await identity.audit("sign-up-apple", account: account.id, address: address)
    return .success(AppleSignedIn(account: account, isNew: true))
  }
}
