import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts between instants and one zone's wall clock using `TimeZone.secondsFromGMT(for:)` alone,
/// as OrchardKit does: FoundationEssentials has no `Calendar` for a core to lean on.
struct ZonedClock {
  let timeZone: TimeZone

  static let epoch = LocalDay(year: 1970, month: 1, day: 1)!

  func day(of instant: Date) -> LocalDay { LocalDay(containing: instant, in: timeZone) }

  func time(of instant: Date) -> TimeOfDay {
    let wall = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
    let seconds = ((wall % 86_400) + 86_400) % 86_400
    return TimeOfDay(hour: seconds / 3_600, minute: seconds % 3_600 / 60)!
  }

  /// The instant the wall clock reads `time` on `day`. A time skipped by a spring-forward change
  /// comes out as the same time after the gap (02:30 → 03:30); a time repeated by a fall-back
  /// change is its first occurrence.
  func instant(on day: LocalDay, at time: TimeOfDay) -> Date {
    let wall = day.days(from: Self.epoch) * 86_400 + time.minuteOfDay * 60
    let first = wall - offset(at: wall)
    let second = wall - offset(at: first)
    let candidates = [first, second].filter { $0 + offset(at: $0) == wall }
    return Date(timeIntervalSince1970: TimeInterval(candidates.min() ?? max(first, second)))
  }

  /// `instant` itself, or the end of the quiet hours it falls in.
  func outside(_ quietHours: QuietHours?, _ instant: Date) -> Date {
    let time = time(of: instant)
    guard let quietHours, quietHours.contains(time) else { return instant }
    // After midnight in a wrapping span (or in a span within one day) the end is the same day.
    let day = day(of: instant)
    return self.instant(on: time < quietHours.end ? day : day.adding(days: 1), at: quietHours.end)
  }

  private func offset(at seconds: Int) -> Int {
    timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }
}
