import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A student's day built from their calendar feed, in the API's ``TodayCanvas`` shape.
public enum CalendarDay {
  /// How long a passed exam or deadline is still kept from a linked feed.
  public static let lookback: TimeInterval = 24 * 3_600

  /// What a linked feed keeps for today's canvas: its exams and deadlines (a deadline by its due
  /// time, else its start) not more than ``lookback`` old. Plain events never reach a canvas.
  public static func keptEvents(of feed: ICalendarFeed, now: Date) -> [CalendarEvent] {
    let oldest = now.addingTimeInterval(-lookback)
    return feed.events.filter { event in
      switch event.kind {
      case .exam: event.start >= oldest
      case .deadline: (event.due ?? event.start) >= oldest
      case .event: false
      }
    }
  }

  /// Deadlines due on `now`'s local day or within the next 24 hours, and exams starting on that day,
  /// each in time order, with ISO 8601 UTC times ("2026-11-17T14:00:00Z"). Points are unknown (nil):
  /// feeds do not carry them.
  public static func todayCanvas(from events: [CalendarEvent], now: Date, timeZone: TimeZone) -> TodayCanvas {
    let clock = ZonedClock(timeZone: timeZone)
    let today = clock.day(of: now)
    let horizon = now.addingTimeInterval(24 * 3_600)
    let deadlines = events.compactMap { event -> (Date, CalendarEvent)? in
      guard event.kind == .deadline, let due = event.due else { return nil }
      return clock.day(of: due) == today || (now...horizon).contains(due) ? (due, event) : nil
    }
    let exams = events.filter { $0.kind == .exam && clock.day(of: $0.start) == today }
    return TodayCanvas(
      assignmentsToday: deadlines.sorted { $0.0 < $1.0 }.map {
        Assignment(title: $0.1.summary, due_at: WireTimestamp.format($0.0, precision: .seconds), points: nil)
      },
      examsToday: exams.sorted { $0.start < $1.start }.map {
        Exam(title: $0.summary, when: WireTimestamp.format($0.start, precision: .seconds))
      }
    )
  }
}
