/// A web origin as browsers compare them: scheme, host and port, with the scheme's default port
/// filled in, so `https://orchard.example` and `https://orchard.example:443` are one origin and
/// `http://orchard.example` is another.
public struct WebOrigin: Sendable, Hashable, CustomStringConvertible {
  public let scheme: String
  public let host: String
  public let port: Int

  public init?(scheme: String, host: String, port: Int? = nil) {
    let scheme = scheme.lowercased()
    guard let defaultPort = Self.defaultPorts[scheme], !host.isEmpty else { return nil }
    let port = port ?? defaultPort
    guard (1...65535).contains(port) else { return nil }
    self.scheme = scheme
    self.host = host.lowercased()
    self.port = port
  }

  /// `https://example.com:8443` and `http://[::1]:8080`; a path, a query, user information, `null`
  /// or any other scheme is not an origin.
  public init?(_ text: some StringProtocol) {
    guard let separator = text.range(of: "://") else { return nil }
    let rest = text[separator.upperBound...]
    guard !rest.contains(where: { "/?#@ ".contains($0) }) else { return nil }
    guard let (host, port) = Self.split(authority: rest) else { return nil }
    self.init(scheme: String(text[..<separator.lowerBound]), host: host, port: port)
  }

  /// The origin a request was sent to, read from its `Host` (its authority) and the scheme the
  /// server is reached by.
  public init?(scheme: String, authority: some StringProtocol) {
    guard let (host, port) = Self.split(authority: authority) else { return nil }
    self.init(scheme: scheme, host: host, port: port)
  }

  public var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return Self.defaultPorts[scheme] == port ? "\(scheme)://\(shownHost)" : "\(scheme)://\(shownHost):\(port)"
  }

  static let defaultPorts = ["http": 80, "https": 443]

  /// `example.com:8443` → (`example.com`, 8443); `[::1]:8080` → (`::1`, 8080); no port → nil port.
  static func split(authority: some StringProtocol) -> (host: String, port: Int?)? {
    guard !authority.isEmpty else { return nil }
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      let host = String(authority[authority.index(after: authority.startIndex)..<close])
      let after = authority[authority.index(after: close)...]
      if after.isEmpty { return (host, nil) }
      guard after.hasPrefix(":"), let port = Int(after.dropFirst()) else { return nil }
      return (host, port)
    }
    let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return (String(parts[0]), nil)
    case 2:
      guard let port = Int(parts[1]), !parts[0].isEmpty else { return nil }
      return (String(parts[0]), port)
    default: return nil
    }
  }
}
