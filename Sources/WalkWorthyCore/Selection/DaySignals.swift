import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a student's day looks like right now, read from their ``TodayCanvas``: the facts that
/// decide which kind of encouragement fits and how long it stays relevant.
///
/// The rules, exactly:
/// - **exam**: an exam on `now`'s local day that has not started yet (`when > now`); one that has
///   already begun is past helping.
/// - **deadline**: an assignment due in `(now, now + 24 h]`, whichever local day that falls on.
/// - **heavy day**: at least ``heavyAssignmentCount`` assignments due on `now`'s local day, or at
///   least ``heavyPointTotal`` points among them (unknown points count as none).
///
/// A canvas time that does not parse is ignored rather than guessed.
public struct DaySignals: Sendable, Hashable {
  public static let heavyAssignmentCount = 3
  public static let heavyPointTotal = 100
  public static let deadlineWindow: TimeInterval = 24 * 3_600

  /// The start of the earliest exam still ahead today.
  public let nextExam: Date?
  /// The earliest due time within the next 24 hours.
  public let nextDeadline: Date?
  public let isHeavyDay: Bool
  /// Midnight at the end of `now`'s local day.
  public let endOfDay: Date

  public init(canvas: TodayCanvas, now: Date, timeZone: TimeZone) {
    let clock = ZonedClock(timeZone: timeZone)
    let today = clock.day(of: now)
    nextExam = canvas.examsToday.compactMap(\.date).filter { $0 > now && clock.day(of: $0) == today }.min()
    let horizon = now.addingTimeInterval(Self.deadlineWindow)
    let dated = canvas.assignmentsToday.compactMap { assignment in assignment.dueDate.map { (assignment, $0) } }
    nextDeadline = dated.map(\.1).filter { $0 > now && $0 <= horizon }.min()
    let dueToday = dated.filter { clock.day(of: $0.1) == today }.map(\.0)
    isHeavyDay =
      dueToday.count >= Self.heavyAssignmentCount
      || dueToday.reduce(0) { $0 + max(0, $1.points ?? 0) } >= Self.heavyPointTotal
    endOfDay = Self.endOfDay(now, clock: clock)
  }

  /// A day with nothing known about it: what every device without personalisation gets.
  public static func everyday(now: Date, timeZone: TimeZone) -> DaySignals {
    DaySignals(canvas: TodayCanvas(assignmentsToday: [], examsToday: []), now: now, timeZone: timeZone)
  }

  /// The moment an encouragement should be written for: exam, then deadline, then heavy day.
  public var moment: Moment {
    if nextExam != nil { return .exam }
    if nextDeadline != nil { return .deadline }
    return isHeavyDay ? .heavyDay : .everyday
  }

  /// When an encouragement chosen for ``moment`` stops being relevant: the exam's start, the
  /// deadline, or the end of the local day.
  public var expiry: Date {
    switch moment {
    case .exam: nextExam ?? endOfDay
    case .deadline: nextDeadline ?? endOfDay
    case .heavyDay, .everyday: endOfDay
    }
  }

  static func endOfDay(_ now: Date, clock: ZonedClock) -> Date {
    clock.instant(on: clock.day(of: now).adding(days: 1), at: TimeOfDay(hour: 0, minute: 0)!)
  }
}
