import Foundation
import ServerKit
import WalkWorthyCore

/// Reading a linked calendar feed: its address checked, its text fetched and parsed into the
/// events today's canvas can use, and each failure a problem with a stable code.
enum CalendarFeeds {
  /// The feed URL in a link request: absolute http or https with a host.
  static func feedURL(_ text: String) throws(OrchardError) -> URL {
    guard text.utf8.count <= 2_048, let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
      let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = url.host, !host.isEmpty
    else {
      throw .badRequest("url must be an http or https address of a calendar feed.", code: "INVALID_CALENDAR_URL")
    }
    return url
  }

  /// Fetches and reads `url`.
  static func read(
    _ url: URL, with fetcher: any CalendarFeedFetcher, now: Date, zone: TimeZone
  ) async throws(OrchardError) -> StoredCalendar {
    do {
      let text = try await fetcher.fetch(url)
      return StoredCalendar(feed: try ICalendar.parseFeed(text, defaultTimeZone: zone), now: now)
    } catch let error as CalendarFeedError {
      throw problem(error)
    } catch let error as ICalendarError {
      throw problem(error == .notICalendar ? .notICalendar : .tooLarge)
    } catch {
      throw problem(.unreachable)
    }
  }

  static func problem(_ error: CalendarFeedError) -> OrchardError {
    OrchardError(
      status: .unprocessableContent, code: error.code, title: "The calendar could not be linked", detail: error.detail)
  }
}
