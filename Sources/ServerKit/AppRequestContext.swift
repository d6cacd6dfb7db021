import Hummingbird
import OrchardDatabase
import OrchardKit

/// The request context every Orchard route sees: Hummingbird's core storage plus the visitor's
/// anonymous device once ``DeviceMiddleware`` has resolved it.
public struct AppRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The visitor's device on routes mounted behind ``DeviceMiddleware``; `nil` elsewhere.
  public var device: Device?
  /// Who an authenticator on the route's group found the request to come from
  /// (``RequestIdentity``); `nil` when none did or none ran.
  public var identity: RequestIdentity?

  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
  }

  /// The address the request came from: the connection's peer, or, behind a trusted proxy, the
  /// address it reports (``ClientAddressMiddleware``). Rate limits are counted by it.
  public var clientAddress: String

  /// The language the answer is written in: the app's, as ``LanguageMiddleware`` chose it.
  public var language = Language.english

  /// The most bytes a body may have here: set per route group by ``BodyLimit``, 1 MiB elsewhere.
  public var maxUploadSize = 1024 * 1024

  /// Set by ``DeviceMiddleware`` for a visitor it has not seen: asking for the device claims it,
  /// and only a claimed device is kept (a row and a cookie).
  var deviceClaim: DeviceClaim?

  /// The visitor's device id. Only routes behind ``DeviceMiddleware`` ask, so its absence is a bug.
  /// Asking is what makes a new visitor's device real: a route that never asks (a service worker,
  /// a manifest) leaves no row and sets no cookie.
  public func deviceID() throws -> IdempotencyID {
    guard let device else { throw OrchardError.internalError }
    deviceClaim?.claim()
    return device.id
  }
}

extension Response {
  /// 303 to `location`: where every form post ends, so a reload never posts again.
  public static func seeOther(_ location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
  }
}
