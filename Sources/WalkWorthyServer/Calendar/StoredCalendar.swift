import Foundation
import WalkWorthyCore

/// The part of a feed today's canvas can use, as stored: its exams and deadlines that are not yet
/// more than a day old. Plain events never reach a canvas, and past ones never again.
public struct StoredCalendar: Codable, Sendable, Equatable {
  public struct Entry: Codable, Sendable, Equatable {
    public let summary: String
    public let start: Date
    public let due: Date?
    public let isExam: Bool
  }

  public let entries: [Entry]
  /// How many events the feed held, and how many it had to skip.
  public let eventCount: Int
  public let skippedCount: Int

  public init(feed: ICalendarFeed, now: Date) {
    let oldest = now.addingTimeInterval(-86_400)
    entries = feed.events.compactMap { event in
      switch event.kind {
      case .exam where event.start >= oldest:
        Entry(summary: event.summary, start: event.start, due: nil, isExam: true)
      case .deadline where (event.due ?? event.start) >= oldest:
        Entry(summary: event.summary, start: event.start, due: event.due, isExam: false)
      default:
        nil
      }
    }
    eventCount = feed.events.count
    skippedCount = feed.skippedCount
  }

  /// Today's canvas from these entries, for a student in `timeZone`.
  public func todayCanvas(now: Date, timeZone: TimeZone) -> TodayCanvas {
    let events = entries.map { entry in
      CalendarEvent(
        uid: nil, summary: entry.summary, start: entry.start, end: nil,
        due: entry.isExam ? nil : entry.due ?? entry.start,
        isAllDay: false, kind: entry.isExam ? .exam : .deadline)
    }
    return CalendarDay.todayCanvas(from: events, now: now, timeZone: timeZone)
  }
}
