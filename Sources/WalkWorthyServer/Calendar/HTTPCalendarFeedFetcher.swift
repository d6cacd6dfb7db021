import AsyncHTTPClient
import Foundation
import NIOCore

/// Fetches feeds over HTTP(S) with AsyncHTTPClient, within a total time and a size limit: the
/// body is streamed and the download abandoned as soon as it passes `byteLimit`, and an
/// announced `Content-Length` over the limit is refused before any of the body is read.
public struct HTTPCalendarFeedFetcher: CalendarFeedFetcher {
  public static let defaultTimeout: Duration = .seconds(5)
  public static let defaultByteLimit = 2 * 1_024 * 1_024

  let client: HTTPClient
  let timeout: Duration
  let byteLimit: Int

  public init(
    client: HTTPClient = .shared, timeout: Duration = Self.defaultTimeout, byteLimit: Int = Self.defaultByteLimit
  ) {
    self.client = client
    self.timeout = timeout
    self.byteLimit = byteLimit
  }

  public func fetch(_ url: URL) async throws(CalendarFeedError) -> String {
    do {
      return try await withThrowingTaskGroup(of: String.self) { group in
        group.addTask { try await download(url) }
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

  private func download(_ url: URL) async throws -> String {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "Accept", value: "text/calendar, */*;q=0.1")
    let response = try await client.execute(
      request,
      timeout: .nanoseconds(
        Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000))
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
