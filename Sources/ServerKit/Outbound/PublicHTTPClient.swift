import AsyncHTTPClient
import Foundation
import NIOCore

/// Fetches what a person linked to (a calendar feed, an image address) over HTTP(S), as the server
/// may do on someone's behalf: within a total time and a size limit, from public addresses only.
///
/// - The body is streamed and abandoned as soon as it passes the byte limit; an announced
///   `Content-Length` over the limit is refused before any of the body is read.
/// - Redirects are followed here, at most ``maxRedirects``, so the host of the link and of every
///   redirect must resolve to public addresses only (``PublicAddress``). A name that resolves
///   differently by the time the client connects could still slip past; closing that needs a
///   resolver shared with the connection, which AsyncHTTPClient does not offer.
public struct PublicHTTPClient: Sendable {
  public static let maxRedirects = 5

  /// Redirects are followed by ``fetch(_:accept:timeout:byteLimit:)`` itself, so each hop is checked.
  static let client = HTTPClient(
    eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(redirectConfiguration: .disallow))

  /// Loopback, private and link-local hosts are refused unless this is set (tests and local
  /// development only: something served from this machine).
  let allowsPrivateAddresses: Bool
  /// Hosts fetched whatever they resolve to (tests: a redirect from a trusted name to a refused one).
  let trustedHosts: Set<String>
  /// Loopback (and no other private address) is allowed: a test's fake service on this machine.
  let allowsLoopback: Bool

  public init(allowsPrivateAddresses: Bool = false, trustedHosts: Set<String> = [], allowsLoopback: Bool = false) {
    self.allowsPrivateAddresses = allowsPrivateAddresses
    self.trustedHosts = trustedHosts
    self.allowsLoopback = allowsLoopback
  }

  /// What a service answered a post with: its status and headers (its body is not read).
  public struct Answer: Sendable, Equatable {
    public let status: Int
    public let headers: [String: String]

    public init(status: Int, headers: [String: String]) {
      self.status = status
      self.headers = headers
    }
  }

  /// Posts `body` to `url`, an address someone else chose (a browser's push endpoint), under the
  /// same address rules as a fetch; no redirect is followed. Answers with the status whatever it is.
  public func post(
    _ url: URL, headers: [(String, String)], body: [UInt8], timeout: Duration
  ) async throws(OutboundFetchError) -> Answer {
    do {
      try await check(url)
      var request = HTTPClientRequest(url: url.absoluteString)
      request.method = .POST
      for (name, value) in headers { request.headers.add(name: name, value: value) }
      request.body = .bytes(ByteBuffer(bytes: body))
      let response = try await Self.client.execute(
        request,
        timeout: .nanoseconds(
          Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000))
      var answered: [String: String] = [:]
      for (name, value) in response.headers { answered[name.lowercased()] = value }
      return Answer(status: Int(response.status.code), headers: answered)
    } catch let error as OutboundFetchError {
      throw error
    } catch let error as HTTPClientError where Self.timeouts.contains(error) {
      throw .timeout
    } catch {
      throw .unreachable
    }
  }

  /// The body of `url` as text, or why there is none.
  public func fetch(
    _ url: URL, accept: String, timeout: Duration, byteLimit: Int
  ) async throws(OutboundFetchError) -> String {
    String(buffer: try await fetchBody(url, accept: accept, timeout: timeout, byteLimit: byteLimit))
  }

  /// The body of `url` as bytes (an image a provider made), under the same rules as ``fetch``.
  public func fetchBytes(
    _ url: URL, accept: String, timeout: Duration, byteLimit: Int
  ) async throws(OutboundFetchError) -> [UInt8] {
    Array(buffer: try await fetchBody(url, accept: accept, timeout: timeout, byteLimit: byteLimit))
  }

  private func fetchBody(
    _ url: URL, accept: String, timeout: Duration, byteLimit: Int
  ) async throws(OutboundFetchError) -> ByteBuffer {
    do {
      return try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
        group.addTask { try await follow(url, accept: accept, timeout: timeout, byteLimit: byteLimit) }
        group.addTask {
          // The client's own deadline ends a request still connecting with the reason (a refused
          // connection); this one, a moment later, also ends a body that trickles in.
          try await Task.sleep(for: timeout + .milliseconds(200))
          throw OutboundFetchError.timeout
        }
        defer { group.cancelAll() }
        guard let body = try await group.next() else { throw OutboundFetchError.timeout }
        return body
      }
    } catch let error as OutboundFetchError {
      throw error
    } catch let error as HTTPClientError where Self.timeouts.contains(error) {
      throw .timeout
    } catch {
      throw .unreachable
    }
  }

  static let timeouts: [HTTPClientError] = [.deadlineExceeded, .readTimeout, .connectTimeout]

  /// Downloads `url`, following redirects to http or https addresses that pass the address check.
  private func follow(_ url: URL, accept: String, timeout: Duration, byteLimit: Int) async throws -> ByteBuffer {
    var url = url
    for _ in 0...Self.maxRedirects {
      try await check(url)
      var request = HTTPClientRequest(url: url.absoluteString)
      request.headers.add(name: "Accept", value: accept)
      let response = try await Self.client.execute(
        request,
        timeout: .nanoseconds(
          Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000))
      guard [301, 302, 303, 307, 308].contains(response.status.code) else {
        return try await read(response, byteLimit: byteLimit)
      }
      guard let location = response.headers.first(name: "location"),
        let next = URL(string: location, relativeTo: url)?.absoluteURL,
        let scheme = next.scheme?.lowercased(), ["http", "https"].contains(scheme)
      else { throw OutboundFetchError.badStatus(Int(response.status.code)) }
      url = next
    }
    throw OutboundFetchError.tooManyRedirects
  }

  /// Refuses a host that resolves to any address that is not public.
  private func check(_ url: URL) async throws {
    guard !allowsPrivateAddresses, let host = url.host, !trustedHosts.contains(host) else { return }
    // getaddrinfo blocks, so it runs on its own thread rather than the shared pool.
    let addresses = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: PublicAddress.resolve(host)) }
    }
    guard !addresses.isEmpty else { throw OutboundFetchError.unreachable }
    guard addresses.allSatisfy({ $0.isPublic || (allowsLoopback && $0.isLoopback) }) else {
      throw OutboundFetchError.privateAddress
    }
  }

  private func read(_ response: HTTPClientResponse, byteLimit: Int) async throws -> ByteBuffer {
    guard (200..<300).contains(response.status.code) else {
      throw OutboundFetchError.badStatus(Int(response.status.code))
    }
    if let announced = response.headers.first(name: "content-length").flatMap(Int.init), announced > byteLimit {
      throw OutboundFetchError.tooLarge
    }
    var body = ByteBuffer()
    for try await chunk in response.body {
      guard body.readableBytes + chunk.readableBytes <= byteLimit else { throw OutboundFetchError.tooLarge }
      body.writeImmutableBuffer(chunk)
    }
    return body
  }
}

/// Why a fetch for someone gave nothing.
public enum OutboundFetchError: Error, Sendable, Equatable {
  /// The whole download took longer than allowed.
  case timeout
  /// The body, or its announced `Content-Length`, passed the size limit.
  case tooLarge
  /// No connection: an unknown host, a refused or dropped connection, a TLS failure.
  case unreachable
  /// The server answered with a status outside 2xx (or a redirect without a usable address).
  case badStatus(Int)
  /// The host resolves to a loopback, private, link-local or otherwise non-public address.
  case privateAddress
  /// More than ``PublicHTTPClient/maxRedirects`` redirects.
  case tooManyRedirects
}
