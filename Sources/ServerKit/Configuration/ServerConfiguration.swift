import Foundation
import Logging
import NIOCore
import OrchardDatabase

/// Everything the server reads from its environment, read once at start.
///
/// Each value comes from an `ORCHARD_*` environment variable unless a command-line flag overrides it,
/// and each has a default that works on a laptop.
public struct ServerConfiguration: Sendable, Equatable {
  /// Interface to listen on (`ORCHARD_HOST`, default `127.0.0.1`).
  public var host: String
  /// Port to listen on (`ORCHARD_PORT`, default `8080`; `0` picks a free port).
  public var port: Int
  /// Directory for the SQLite database and other local state (`ORCHARD_DATA_DIR`, default `.orchard`).
  public var dataDirectory: String
  /// PostgreSQL URL (`ORCHARD_DATABASE_URL`); when set, PostgreSQL replaces the SQLite file.
  public var databaseURL: String?
  /// Minimum level of log lines written (`ORCHARD_LOG_LEVEL`, default `info`).
  public var logLevel: Logger.Level
  /// Lets each visitor move their own device's clock, so tests can reach the end of a free trial
  /// (`ORCHARD_TEST_DEVICE_CLOCK`, default off). Only a server on loopback may turn it on:
  /// see ``validate()``.
  public var testDeviceClock = false
  /// The source commit this build was made from (`ORCHARD_BUILD_COMMIT`, 7 to 40 hex digits),
  /// shown on the apps' about screens; nil when not given.
  public var buildCommit: String?
  /// The origin people reach the server by (`ORCHARD_PUBLIC_URL`, such as `https://orchard.example`),
  /// against which a cross-site post is judged: scheme, host and port. Unset, it is what the server
  /// listens on: plain HTTP on loopback, HTTPS behind a proxy anywhere else.
  public var publicOrigin: WebOrigin?
  /// Seconds a connection may sit idle, or take to send one request's head and body, before it is
  /// closed (`ORCHARD_IDLE_TIMEOUT`, default 30).
  public var idleTimeout = 30
  /// Connections served at once (`ORCHARD_MAX_CONNECTIONS`); beyond it new ones wait in the
  /// listen queue. Unset, it is 16,384 or what the file-descriptor limit allows, if less.
  public var maxConnections: Int?
  /// A loopback port that serves `/metrics` (`ORCHARD_METRICS_PORT`); unset, no port does.
  public var metricsPort: Int?
  /// A bearer token that opens `/metrics` on the public port (`ORCHARD_METRICS_TOKEN`, at least 32
  /// characters); unset, `/metrics` there is 404.
  public var metricsToken: String?
  /// Addresses of the reverse proxies in front of the server (`ORCHARD_TRUSTED_PROXY`, comma
  /// separated). A request from one of them is counted, for rate limits, by the client address it
  /// reports in `X-Forwarded-For`; any other request by its own peer address, whatever it claims.
  public var trustedProxies: Set<String> = []
  /// Multiplies every rate limit's burst and rate (`ORCHARD_RATE_LIMIT_SCALE`, default 1): above 1
  /// for a load test from one address, below 1 to be stricter.
  public var rateLimitScale: Double = 1

  public static let defaults = ServerConfiguration(
    host: "127.0.0.1", port: 8080, dataDirectory: ".orchard", databaseURL: nil, logLevel: .info)

  public init(host: String, port: Int, dataDirectory: String, databaseURL: String?, logLevel: Logger.Level) {
    self.host = host
    self.port = port
    self.dataDirectory = dataDirectory
    self.databaseURL = databaseURL
    self.logLevel = logLevel
  }

  /// The `ORCHARD_*` variables in `environment` (see ``init(settings:)``).
  public init(environment: [String: String]) throws(ConfigurationError) {
    try self.init(settings: Settings(environment))
  }

