import Foundation
import Logging
import NIOCore
import NIOHTTPTypes

/// How many connections the server serves at once and how long each may take: so that idle or
/// slow clients, however many, cannot use up the process's file descriptors and stop it answering.
public struct ConnectionLimits: Sendable, Equatable {
  /// The cap when none is configured, if the file-descriptor limit allows it.
  public static let defaultMaximum = 16_384
  /// Descriptors kept for everything but client connections: the database, assets, logs, the
  /// metrics port and outbound fetches.
  public static let reserve = 256

  /// Connections served at once; more wait in the listen queue until one closes.
  public let maximum: Int
  /// How long a connection may sit idle between requests, and how long one request's head and
  /// body may take to arrive.
  public let idleTimeout: TimeAmount

  /// The limits `configuration` asks for, checked against `descriptors`, this process's
  /// file-descriptor limit. A cap that does not fit is an error; no cap takes what fits.
  public init(_ configuration: ServerConfiguration, descriptors: Int) throws(ConfigurationError) {
    let fits = max(1, descriptors - Self.reserve)
    if let asked = configuration.maxConnections {
      guard asked <= fits else {
        throw ConfigurationError(
          variable: "ORCHARD_MAX_CONNECTIONS", value: String(asked),
          expected: "at most \(fits): the file-descriptor limit is \(descriptors) and \(Self.reserve) are kept aside"
        )
      }
      maximum = asked
    } else {
      maximum = min(Self.defaultMaximum, fits)
    }
    idleTimeout = .seconds(Int64(configuration.idleTimeout))
  }
}

/// The process's limit on open file descriptors.
public enum FileDescriptorLimit {
  /// Raises the soft limit to the hard one, as far as the system lets an unprivileged process,
  /// and returns the limit now in force.
  @discardableResult
  public static func raise() -> Int {
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return 1024 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }
}

/// Closes a connection whose request (head and body) has not fully arrived within `limit` of its
/// first byte: a client that sends a byte now and then (slowloris) holds a connection no longer
/// than an idle one. The idle timeout covers the wait before a head; this covers the rest.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart

  private let limit: TimeAmount
  private var deadline: Scheduled<Void>?

  init(_ limit: TimeAmount) { self.limit = limit }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      deadline?.cancel()
      deadline = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { context.close(promise: nil) }
    case .body: break
    case .end:
      deadline?.cancel()
      deadline = nil
    }
    context.fireChannelRead(data)
  }

  func channelInactive(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }
}
