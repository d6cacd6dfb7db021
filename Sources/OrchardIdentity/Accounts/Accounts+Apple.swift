import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// Sign in with Apple for one realm: Apple's tokens, and the audiences this app's tokens carry.
public struct AppleSignIn: Sendable {
  public let tokens: AppleIdentityTokens
  public let audiences: [String]

  public init(tokens: AppleIdentityTokens, audiences: [String]) {
    self.tokens = tokens
    self.audiences = audiences
  }
}

extension Accounts {
  /// Signs in with an Apple identity token: the account linked to its `sub`; else the account with
  /// its (Apple-verified) email, linked now, when that account's own email was verified too; else a
  /// new account. An account whose email nobody has verified is never linked by email: whoever
  /// signed it up may not own the address.
  public func signInWithApple(
    idToken: String, rawNonce: String, language: Language, address: String
  ) async throws -> Result<IssuedSession, AuthFailure> {
    if let refusal = try await identity.refusal(address) { return .failure(refusal) }
    guard let apple else { return .failure(.providerDisabled(app: realm.name)) }
    let person: AppleIdentity
    do {
      person = try await apple.tokens.verify(idToken, rawNonce: rawNonce, audiences: apple.audiences)
    } catch let refusal as AppleIdentityTokens.Refusal {
      try await identity.audit("apple-refused-\(refusal)", account: nil, address: address)
      return .failure(.badIDToken)
    }
    let now = clock.now
    if let linked = try await store.appleAccount(app: realm.app, subject: person.subject) {
      guard let account = try await store.account(id: linked), account.deletedAt == nil else {
        return .failure(.badIDToken)
      }
      try await identity.audit("sign-in-apple", account: account.id, address: address)
      return .success(try await start(account))
    }
    if let email = person.email, let (existing, _) = try await store.account(app: realm.app, email: email) {
      guard existing.emailVerifiedAt != nil else { return .failure(.emailExists) }
      try await store.linkApple(app: realm.app, subject: person.subject, account: existing.id, email: email, at: now)
      try await identity.audit("apple-linked", account: existing.id, address: address)
      return .success(try await start(existing))
    }
    let language = realm.languages.contains(language) ? language : .english
    guard
      let account = try await store.createAppleAccount(
        id: random.id().description, app: realm.app, subject: person.subject, email: person.email,
        language: language, at: now)
    else { return .failure(.emailExists) }
    try await identity.audit("sign-up-apple", account: account.id, address: address)
    return .success(try await start(account))
  }
}
