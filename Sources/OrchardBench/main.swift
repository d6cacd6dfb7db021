// Measures the cores' own work, for scripts/bench: MIGA's stats over a long event log, against the
// least any stats must do (one pass reading every event), in the same run.
//
//   orchard-bench miga-stats [events] [runs]   → one JSON object on stdout
//   orchard-bench argon2 [runs]                 → the time of one Argon2id hash and one check alone,
//                                                  at the parameters the server uses
//   orchard-bench dangdai-quizzes [seeds]       → the time to make one Dangdai quiz of each kind (the
//                                                  generator and its validator), over every lesson
//   orchard-bench cutouts [folder] [sheet.jpg]  → Wearbloom's local background removal over every photo
//                                                  in a folder: its time, its verdicts, a contact sheet
//   orchard-bench wearbloom-images [runs]       → a 12-megapixel upload made into every stored form, and
//                                                  a PNG bomb refused, with the peak memory it cost
//   orchard-bench wearbloom-photo OUT.jpg       → writes that 12-megapixel photo, for uploads through the API
//   orchard-bench wearbloom-render-overhead [runs] [postgres-url]
//                                               → a render's time in its job beyond its provider's own
//   orchard-bench wearbloom-credits [seconds] [postgres-url]
//                                               → credits reserved and captured per second, beside the
//                                                  engine's ceiling for one small write transaction

import DangdaiCore
import Foundation
import MIGACore
import OrchardIdentity
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

/// One hash and one check at a time, on the hasher's own pool: the work a sign-in waits for.
func argon2(runs: Int) async throws {
  let hasher = try PasswordHasher(random: .seeded(1))
  var hashes: [Double] = []
  var checks: [Double] = []
  var encoded = ""
  for index in 0..<runs {
    let started = ContinuousClock.now
    encoded = try await hasher.hash("a meadow of quiet tulips \(index)")
    hashes.append(milliseconds(ContinuousClock.now - started))
    let checked = ContinuousClock.now
    _ = try await hasher.verify("a meadow of quiet tulips \(index)", against: encoded)
    checks.append(milliseconds(ContinuousClock.now - checked))
  }
  hashes.sort()
  checks.sort()
  let result: [String: Any] = [
    "runs": runs, "parameters": hasher.parameters.description, "hash_p50_ms": percentile(hashes, 0.5),
    "hash_p99_ms": percentile(hashes, 0.99), "verify_p50_ms": percentile(checks, 0.5),
  ]
  let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}

/// Every kind of quiz on every lesson under `seeds` seeds, each timed alone: the work a
/// `POST /dangdai/api/v1/quizzes` does before it stores the quiz. A review quiz asks 15 words
/// due across the course.
func dangdaiQuizzes(seeds: Int) throws {
  let course = CompanionLessons.course
  let generator = QuizGenerator(course: course, language: .french)
  var result: [String: Any] = ["lessons": course.lessons.count, "seeds": seeds]
  let words = course.lessons.flatMap { lesson in lesson.vocabulary.map { (lesson: lesson.id, hanzi: $0.hanzi) } }
  for kind in QuizKind.allCases {
    var times: [Double] = []
    var questions = 0
    for seed in 0..<seeds {
      for lesson in course.lessons {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed * 1_000 + lesson.id.rawValue))
        let started = ContinuousClock.now
        let quiz =
          kind == .review
          ? generator.review(Array(words.shuffled(using: &random).prefix(QuizGenerator.reviewLimit)), using: &random)
          : generator.quiz(kind, lesson: lesson.id, using: &random) ?? []
        times.append(milliseconds(ContinuousClock.now - started))
        questions += quiz.count
      }
    }
    times.sort()
    result[kind.rawValue] = [
      "quizzes": times.count, "questions": questions, "p50_ms": percentile(times, 0.5),
      "p99_ms": percentile(times, 0.99), "max_ms": times.last ?? 0,
    ]
  }
  let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "argon2":
  try await argon2(runs: arguments.dropFirst().compactMap { Int($0) }.first ?? 50)
case "dangdai-quizzes":
  try dangdaiQuizzes(seeds: arguments.dropFirst().compactMap { Int($0) }.first ?? 20)
case "cutouts":
  let values = Array(arguments.dropFirst())
  try await cutouts(folder: values.first ?? "../shared/data/garments", sheet: values.dropFirst().first ?? "cutouts.jpg")
case "wearbloom-images":
  try await wearbloomImages(runs: arguments.dropFirst().compactMap { Int($0) }.first ?? 20)
case "wearbloom-photo":
  try await writeCameraPhoto(to: arguments.dropFirst().first ?? "photo.jpg")
case "wearbloom-render-overhead":
  let values = Array(arguments.dropFirst())
  try await wearbloomRenderOverhead(runs: values.first.flatMap { Int($0) } ?? 50, postgres: values.dropFirst().first)
case "wearbloom-credits":
  let values = Array(arguments.dropFirst())
  try await wearbloomCredits(seconds: values.first.flatMap { Double($0) } ?? 5, postgres: values.dropFirst().first)
case "miga-stats":
  let values = arguments.dropFirst().compactMap { Int($0) }
  try migaStats(events: values.first ?? 100_000, runs: values.dropFirst().first ?? 30)
default:
  let usage =
    "usage: orchard-bench miga-stats [events] [runs] | argon2 [runs] | dangdai-quizzes [seeds]"
    + " | cutouts [folder] [sheet.jpg] | wearbloom-images [runs] | wearbloom-photo OUT.jpg | wearbloom-render-overhead [runs] [postgres-url] | wearbloom-credits [seconds] [postgres-url]\n"
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}
