import Foundation
import HTTPTypes
import Hummingbird
import OrchardDatabase
import OrchardKit
import Synchronization

/// Gives every request on the routes behind it an anonymous device, kept in a cookie.
///
/// The cookie holds only a random 128-bit id. A cookie that is malformed, forged or unknown to the
/// database is never an error: the visitor simply gets a new device, as a cleared browser would.
/// A new visitor's device is kept (a row in `devices`, a cookie) only when the route asks for it
/// (``AppRequestContext/deviceID()``): a service worker, a manifest or a bot's stray request
/// writes nothing.
public struct DeviceMiddleware: RouterMiddleware {
  public typealias Context = AppRequestContext

  let repository: any DeviceRepository
  let clock: any WallClock
  let random: RandomSource
  let cookie: DeviceCookie
  /// Devices this process has seen: a returning visitor's cookie then costs no database read.
  let recent: Cache<IdempotencyID, Device>
  /// Counts new devices by address (``RateRule/deviceCreation``); nil, none are counted.
  let limiter: RateLimiter?

  public init(
    repository: any DeviceRepository, clock: any WallClock, random: RandomSource, cookie: DeviceCookie,
    revocations: Revocations = .local, limiter: RateLimiter? = nil
  ) {
    self.repository = repository
    self.clock = clock
    self.random = random
    self.cookie = cookie
    self.limiter = limiter
    recent = Cache("devices", capacity: 50_000, clock: clock, revocations: revocations)
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let now = clock.now
    var context = context
    if var known = try await knownDevice(in: request) {
      if known.needsTouch(at: now) {
        try await repository.touch(known.id, at: now)
        known.lastSeenAt = now
        recent.store(known, for: known.id)
      }
      context.device = known
      return try await next(request, context)
    }
    // An address over its limit of new devices gets none. A change is refused before the route
    // runs, so it writes nothing; a page, when it claims the device (``keep(_:from:)``). A route
    // that claims nothing (a service worker) is never refused for it.
    if let limiter, ![.get, .head].contains(request.method),
      !limiter.allows(.deviceCreation, for: context.clientAddress)
    {
      try limiter.check(.deviceCreation, for: context.clientAddress)
    }
    let device = Device(id: random.id(), createdAt: now, lastSeenAt: now)
    let claim = DeviceClaim()
    context.device = device
    context.deviceClaim = claim
    do {
      var response = try await next(request, context)
      if claim.isClaimed { response.headers.append(try await keep(device, from: context.clientAddress)) }
      return response
    } catch var error as OrchardError where claim.isClaimed {
      // What the route wrote before it refused the request stays reachable.
      error.headers.append(try await keep(device, from: context.clientAddress))
      throw error
    }
  }

  /// Writes a claimed new device's row, counted against `address`; the cookie that names it.
  private func keep(_ device: Device, from address: String) async throws -> HTTPField {
    try limiter?.check(.deviceCreation, for: address)
    try await repository.insert(device)
    recent.store(device, for: device.id)
    return HTTPField(name: .setCookie, value: cookie.header(for: device.id))
  }

  /// Erases the device: its row here, and what every process remembers of it, so its cookie is
  /// unknown from now on (the visitor's next request starts a new device). Returns the header
  /// that clears the cookie in the browser.
  public func erase(_ id: IdempotencyID) async throws -> HTTPField {
    try await repository.delete(id)
    try await recent.forget(id)
    return HTTPField(name: .setCookie, value: cookie.clearingHeader)
  }

  private func knownDevice(in request: Request) async throws -> Device? {
    guard let value = request.cookie(cookie.name), let id = IdempotencyID(value) else { return nil }
    return try await recent.load(id) { try await repository.find(id) }
  }
}

/// The device cookie's name and attributes.
///
/// Over TLS it is `__Host-orchard_device; Secure; HttpOnly; SameSite=Lax; Path=/` — the prefix makes
/// the browser refuse it from any subdomain or insecure origin. On plain HTTP at a loopback address
/// (a developer's machine) browsers would drop a `Secure` cookie, so prefix and `Secure` are left off.
public struct DeviceCookie: Sendable, Equatable {
  public let secure: Bool

  public init(secure: Bool) { self.secure = secure }

  public var name: String { secure ? "__Host-orchard_device" : "orchard_device" }

  /// Ten years: an anonymous device has nothing else to recover its state with.
  static let maxAge = 10 * 365 * 24 * 60 * 60

  /// The cookie that tells the browser to drop it.
  public var clearing: Cookie { cookie(value: "", maxAge: 0) }

  /// Tells the browser to drop the cookie (``clearing`` as a `Set-Cookie` value).
  public var clearingHeader: String { clearing.description }

  /// The cookie that names device `id`.
  public func cookie(for id: IdempotencyID) -> Cookie { cookie(value: id.description, maxAge: Self.maxAge) }

  public func header(for id: IdempotencyID) -> String { cookie(for: id).description }

  private func cookie(value: String, maxAge: Int) -> Cookie {
    Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
  }
}

/// Whether the route asked for a new visitor's device (``AppRequestContext/deviceID()``).
final class DeviceClaim: Sendable {
  private let claimed = Atomic(false)

  func claim() { claimed.store(true, ordering: .relaxed) }
  var isClaimed: Bool { claimed.load(ordering: .relaxed) }
}
