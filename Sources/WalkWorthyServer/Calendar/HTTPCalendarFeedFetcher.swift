import AsyncHTTPClient
import Foundation
import NIOCore

/// Fetches feeds over HTTP(S) with AsyncHTTPClient, within a total time and a size limit: the
/// body is streamed and the download abandoned as soon as it passes `byteLimit`, and an
/// announced `Content-Length` over the limit is refused before any of the body is read.
///
/// The URL is anyone's to type, so by default only public addresses are fetched: the host of the
/// link and of every redirect (followed here, at most ``maxRedirects``) must resolve to public
/// addresses only. A name that resolves differently by the time the client connects could still
/// slip past; that needs a resolver shared with the connection, which the client does not offer.
public struct HTTPCalendarFeedFetcher: CalendarFeedFetcher {
  public static let defaultTimeout: Duration = .seconds(5)
  public static let defaultByteLimit = 2 * 1_024 * 1_024
  public static let maxRedirects = 5

  /// Redirects are followed by ``fetch(_:)`` itself, so each hop's address is checked.
  static let client = HTTPClient(
    eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(redirectConfiguration: .disallow))

  let timeout: Duration
  let byteLimit: Int
  /// Loopback, private and link-local hosts are refused unless this is set (tests and local
  /// development only: a feed served from this machine).
  let allowsPrivateAddresses: Bool
  /// Hosts fetched whatever they resolve to (tests: a redirect from a trusted name to a refused one).
  let trustedHosts: Set<String>

  public init(
    timeout: Duration = Self.defaultTimeout, byteLimit: Int = Self.defaultByteLimit,
    allowsPrivateAddresses: Bool = false
  ) {
    self.init(
      timeout: timeout, byteLimit: byteLimit, allowsPrivateAddresses: allowsPrivateAddresses, trustedHosts: [])
  }

  init(timeout: Duration, byteLimit: Int, allowsPrivateAddresses: Bool, trustedHosts: Set<String>) {
    self.timeout = timeout
    self.byteLimit = byteLimit
    self.allowsPrivateAddresses = allowsPrivateAddresses
    self.trustedHosts = trustedHosts
  }

  public func fetch(_ url: URL) async throws(CalendarFeedError) -> String {
    do {
      return try await withThrowingTaskGroup(of: String.self) { group in
        group.addTask { try await follow(url) }
        group.addTask {
          // The client's own deadline ends a request still connecting with the reason (a refused
          // connection); this one, a moment later, also ends a body that trickles in.
          try await Task.sleep(for: timeout + .milliseconds(200))
          throw CalendarFeedError.timeout
        }
        defer { group.cancelAll() }
        guard let text = try await group.next() else { throw CalendarFeedError.timeout }
        return text
      }
    } catch let error as CalendarFeedError {
      throw error
    } catch let error as HTTPClientError where Self.timeouts.contains(error) {
      throw .timeout
    } catch {
      throw .unreachable
    }
  }

  static let timeouts: [HTTPClientError] = [.deadlineExceeded, .readTimeout, .connectTimeout]

  /// Downloads `url`, following redirects to http or https addresses that pass the address check.
  private func follow(_ url: URL) async throws -> String {
    var url = url
    for _ in 0...Self.maxRedirects {
      try await check(url)
      var request = HTTPClientRequest(url: url.absoluteString)
      request.headers.add(name: "Accept", value: "text/calendar, */*;q=0.1")
      let response = try await Self.client.execute(
        request,
        timeout: .nanoseconds(
          Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000))
      guard [301, 302, 303, 307, 308].contains(response.status.code) else { return try await read(response) }
      guard let location = response.headers.first(name: "location"),
        let next = URL(string: location, relativeTo: url)?.absoluteURL,
        let scheme = next.scheme?.lowercased(), ["http", "https"].contains(scheme)
      else { throw CalendarFeedError.badStatus(Int(response.status.code)) }
      url = next
    }
    throw CalendarFeedError.tooManyRedirects
  }

  /// Refuses a host that resolves to any address that is not public (see ``FeedAddress``).
  private func check(_ url: URL) async throws {
    guard !allowsPrivateAddresses, let host = url.host, !trustedHosts.contains(host) else { return }
    // getaddrinfo blocks, so it runs on its own thread rather than the shared pool.
    let addresses = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: FeedAddress.resolve(host)) }
    }
    guard !addresses.isEmpty else { throw CalendarFeedError.unreachable }
    guard addresses.allSatisfy(\.isPublic) else { throw CalendarFeedError.privateAddress }
  }

  private func read(_ response: HTTPClientResponse) async throws -> String {
    guard (200..<300).contains(response.status.code) else {
      throw CalendarFeedError.badStatus(Int(response.status.code))
    }
    if let announced = response.headers.first(name: "content-length").flatMap(Int.init), announced > byteLimit {
      throw CalendarFeedError.tooLarge
    }
    var body = ByteBuffer()
    for try await chunk in response.body {
      guard body.readableBytes + chunk.readableBytes <= byteLimit else { throw CalendarFeedError.tooLarge }
      body.writeImmutableBuffer(chunk)
    }
    return String(buffer: body)
  }
}
