import Foundation

/// Downloads a calendar feed's text. Route tests inject their own; the server uses
/// ``HTTPCalendarFeedFetcher``.
public protocol CalendarFeedFetcher: Sendable {
  /// The body of `url`, or why there is none.
  func fetch(_ url: URL) async throws(CalendarFeedError) -> String
}

/// Why a feed could not be linked or refreshed. Each has a stable API code.
public enum CalendarFeedError: Error, Sendable, Equatable {
  /// The whole download took longer than the fetcher allows.
  case timeout
  /// The body (or its announced `Content-Length`) passed the size limit, or the feed broke a
  /// parser limit.
  case tooLarge
  /// The body is not an iCalendar document (an HTML login page, a truncated download).
  case notICalendar
  /// No connection: an unknown host, a refused or dropped connection, a TLS failure.
  case unreachable
  /// The server answered with a status outside 2xx (or a redirect without a usable address).
  case badStatus(Int)
  /// The host resolves to a loopback, private, link-local or otherwise non-public address.
  case privateAddress
  /// More than ``PublicHTTPClient/maxRedirects`` redirects.
  case tooManyRedirects

  public var code: String {
    switch self {
    case .timeout: "CALENDAR_FEED_TIMEOUT"
    case .tooLarge: "CALENDAR_FEED_TOO_LARGE"
    case .notICalendar: "CALENDAR_FEED_NOT_ICALENDAR"
    case .unreachable: "CALENDAR_FEED_UNREACHABLE"
    case .badStatus: "CALENDAR_FEED_BAD_STATUS"
    case .privateAddress: "CALENDAR_FEED_PRIVATE_ADDRESS"
    case .tooManyRedirects: "CALENDAR_FEED_TOO_MANY_REDIRECTS"
    }
  }

  /// A sentence for the student.
  public var detail: String {
    switch self {
    case .timeout: "The calendar took too long to answer. Check the link, or try again later."
    case .tooLarge: "The calendar is larger than WalkWorthy can read (2 MB, 5,000 events)."
    case .notICalendar: "That link does not lead to a calendar feed. Copy the .ics feed link from Canvas's calendar."
    case .unreachable: "The calendar's server could not be reached. Check the link, or try again later."
    case .badStatus(let status): "The calendar's server answered with status \(status) instead of the feed."
    case .privateAddress:
      "That link points into a private network, which WalkWorthy does not fetch from. Use the feed's public link."
    case .tooManyRedirects: "The calendar's link redirected too many times. Copy the feed link again from Canvas."
    }
  }
}
