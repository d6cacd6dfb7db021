#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LocalDay {
  /// The day `instant` belongs to for a person in `timeZone` whose day starts at `dayStartHour`.
  ///
  /// The rule, precisely: take the instant's local wall-clock time (UTC plus the zone's offset *at
  /// that instant*), move it back by `dayStartHour` hours, and read off the date. So with a 04:00
  /// start, 01:30 belongs to yesterday and 04:00 to today.
  ///
  /// Because the boundary is a wall-clock time, DST needs no special case and behaves as people
  /// expect: in New York, with a 04:00 start, the spring-forward day (2:00 → 3:00) lasts 23 hours
  /// and the fall-back day 25 hours, and *both* 01:30s of a fall-back night belong to the previous
  /// day. If the start hour itself is skipped by a transition, the day starts at the first instant
  /// after the gap.
  ///
  /// Only the offset comes from `timeZone`, so its rules must be real: see
  /// ``Foundation/TimeZone/init(ianaIdentifier:)`` for why that matters on Linux.
  ///
  /// - Precondition: `dayStartHour` is in `0...23`.
  public init(containing instant: Date, in timeZone: TimeZone, dayStartHour: Int = 0) {
    precondition((0...23).contains(dayStartHour), "dayStartHour must be 0...23, got \(dayStartHour)")
    let secondsPerDay = 86_400
    let utcSeconds = Int(instant.timeIntervalSince1970.rounded(.down))
    let wallSeconds = utcSeconds + timeZone.secondsFromGMT(for: instant)
    let shifted = wallSeconds - dayStartHour * 3_600
    // Floor division: instants before 1970 must still round towards the earlier day.
    let remainder = ((shifted % secondsPerDay) + secondsPerDay) % secondsPerDay
    self.init(dayNumber: (shifted - remainder) / secondsPerDay)
  }
}