  /// Reads the `ORCHARD_*` variables; anything missing keeps its default, anything malformed is an error.
  public init(settings: Settings) throws(ConfigurationError) {
    self = .defaults
    if let host = settings.string("ORCHARD_HOST") { self.host = host }
    if let port = try settings.integer("ORCHARD_PORT", in: 0...65535, expected: "a port number from 0 to 65535") {
      self.port = port
    }
    if let dir = settings.string("ORCHARD_DATA_DIR") { self.dataDirectory = dir }
    if let url = settings.string("ORCHARD_DATABASE_URL") {
      guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
        throw ConfigurationError(
          variable: "ORCHARD_DATABASE_URL", value: "(hidden)", expected: "a postgres:// or postgresql:// URL")
      }
      self.databaseURL = url
    }
    if let level = settings.string("ORCHARD_LOG_LEVEL") {
      guard let value = Logger.Level(rawValue: level.lowercased()) else {
        throw ConfigurationError(
          variable: "ORCHARD_LOG_LEVEL", value: level,
          expected: "one of trace, debug, info, notice, warning, error, critical")
      }
      self.logLevel = value
    }
    if let flag = try settings.flag("ORCHARD_TEST_DEVICE_CLOCK") { testDeviceClock = flag }
    if let commit = settings.string("ORCHARD_BUILD_COMMIT") {
      guard (7...40).contains(commit.count), commit.allSatisfy(\.isHexDigit) else {
        throw ConfigurationError(
          variable: "ORCHARD_BUILD_COMMIT", value: commit, expected: "a commit hash of 7 to 40 hex digits")
      }
      buildCommit = commit.lowercased()
    }
    if let url = settings.string("ORCHARD_PUBLIC_URL") {
      publicOrigin = try Self.publicOrigin(url, variable: "ORCHARD_PUBLIC_URL")
    }
    if let seconds = try settings.integer("ORCHARD_IDLE_TIMEOUT", in: 1...3600, expected: "seconds from 1 to 3600") {
      idleTimeout = seconds
    }
    maxConnections = try settings.integer(
      "ORCHARD_MAX_CONNECTIONS", in: 1...1_000_000, expected: "a number of connections from 1 to 1000000")
    metricsPort = try settings.integer("ORCHARD_METRICS_PORT", in: 0...65535, expected: "a port number from 0 to 65535")
    if let token = settings.string("ORCHARD_METRICS_TOKEN") {
      guard token.count >= 32, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
        throw ConfigurationError(
          variable: "ORCHARD_METRICS_TOKEN", value: "(hidden)", expected: "at least 32 printable characters")
      }
      metricsToken = token
    }
    if let scale = settings.string("ORCHARD_RATE_LIMIT_SCALE") {
      guard let value = Double(scale), (0.01...100_000).contains(value) else {
        throw ConfigurationError(
          variable: "ORCHARD_RATE_LIMIT_SCALE", value: scale, expected: "a factor from 0.01 to 100000")
      }
      rateLimitScale = value
    }
    if let proxies = settings.string("ORCHARD_TRUSTED_PROXY") {
      trustedProxies = try Self.addresses(proxies, variable: "ORCHARD_TRUSTED_PROXY")
    }
    try validate()
  }

  /// IP addresses, comma separated, each written as the server writes a peer's address.
  public static func addresses(_ list: String, variable: String) throws(ConfigurationError) -> Set<String> {
    var addresses: Set<String> = []
    for item in list.split(separator: ",") {
      let text = item.trimmingCharacters(in: .whitespaces)
      guard let address = try? SocketAddress(ipAddress: text, port: 0), let normal = address.ipAddress else {
        throw ConfigurationError(variable: variable, value: text, expected: "IP addresses separated by commas")
      }
      addresses.insert(normal)
    }
    return addresses
  }

  /// `https://orchard.example` as an origin; a path other than `/`, a query or another scheme is
  /// an error naming `variable`.
  public static func publicOrigin(_ url: String, variable: String) throws(ConfigurationError) -> WebOrigin {
    let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
    guard let origin = WebOrigin(trimmed) else {
      throw ConfigurationError(
        variable: variable, value: url, expected: "an http:// or https:// origin, such as https://orchard.example")
    }
    return origin
  }

  /// The scheme people reach the server by.
  public var publicScheme: String {
    publicOrigin?.scheme ?? (servesPlainHTTPOnLoopback ? "http" : "https")
  }

  /// Checks what no single variable can: a server reachable from other machines never lets a
  /// visitor move their clock (that would extend a free trial at will). Call again after changing
  /// values.
  public func validate() throws(ConfigurationError) {
    if testDeviceClock && !servesPlainHTTPOnLoopback {
      throw ConfigurationError(
        variable: "ORCHARD_TEST_DEVICE_CLOCK", value: "on",
        expected: "off unless the server listens on loopback (127.0.0.1, ::1 or localhost), as in tests")
    }
  }

  /// Plain HTTP on a loopback interface is a developer's machine: cookies there cannot be `Secure`
  /// (browsers would drop them), so they lose the `__Host-` prefix too. Anywhere else the server is
  /// expected behind TLS.
  public var servesPlainHTTPOnLoopback: Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// Where the database lives, as the configuration asks.
  public var databaseLocation: DatabaseLocation {
    if let databaseURL { return .postgres(url: databaseURL) }
    return .sqliteFile(path: dataDirectory + "/orchard.sqlite")
  }
}

/// A configuration value that cannot be used, named so the person starting the server can fix it.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  public let variable: String
  public let value: String
  public let expected: String

  public init(variable: String, value: String, expected: String) {
    self.variable = variable
    self.value = value
    self.expected = expected
  }

  public var description: String { "\(variable)=\(value) is not valid: expected \(expected)" }
}
