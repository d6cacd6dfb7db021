import Foundation
import HTTPTypes
import Hummingbird
import OrchardKit

/// Gives every request on the routes behind it an anonymous device, kept in a cookie.
///
/// The cookie holds only a random 128-bit id. A cookie that is malformed, forged or unknown to the
/// database is never an error: the visitor simply gets a new device, as a cleared browser would.
public struct DeviceMiddleware: RouterMiddleware {
  public typealias Context = AppRequestContext

  let repository: any DeviceRepository
  let clock: any WallClock
  let random: RandomSource
  let cookie: DeviceCookie
  /// Devices this process has seen: a returning visitor's cookie then costs no database read.
  let recent: Cache<IdempotencyID, Device>

  public init(
    repository: any DeviceRepository, clock: any WallClock, random: RandomSource, cookie: DeviceCookie,
    revocations: Revocations = .local
  ) {
    self.repository = repository
    self.clock = clock
    self.random = random
    self.cookie = cookie
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
    let device = Device(id: random.id(), createdAt: now, lastSeenAt: now)
    try await repository.insert(device)
    recent.store(device, for: device.id)
    context.device = device
    var response = try await next(request, context)
    response.headers.append(HTTPField(name: .setCookie, value: cookie.header(for: device.id)))
    return response
  }

  private func knownDevice(in request: Request) async throws -> Device? {
    guard let value = request.cookies[cookie.name]?.value, let id = IdempotencyID(value) else { return nil }
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

  public func header(for id: IdempotencyID) -> String {
    let attributes = ["Path=/", "Max-Age=\(Self.maxAge)", "HttpOnly", "SameSite=Lax"] + (secure ? ["Secure"] : [])
    return ([name + "=" + id.description] + attributes).joined(separator: "; ")
  }
}
