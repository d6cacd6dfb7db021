import Foundation
import OrchardBlobs
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import WearbloomCore

/// The first try-on without an account: a device is given a token, its wardrobe and its one free
/// render are kept under an onboarding owner, and when it signs up they move into the account.
public struct OnboardingService: Sendable {
  let store: OnboardingStore
  let wardrobe: WardrobeService
  let clock: any WallClock
  let random: RandomSource
  /// Counts tokens per network address; nil gives every one.
  let limiter: RateLimiter?
  /// Where each onboarding's expiry is queued, to erase what was never claimed.
  let expiries: JobQueue

  public init(
    database: any SQLDatabase, wardrobe: WardrobeService, clock: any WallClock, random: RandomSource,
    limiter: RateLimiter? = nil
  ) {
    store = OnboardingStore(database: database)
    self.wardrobe = wardrobe
    self.clock = clock
    self.random = random
    self.limiter = limiter
    expiries = JobQueue(database: database, clock: clock, random: random)
  }

  /// The job that erases an onboarding nobody claimed, once its token has expired.
  public static let expiryJob = "wearbloom-onboarding-expiry"

  static let tokens = RateRule(
    "wearbloom-onboarding", burst: Double(OnboardingPolicy.tokensPerHour),
    perMinute: Double(OnboardingPolicy.tokensPerHour) / 60)

  /// A new device's token, its owner id and when it expires.
  public struct Started: Sendable {
    public let token: String
    public let owner: String
    public let expiresAt: Date
  }

  /// Gives a device its onboarding token; at most ``OnboardingPolicy/tokensPerHour`` an hour from
  /// one address (429).
  public func start(device: String?, address: String) async throws -> Started {
    if let limiter, case .limited(let seconds) = limiter.take(Self.tokens, for: address) {
      throw WearbloomProblem.tooManyRequests(retryAfter: seconds)
    }
    var generator = random.generator
    let token = OnboardingPolicy.tokenPrefix + DeviceToken(using: &generator).value
    let owner = OnboardingPolicy.ownerPrefix + IdempotencyID(using: &generator).description
    let now = clock.now
    let expires = OnboardingRecord.started(at: now).expiresAt
    // The row and its expiry are kept together: never an onboarding that outlives its promise.
    try await store.database.inTransaction { [store, expiries] session in
      try await store.insert(token: token, owner: owner, device: device, at: now, expires: expires, on: session)
      try await expiries.enqueue(Self.expiryJob, key: owner, runAt: expires, maxAttempts: 20, on: session)
    }
    return Started(token: token, owner: owner, expiresAt: expires)
  }

  /// The owner a token stands for, while it is unexpired and its wardrobe has not moved.
  public func owner(of token: String) async throws -> String? {
    guard token.hasPrefix(OnboardingPolicy.tokenPrefix), let row = try await store.row(token: token),
      row.record.isLive(at: clock.now)
    else { return nil }
    return row.owner
  }

  /// Moves a device's body photo, garments and renders (rows and files) into `account`, once.
  /// Claiming again for the same account moves nothing more; for another, `ONBOARDING_ALREADY_CLAIMED`.
  /// The account keeps its own body photo when it has one.
  ///
  /// Files are copied first, then every row moves in one transaction with the claim, then the
  /// device's files are removed: a crash at any point leaves everything reachable from one owner.
  public func claim(_ token: String, by account: String) async throws -> Int {
    guard let row = try await store.row(token: token) else { throw OnboardingError.tokenInvalid }
    return try await claim(row, by: account)
  }

  /// The live onboarding a web device began, if any.
  public func owner(ofDevice device: String) async throws -> String? {
    try await live(device: device)?.owner
  }

  /// The newest onboarding of `device`'s that is still live (``OnboardingRecord/isLive(at:)``).
  private func live(device: String) async throws -> OnboardingStore.Row? {
    let now = clock.now
    return try await store.rows(device: device).first { $0.record.isLive(at: now) }
  }

  /// Moves what a web device made before signing up into the account it signed up for (the web's
  /// side of ``claim(_:by:)``); 0 when it had begun nothing.
  public func claim(device: String, by account: String) async throws -> Int {
    guard let row = try await live(device: device) else { return 0 }
    return try await claim(row, by: account)
  }

  private func claim(_ row: OnboardingStore.Row, by account: String) async throws -> Int {
    let now = clock.now
    guard try row.record.claim(by: account, at: now).get() == .move else { return 0 }
    let device = row.owner
    try await wardrobe.copyFiles(from: device, to: account)
    let moved = try await store.database.inTransaction { [store] session in
      guard try await store.claim(hash: row.token_hash, by: account, at: now, on: session) else {
        throw OnboardingError.alreadyClaimed
      }
      return try await Self.moveRows(from: device, to: account, on: session)
    }
    try await wardrobe.forgetFiles(of: device, movedTo: account)
    return moved
  }

  /// Erases an onboarding that expired unclaimed: its photos, garments and renders (files and
  /// rows), its credit, and its token. One that moved into an account, or is still live, is left
  /// alone. Safe to run again after a crash part-way.
  public func expire(_ owner: String, tryOn: TryOnService) async throws {
    guard let row = try await store.row(owner: owner), row.record.isAbandoned(at: clock.now) else { return }
    try await wardrobe.erase(owner)
    try await tryOn.erase(owner)
    try await store.forget(owner: owner)
  }

  /// Every row of the device's, now the account's; returns how many garments and renders moved.
  static func moveRows(from device: String, to account: String, on session: any SQLDatabase) async throws -> Int {
    var moved = 0
    for table in [WardrobeStore.garments, RenderStore.renders] {
      moved += try await session.update(table).set("owner", to: SQLBind(account))
        .where("owner", .equal, SQLBind(device)).returning("owner").all().count
    }
    try await session.update(WardrobeStore.images).set("owner", to: SQLBind(account))
      .where("owner", .equal, SQLBind(device)).run()
    let hasBody =
      try await session.select().column("owner").from(WardrobeStore.bodies)
      .where("owner", .equal, SQLBind(account)).first() != nil
    if hasBody {
      try await session.delete(from: WardrobeStore.bodies).where("owner", .equal, SQLBind(device)).run()
    } else {
      try await session.update(WardrobeStore.bodies).set("owner", to: SQLBind(account))
        .where("owner", .equal, SQLBind(device)).run()
    }
    // The device's one free credit was its own; the account has its welcome credits.
    for table in [CreditStore.ledger, CreditStore.balances] {
      try await session.delete(from: table).where("owner", .equal, SQLBind(device)).run()
    }
    return moved
  }
}
