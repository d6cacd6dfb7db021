import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one local day holds for the daily metrics.
struct DayCounts: Sendable, Hashable {
  /// `session_start` events that name an app (A).
  var attempts = 0
  /// `exit_selected` events (E).
  var exits = 0
  /// `open_selected` events with an intention (I).
  var intentionalOpens = 0
}

/// Per-day counts keyed by each event's frozen local day; no time zone is consulted.
struct DailyCounts: Sendable {
  private(set) var byDay: [LocalDay: DayCounts] = [:]
  /// The earliest local day of any event: the person's first day with MIGA.
  private(set) var firstDay: LocalDay?

  init() {}

  init(_ events: some Sequence<MIGAEvent>) {
    for event in events {
      add(event)
    }
  }

  subscript(day: LocalDay) -> DayCounts {
    byDay[day] ?? DayCounts()
  }

  mutating func add(_ event: MIGAEvent) {
    if firstDay.map({ event.localDay < $0 }) ?? true {
      firstDay = event.localDay
    }
    switch event.kind {
    case .sessionStart where event.metadata.appID != nil:
      byDay[event.localDay, default: DayCounts()].attempts += 1
    case .exitSelected:
      byDay[event.localDay, default: DayCounts()].exits += 1
    case .openSelected where event.metadata.intention != nil:
      byDay[event.localDay, default: DayCounts()].intentionalOpens += 1
    default:
      break
    }
  }

  /// The sum of `counts` over the days from `start` through `end`.
  func total(from start: LocalDay, through end: LocalDay, _ counts: (DayCounts) -> Int) -> Int {
    guard start <= end else { return 0 }
    return (0...end.days(from: start)).reduce(0) { $0 + counts(self[start.adding(days: $1)]) }
  }
}

/// An exit, as the hours-reclaimed estimate needs it.
struct ExitRecord: Sendable {
  let instant: Date
  let appID: String?
  let localDay: LocalDay
}

/// The single pass over the log that every stat is computed from.
struct LogScan: Sendable {
  var lifetime = LifetimeCounts()
  var days = DailyCounts()
  var exits: [ExitRecord] = []
  /// Proceed instants per app, in log order.
  var opensByApp: [String: [Date]] = [:]

  init(_ events: some Sequence<MIGAEvent>) {
    for event in events {
      days.add(event)
      lifetime.add(event)
      switch event.kind {
      case .exitSelected:
        exits.append(ExitRecord(instant: event.occurredAt, appID: event.metadata.appID, localDay: event.localDay))
      case .openSelected:
        if let app = event.metadata.appID {
          opensByApp[app, default: []].append(event.occurredAt)
        }
      default:
        break
      }
    }
  }
}
