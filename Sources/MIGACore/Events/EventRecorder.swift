import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a person's day begins: their zone and a start hour, 04:00 by default so a late night
/// still belongs to the day before (shift workers asked for this; research §C).
public struct DayBoundary: Sendable, Hashable {
  /// The zone whose wall clock decides the day.
  public let timeZone: TimeZone
  /// The hour, 0...23, at which a new day begins.
  public let dayStartHour: Int

  /// The hours a day may start at.
  public static let startHours = 0...23

  /// Creates a boundary; throws when `dayStartHour` is not one of ``startHours``.
  public init(timeZone: TimeZone, dayStartHour: Int = 4) throws(DayBoundaryError) {
    guard Self.startHours.contains(dayStartHour) else { throw .startHourOutOfRange(dayStartHour) }
    self.timeZone = timeZone
    self.dayStartHour = dayStartHour
  }

  /// The local day `instant` falls on.
  public func day(containing instant: Date) -> LocalDay {
    LocalDay(containing: instant, in: timeZone, dayStartHour: dayStartHour)
  }
}

/// Why a ``DayBoundary`` could not be made.
public enum DayBoundaryError: Error, Sendable, Hashable {
  /// The start hour was outside 0...23.
  case startHourOutOfRange(Int)
}

/// Stamps new events: a random id, the clock's instant (to the millisecond), the zone's name and
/// the local day, frozen there for good.
public struct EventRecorder: Sendable {
  /// The clock events are stamped from.
  public let clock: any WallClock
  /// The person's current zone and day start; set a new one when they travel or change it.
  public var boundary: DayBoundary

  /// Creates a recorder.
  public init(clock: any WallClock, boundary: DayBoundary) {
    self.clock = clock
    self.boundary = boundary
  }

  /// A new event of `kind`, stamped now.
  public func event<G: RandomNumberGenerator>(
    _ kind: EventKind, metadata: EventMetadata = EventMetadata(), using generator: inout G
  ) -> MIGAEvent {
    stamp(kind, metadata: metadata, at: WireTimestamp.wholeMilliseconds(clock.now), using: &generator)
  }

  /// Records an activity in `log`, followed by any streak events it makes due; returns what was
  /// appended. Costs one pass over the log.
  @discardableResult
  public func record<G: RandomNumberGenerator>(
    _ kind: EventKind, metadata: EventMetadata = EventMetadata(), in log: inout EventLog, using generator: inout G
  ) -> [MIGAEvent] {
    let now = WireTimestamp.wholeMilliseconds(clock.now)
    let activity = stamp(kind, metadata: metadata, at: now, using: &generator)
    log.append(activity)
    let streakEvents = StreakEvents.due(in: log, at: now, boundary: boundary).map {
      stamp($0.kind, metadata: EventMetadata(), at: now, using: &generator)
    }
    log.append(contentsOf: streakEvents)
    return [activity] + streakEvents
  }

  private func stamp<G: RandomNumberGenerator>(
    _ kind: EventKind, metadata: EventMetadata, at instant: Date, using generator: inout G
  ) -> MIGAEvent {
    MIGAEvent(
      id: IdempotencyID(using: &generator), kind: kind, occurredAt: instant, timeZone: boundary.timeZone.identifier,
      localDay: boundary.day(containing: instant), metadata: metadata)
  }
}

/// A streak event that should be appended now.
public struct DueStreakEvent: Sendable, Hashable {
  /// `.streakStarted` or `.streakBroken`.
  public let kind: EventKind
  /// Today, the day the event is recorded on.
  public let localDay: LocalDay

  /// The dedupe key, `"streak_broken:2026-03-10"`; the server prefixes the install.
  public var key: String { "\(kind.rawValue):\(localDay)" }
}

/// The streak-event rule (research §C), as a pure function of the log.
///
/// The log's last streak event says what the person was last told. If it was `streak_started` and
/// the run that started is no longer alive, `streak_broken` is due — so it is emitted once, at the
/// first activity after the boundary at which the run was lost. If a run is alive that was never
/// announced, `streak_started` is due. Both can be due at once (broken, then started).
public enum StreakEvents {
  /// The streak events to append for an activity at `now`; `log` should already hold that
  /// activity. Calling it again after appending the result returns nothing.
  public static func due(in log: EventLog, at now: Date, boundary: DayBoundary) -> [DueStreakEvent] {
    let today = boundary.day(containing: now)
    let streak = ControlStreak(days: DailyCounts(log.events), today: today)
    let announced = log.events.last { $0.kind == .streakStarted || $0.kind == .streakBroken }
    // The announced run is still alive if the current run began no later than the announcement.
    let announcedRunAlive =
      announced?.kind == .streakStarted
      && streak.currentStart.map { start in announced.map { start <= $0.localDay } ?? false } ?? false
    var due: [DueStreakEvent] = []
    if announced?.kind == .streakStarted && !announcedRunAlive {
      due.append(DueStreakEvent(kind: .streakBroken, localDay: today))
    }
    if streak.current > 0 && !announcedRunAlive {
      due.append(DueStreakEvent(kind: .streakStarted, localDay: today))
    }
    let logged = Set(
      log.events.lazy.filter { $0.kind == .streakStarted || $0.kind == .streakBroken }.map {
        DueStreakEvent(kind: $0.kind, localDay: $0.localDay)
      })
    return due.filter { !logged.contains($0) }
  }
}
