import Foundation
import HTTPTypes
import Hummingbird
import OrchardKit
import Synchronization

/// How fast one client may do one kind of thing: a token bucket that holds `burst` tokens and
/// gains `perMinute` of them a minute. Over any minute a client gets at most `burst + perMinute`.
public struct RateRule: Sendable, Hashable {
  /// Names the bucket in logs and metrics: `device-creation`, `writes`.
  public let name: String
  public let burst: Double
  public let perMinute: Double

  public init(_ name: String, burst: Double, perMinute: Double) {
    precondition(burst >= 1 && perMinute > 0, "a rule lets something through")
    self.name = name
    self.burst = burst
    self.perMinute = perMinute
  }

  /// The rule with its burst and rate multiplied by `factor`.
  func scaled(_ factor: Double) -> RateRule {
    factor == 1 ? self : RateRule(name, burst: burst * factor, perMinute: perMinute * factor)
  }

  /// New devices from one address: at most 300 in any minute (60 at once, then 4 a second).
  public static let deviceCreation = RateRule("device-creation", burst: 60, perMinute: 240)
  /// Changes (POST, PUT, PATCH, DELETE) from one address, on every app: a busy household behind
  /// one router still never meets it; a script writing flat out does, within a second.
  public static let writes = RateRule("writes", burst: 240, perMinute: 1_800)
  /// Events one device may upload: a full backlog of batches at once, then 1,000 a minute.
  public static let events = RateRule("events", burst: 5_000, perMinute: 1_000)
  /// Links fetched from the internet for one device or one address (calendar feeds): enough to
  /// fix a mistyped link a few times, never enough to scan a network with.
  public static let outboundFetches = RateRule("outbound-fetches", burst: 6, perMinute: 6)
}

/// Every rate limit of the server, one limiter for all of them: token buckets by rule and key (a
/// client's address, a device), on the injected clock. Buckets live in this process; behind a load
/// balancer each process enforces its share, which bounds a client all the same.
///
/// Identity's sign-in limits and lockouts are built on this limiter too.
public final class RateLimiter: Sendable {
  private let clock: any WallClock
  private let capacity: Int
  /// Multiplies every rule's burst and rate (``ServerConfiguration/rateLimitScale``).
  private let scale: Double
  private let buckets = Mutex<[Key: Bucket]>([:])

  struct Key: Hashable {
    let rule: RateRule
    let client: String
  }

  struct Bucket {
    var tokens: Double
    var at: Date
  }

  /// - Parameter capacity: buckets kept at once; beyond it, full buckets (clients that have gone
  ///   quiet) are dropped first, so a flood of new keys cannot reset a busy client's bucket.
  public init(clock: any WallClock, capacity: Int = 100_000, scale: Double = 1) {
    self.clock = clock
    self.capacity = capacity
    self.scale = scale
  }

  /// Takes `cost` tokens for `client` under `rule`, or, when there are not enough, takes none and
  /// says how many whole seconds until there will be.
  public func take(_ rule: RateRule, for client: String, cost: Double = 1) -> RateDecision {
    let now = clock.now
    let (rule, key) = (rule.scaled(scale), Key(rule: rule, client: client))
    return buckets.withLock { buckets in
      var bucket = buckets[key].map { Self.refilled($0, rule, now) } ?? Bucket(tokens: rule.burst, at: now)
      let decision: RateDecision
      if bucket.tokens >= cost {
        bucket.tokens -= cost
        decision = .allowed
      } else {
        // A cost larger than the bucket can ever hold is refused for as long as a full bucket takes.
        let missing = min(cost, rule.burst) - bucket.tokens
        decision = .limited(retryAfter: max(1, Int((missing / rule.perMinute * 60).rounded(.up))))
      }
      if buckets[key] == nil, buckets.count >= capacity {
        Self.makeRoom(in: &buckets, now: now, scale: scale, capacity: capacity)
      }
      buckets[key] = bucket
      return decision
    }
  }

  /// Whether `client` would be allowed `cost` now, without taking anything.
  public func allows(_ rule: RateRule, for client: String, cost: Double = 1) -> Bool {
    let now = clock.now
    let (scaled, key) = (rule.scaled(scale), Key(rule: rule, client: client))
    return buckets.withLock { buckets in
      guard let bucket = buckets[key] else { return cost <= scaled.burst }
      return Self.refilled(bucket, scaled, now).tokens >= cost
    }
  }

  /// Takes, or throws 429 `RATE_LIMITED` with `Retry-After`.
  public func check(_ rule: RateRule, for client: String, cost: Double = 1) throws(OrchardError) {
    if case .limited(let seconds) = take(rule, for: client, cost: cost) { throw .rateLimited(retryAfter: seconds) }
  }

  private static func refilled(_ bucket: Bucket, _ rule: RateRule, _ now: Date) -> Bucket {
    let gained = max(0, now.timeIntervalSince(bucket.at)) * rule.perMinute / 60
    return Bucket(tokens: min(rule.burst, bucket.tokens + gained), at: now)
  }

  /// Drops buckets until at most half of `capacity` are left: full ones (clients gone quiet)
  /// first, then the fullest, so the clients using up their buckets are the last forgotten.
  private static func makeRoom(in buckets: inout [Key: Bucket], now: Date, scale: Double, capacity: Int) {
    let fullness = buckets.map { key, bucket in
      let rule = key.rule.scaled(scale)
      return (key, refilled(bucket, rule, now).tokens / rule.burst)
    }
    let keep = fullness.filter { $0.1 < 1 }.sorted { $0.1 < $1.1 }.prefix(capacity / 2)
    buckets = Dictionary(uniqueKeysWithValues: keep.compactMap { key, _ in buckets[key].map { (key, $0) } })
  }

  /// Buckets held (for tests).
  var count: Int { buckets.withLock { $0.count } }
}

/// What a limiter decided.
public enum RateDecision: Sendable, Equatable {
  case allowed
  case limited(retryAfter: Int)
}

extension OrchardError {
  /// 429 with `Retry-After`: a limit was reached, and nothing of the request was done.
  public static func rateLimited(retryAfter seconds: Int) -> OrchardError {
    let english = PlatformTexts.all.localizer(.english)
    var error = OrchardError(
      status: .tooManyRequests, code: "RATE_LIMITED", title: english(.rateLimitedTitle),
      detail: english(.rateLimitedDetail, ["seconds": seconds]))
    error.headers[.retryAfter] = String(seconds)
    error.values = ["seconds": seconds]
    return error
  }
}

/// Limits every change (POST, PUT, PATCH, DELETE) by client address, on the routes behind it.
public struct WriteLimit: RouterMiddleware {
  public typealias Context = AppRequestContext
  let limiter: RateLimiter

  public init(_ limiter: RateLimiter) { self.limiter = limiter }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if ![.get, .head, .options].contains(request.method) {
      try limiter.check(.writes, for: context.clientAddress)
    }
    return try await next(request, context)
  }
}

/// Counts registering an app install (a `POST` to `path`) against the address's device creations.
struct DeviceCreationLimit: RouterMiddleware {
  typealias Context = AppRequestContext
  let path: String
  let limiter: RateLimiter

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if request.method == .post, request.uri.path == path {
      try limiter.check(.deviceCreation, for: context.clientAddress)
    }
    return try await next(request, context)
  }
}
