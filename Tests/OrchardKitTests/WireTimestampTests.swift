import Foundation
import OrchardKit
import Testing

@Suite("Wire timestamps", .timeLimit(.minutes(5)))
struct WireTimestampTests {
  @Test("milliseconds and whole seconds are read exactly")
  func reads() {
    guard case .value(let ms) = WireTimestamp.instant("2026-11-17T23:59:07.250Z") else {
      Issue.record("milliseconds did not parse")
      return
    }
    let foundation = try? Date("2026-11-17T23:59:07Z", strategy: .iso8601)
    #expect(ms == foundation?.addingTimeInterval(0.25))
    guard case .value(let seconds) = WireTimestamp.instant("2026-11-17T23:59:07Z", precision: .seconds) else {
      Issue.record("seconds did not parse")
      return
    }
    #expect(seconds == foundation)
  }

  @Test(
    "anything but the exact spelling is malformed, and a date that does not exist is impossible",
    arguments: [
      ("2026-11-17T23:59:07Z", WireTimestamp.Precision.milliseconds, "malformed"),
      ("2026-11-17T23:59:07.250Z", .seconds, "malformed"),
      ("2026-11-17 23:59:07Z", .seconds, "malformed"),
      ("2026-11-17T24:00:00Z", .seconds, "malformed"),
      ("2026-11-17T23:59:07+00:00", .seconds, "malformed"),
      ("2026-11-17T23:59:07z", .seconds, "malformed"),
      ("2026-02-30T10:00:00Z", .seconds, "impossible"),
      ("2026-02-30T10:00:00.000Z", .milliseconds, "impossible"),
    ])
  func refuses(text: String, precision: WireTimestamp.Precision, expected: String) {
    switch WireTimestamp.instant(text, precision: precision) {
    case .value: Issue.record("\(text) parsed")
    case .malformed: #expect(expected == "malformed")
    case .impossible: #expect(expected == "impossible")
    }
  }

  @Test("both precisions agree with Foundation's ISO 8601 over many instants, both ways")
  func agreesWithFoundation() throws {
    var generator = SeededRandomNumberGenerator(seed: 42)
    let utc = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!)
    for _ in 0..<2_000 {
      // 1900 to 2100, to the millisecond.
      let ms = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)
      let instant = Date(timeIntervalSince1970: Double(ms) / 1000)
      let whole = Date(timeIntervalSince1970: (Double(ms) / 1000).rounded(.down))
      #expect(WireTimestamp.format(whole, precision: .seconds) == whole.formatted(utc))
      // Foundation truncates a fraction that binary floating point holds as .xyz999…, so the
      // milliseconds expected are the ones the instant was made from.
      let millis = String(((ms % 1000) + 1000) % 1000)
      let expected =
        whole.formatted(utc).dropLast() + "." + String(repeating: "0", count: 3 - millis.count) + millis + "Z"
      #expect(WireTimestamp.format(instant) == expected)
      guard case .value(let read) = WireTimestamp.instant(whole.formatted(utc), precision: .seconds) else {
        Issue.record("\(whole.formatted(utc)) did not parse")
        return
      }
      #expect(read == whole)
      guard case .value(let readMs) = WireTimestamp.instant(WireTimestamp.format(instant)) else {
        Issue.record("\(WireTimestamp.format(instant)) did not parse")
        return
      }
      #expect(abs(readMs.timeIntervalSince(instant)) < 0.0005)
    }
  }
}

@Suite("Reading any ISO 8601 instant", .timeLimit(.minutes(5)))
struct WireTimestampParseTests {
  @Test("the wire spellings, an offset and another fraction are read; 30 February and prose are not")
  func parse() {
    #expect(WireTimestamp.parse("2026-11-17T19:00:00Z")?.timeIntervalSince1970 == 1_794_942_000)
    #expect(WireTimestamp.parse("2026-11-17T19:00:00.250Z")?.timeIntervalSince1970 == 1_794_942_000.25)
    #expect(WireTimestamp.parse("2026-11-17T20:00:00+01:00")?.timeIntervalSince1970 == 1_794_942_000)
    #expect(WireTimestamp.parse("2026-02-30T10:00:00Z") == nil)
    #expect(WireTimestamp.parse("tomorrow") == nil)
  }

  @Test("an instant outside years 1 to 9999 has no UTC day a wire form can spell")
  func range() {
    #expect(WireTimestamp.utcDay(of: Date(timeIntervalSince1970: 0))?.description == "1970-01-01")
    #expect(WireTimestamp.utcDay(of: Date(timeIntervalSince1970: 400_000_000_000)) == nil)
  }
}
