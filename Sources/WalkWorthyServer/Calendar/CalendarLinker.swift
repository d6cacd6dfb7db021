import Foundation
import Logging
import OrchardKit
import ServerKit
import WalkWorthyCore

/// Links feeds and builds today's canvas from the fake Canvas or the linked feed, refreshing a
/// stored feed once it is older than ``refreshAfter``.
struct CalendarLinker: Sendable {
  static let refreshAfter: TimeInterval = 3_600

  let devices: any WalkWorthyDeviceRepository
  let fetcher: any CalendarFeedFetcher
  let logger: Logger

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

  /// Fetches and reads `url`, then links it. Any failure throws before anything is stored.
  func link(
    _ url: URL, for id: IdempotencyID, _ device: WalkWorthyDevice, now: Date, zone: TimeZone
  ) async throws
    -> StoredCalendar
  {
    let calendar = try await read(url, now: now, zone: zone)
    try await devices.saveCalendar(CalendarLink(url: url.absoluteString, fetchedAt: now), calendar, for: id, at: now)
    try await devices.saveSettings(useFakeCanvas: false, timeZone: device.timeZone, for: id, at: now)
    return calendar
  }

  /// Today's canvas for the device: the fake one, its linked feed's, or an empty one.
  func todayCanvas(
    of id: IdempotencyID, _ device: WalkWorthyDevice, now: Date, zone: TimeZone
  ) async throws
    -> TodayCanvas
  {
    if device.useFakeCanvas { return FakeCanvas.today(now: now, timeZone: zone) }
    guard let link = device.calendar else { return TodayCanvas(assignmentsToday: [], examsToday: []) }
    if now.timeIntervalSince(link.fetchedAt) > Self.refreshAfter, let url = URL(string: link.url) {
      do {
        let calendar = try await read(url, now: now, zone: zone)
        try await devices.saveCalendar(CalendarLink(url: link.url, fetchedAt: now), calendar, for: id, at: now)
        return calendar.todayCanvas(now: now, timeZone: zone)
      } catch let error as OrchardError {
        // A feed that fails for now keeps serving its last good copy.
        logger.notice("calendar refresh failed", metadata: ["code": "\(error.code)"])
      }
    }
    let stored = try await devices.calendar(of: id)
    return stored?.todayCanvas(now: now, timeZone: zone) ?? TodayCanvas(assignmentsToday: [], examsToday: [])
  }

  private func read(_ url: URL, now: Date, zone: TimeZone) async throws(OrchardError) -> StoredCalendar {
    do {
      let text = try await fetcher.fetch(url)
      return StoredCalendar(feed: try ICalendar.parseFeed(text, defaultTimeZone: zone), now: now)
    } catch let error as CalendarFeedError {
      throw Self.problem(error)
    } catch let error as ICalendarError {
      throw Self.problem(error == .notICalendar ? .notICalendar : .tooLarge)
    } catch {
      throw Self.problem(.unreachable)
    }
  }

  static func problem(_ error: CalendarFeedError) -> OrchardError {
    OrchardError(
      status: .unprocessableContent, code: error.code, title: "The calendar could not be linked", detail: error.detail)
  }
}
