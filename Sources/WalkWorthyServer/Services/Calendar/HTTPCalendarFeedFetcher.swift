import Foundation
import ServerKit

/// Fetches feeds with ServerKit's ``PublicHTTPClient``: public addresses only, within
/// ``defaultTimeout`` and ``defaultByteLimit``.
public struct HTTPCalendarFeedFetcher: CalendarFeedFetcher {
  public static let defaultTimeout: Duration = .seconds(5)
  public static let defaultByteLimit = 2 * 1_024 * 1_024

  let client: PublicHTTPClient
  let timeout: Duration
  let byteLimit: Int

  public init(
    client: PublicHTTPClient = PublicHTTPClient(), timeout: Duration = Self.defaultTimeout,
    byteLimit: Int = Self.defaultByteLimit
  ) {
    self.client = client
    self.timeout = timeout
    self.byteLimit = byteLimit
  }

  public func fetch(_ url: URL) async throws(CalendarFeedError) -> String {
    do {
      return try await client.fetch(url, accept: "text/calendar, */*;q=0.1", timeout: timeout, byteLimit: byteLimit)
    } catch {
      throw switch error {
      case .timeout: .timeout
      case .tooLarge: .tooLarge
      case .unreachable: .unreachable
      case .badStatus(let status): .badStatus(status)
      case .privateAddress: .privateAddress
      case .tooManyRedirects: .tooManyRedirects
      }
    }
  }
}
