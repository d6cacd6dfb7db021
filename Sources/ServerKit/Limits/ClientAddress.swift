import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Sets ``AppRequestContext/clientAddress`` to the address behind the trusted proxies: for a
/// request from one of them, the right-most address in `X-Forwarded-For` that is not itself a
/// trusted proxy. A request from anywhere else keeps its peer address, whatever it claims.
public struct ClientAddressMiddleware: RouterMiddleware {
  public typealias Context = AppRequestContext
  let trustedProxies: Set<String>

  /// The request's client address, for code below the router's context (a JSON API's handlers).
  @TaskLocal public static var current = "unknown"

  public init(trustedProxies: Set<String>) { self.trustedProxies = trustedProxies }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    if !trustedProxies.isEmpty, trustedProxies.contains(context.clientAddress) {
      context.clientAddress = Self.client(
        forwardedFor: request.headers[values: .xForwardedFor], peer: context.clientAddress, trusted: trustedProxies)
    }
    return try await Self.$current.withValue(context.clientAddress) { try await next(request, context) }
  }

  /// The first address, reading `X-Forwarded-For` from the right (the hop nearest this server),
  /// that is not a trusted proxy; the peer when every hop is one or the header says nothing.
  static func client(forwardedFor values: [String], peer: String, trusted: Set<String>) -> String {
    let hops = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
    for hop in hops.reversed() {
      guard let address = try? SocketAddress(ipAddress: hop, port: 0), let normal = address.ipAddress else {
        return peer  // a hop that is not an address: nothing left of it can be believed
      }
      if !trusted.contains(normal) { return normal }
    }
    return peer
  }
}

extension HTTPField.Name {
  public static let xForwardedFor = Self("X-Forwarded-For")!
}
