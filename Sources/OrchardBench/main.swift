// Measures the cores' own work, for scripts/bench: MIGA's stats over a long event log, against the
// least any stats must do (one pass reading every event), in the same run.
//
//   orchard-bench miga-stats [events] [runs]   → one JSON object on stdout

import Foundation
import MIGACore
import OrchardKit
import ServerKit

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

/// A year and a half of heavy use: about 180 events a day across seven apps, recorded through the
/// core as the app records them.
func syntheticLog(events count: Int) throws -> (EventLog, Date, DayBoundary) {
  let boundary = try DayBoundary(timeZone: TimeZone(ianaIdentifier: "America/New_York"))
  let clock = ManualClock(Date(timeIntervalSince1970: 1_750_000_000))
  let recorder = EventRecorder(clock: clock, boundary: boundary)
  var generator = SeededRandomNumberGenerator(seed: 2026)
  var log = EventLog()
  let apps = AppRegistry.builtIn.map(\.id)
  let kinds: [EventKind] = [
    .sessionStart, .contentRead, .exitSelected, .sessionStart, .openSelected, .gatewayCompleted,
  ]
  var events: [MIGAEvent] = []
  events.reserveCapacity(count)
  while events.count < count {
    let kind = kinds[Int(generator.next(upperBound: UInt(kinds.count)))]
    let app = apps[Int(generator.next(upperBound: UInt(apps.count)))]
    events.append(
      recorder.event(
        kind, metadata: EventMetadata(appID: app, contentID: "c", timerLength: 30, sessionDuration: 12),
        using: &generator))
    clock.advance(by: 480)  // about 180 events a day
  }
  log.append(contentsOf: events)
  return (log, clock.now, boundary)
}

func migaStats(events: Int, runs: Int) throws {
  let (log, now, boundary) = try syntheticLog(events: events)
  var stats: [Double] = []
  var floor: [Double] = []
  var exits = 0
  var days = 0
  for _ in 0..<runs {
    floor.append(
      milliseconds(
        Stopwatch.time {
          var seen = Set<LocalDay>()
          for event in log.events where event.kind != .streakBroken { seen.insert(event.localDay) }
          days = seen.count
        }))
    stats.append(milliseconds(Stopwatch.time { exits = Stats(log: log, now: now, boundary: boundary).lifetime.exits }))
  }
  stats.sort()
  floor.sort()
  let result: [String: Any] = [
    "events": log.events.count, "runs": runs, "exits": exits, "days": days,
    "stats_p50_ms": percentile(stats, 0.5), "stats_p99_ms": percentile(stats, 0.99),
    "one_pass_p50_ms": percentile(floor, 0.5),
  ]
  let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "miga-stats":
  let values = arguments.dropFirst().compactMap { Int($0) }
  try migaStats(events: values.first ?? 100_000, runs: values.dropFirst().first ?? 30)
default:
  FileHandle.standardError.write(Data("usage: orchard-bench miga-stats [events] [runs]\n".utf8))
  exit(2)
}
