import Crypto
import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// An app's sessions of refresh tokens: starting one at sign-in, and rotating on every refresh by
/// the core's rule (``RefreshRotation``), so each session has at most one token that works.
///
/// Only hashes are stored. When a token is spent, its child's text is kept sealed (AES-GCM) under
/// a key derived from the spent token's own text: a request racing its twin within the grace
/// window, which holds that text, gets the same child back; the database alone opens nothing.
public struct RefreshTokens: Sendable {
  let store: AccountStore
  let clock: any WallClock
  let random: RandomSource
  let lifetimes: Lifetimes

  public init(store: AccountStore, clock: any WallClock, random: RandomSource, lifetimes: Lifetimes = .standard) {
    self.store = store
    self.clock = clock
    self.random = random
    self.lifetimes = lifetimes
  }

  /// What a refresh gave.
  public enum Outcome: Sendable, Equatable {
    /// The session goes on with this token (a new one, or the one already issued to a twin).
    case issued(DeviceToken, session: String)
    /// Nothing: the session is over.
    case refused(RefreshRotation.EndedBecause)
    /// Nothing: the token was spent before, so it was stolen; the session it belonged to has just
    /// ended, every token of its family with it.
    case revoked(session: String)
  }

  /// A new API session for `account`, and its first refresh token.
  public func start(for account: Account) async throws -> (session: String, token: DeviceToken) {
    let now = clock.now
    var generator = random.generator
    let session = IdempotencyID(using: &generator).description
    let token = DeviceToken(using: &generator)
    try await store.database.inTransaction { [store] database in
      try await store.startSession(id: session, account: account, kind: .api, at: now, on: database)
      try await store.insertRefreshToken(hash: token.hash, session: session, at: now, on: database)
    }
    return (session, token)
  }

  /// Spends `token` and gives its successor, or says why not.
  public func refresh(_ token: DeviceToken) async throws -> Outcome {
    for _ in 0..<8 {
      let now = clock.now
      guard let stored = try await store.refreshToken(hash: token.hash),
        let session = try await store.session(id: stored.sessionID)
      else { return .refused(.signedOut) }
      let child = stored.spentAt == nil ? nil : try await store.liveChild(of: token.hash)
      let presented = RefreshRotation.Presented(
        spentAt: stored.spentAt, revokedAt: stored.revokedAt, childIsLive: child != nil)
      switch RefreshRotation.decide(presented, session: session.rotation, now: now, lifetimes: lifetimes) {
      case .rotate:
        var generator = random.generator
        let next = DeviceToken(using: &generator)
        let sealed = try Self.seal(next.value, under: token.value)
        if try await store.rotate(token.hash, to: next.hash, childSealed: sealed, session: session.id, at: now) {
          return .issued(next, session: session.id)
        }
        continue  // another request spent it first: decide again on what it left
      case .replayChild:
        guard let child, let sealed = stored.childSealed,
          let text = try? Self.open(sealed, under: token.value), DeviceToken(value: text).hash == child.hash
        else {
          try await store.revokeFamily(of: session.id, at: now)
          return .revoked(session: session.id)
        }
        return .issued(DeviceToken(value: text), session: session.id)
      case .revokeFamily:
        try await store.revokeFamily(of: session.id, at: now)
        try await store.record(
          "refresh-reuse", app: session.app, account: session.accountID, address: nil, id: random.id().description,
          at: now)
        return .revoked(session: session.id)
      case .refuse(let reason):
        return .refused(reason)
      }
    }
    throw OrchardError.conflict
  }

  static func key(_ parent: String) -> SymmetricKey {
    HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: Data(parent.utf8)), salt: Data("orchard.refresh-child".utf8),
      outputByteCount: 32)
  }

  static func seal(_ child: String, under parent: String) throws -> String {
    try AES.GCM.seal(Data(child.utf8), using: key(parent)).combined!.base64EncodedString()
  }

  static func open(_ sealed: String, under parent: String) throws -> String {
    guard let data = Data(base64Encoded: sealed) else { throw CryptoKitError.incorrectParameterSize }
    return String(decoding: try AES.GCM.open(AES.GCM.SealedBox(combined: data), using: key(parent)), as: UTF8.self)
  }
}
