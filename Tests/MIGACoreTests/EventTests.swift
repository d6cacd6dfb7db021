// Foundation (not just FoundationEssentials) on purpose: on Linux it links the time zone database
// that `TimeZone(ianaIdentifier:)` needs, as the server and app executables do.
import Foundation
import MIGACore
import OrchardKit
import Testing

// MARK: - Fixtures shared by the MIGACore tests

/// A day from its ISO form; traps on a typo in the test itself.
func day(_ iso: String) -> LocalDay {
  guard let day = LocalDay(iso) else { preconditionFailure("bad test date \(iso)") }
  return day
}

/// An instant from "2026-03-08T05:00:00Z"; traps on a typo in the test itself.
func instant(_ iso: String) -> Date {
  try! Date(iso, strategy: .iso8601)
}

/// A day boundary in a real IANA zone.
func boundary(_ zone: String, startHour: Int = 4) -> DayBoundary {
  try! DayBoundary(timeZone: TimeZone(ianaIdentifier: zone), dayStartHour: startHour)
}

/// Builds a log by hand, stating each event's frozen local day outright.
struct LogBuilder {
  var generator = SeededRandomNumberGenerator(seed: 7)
  var log = EventLog()

  /// Appends an event at `at` (UTC) on `day`, for `app` unless told otherwise.
  @discardableResult
  mutating func add(
    _ kind: EventKind, at iso: String, day dayISO: String, app: String? = "instagram", intention: Intention? = nil,
    zone: String = "America/New_York"
  ) -> MIGAEvent {
    let event = MIGAEvent(
      id: IdempotencyID(using: &generator), kind: kind, occurredAt: instant(iso), timeZone: zone, localDay: day(dayISO),
      metadata: EventMetadata(appID: app, intention: intention))
    log.append(event)
    return event
  }

  /// Appends `count` events of `kind` at noon UTC on `dayISO`.
  mutating func add(_ count: Int, _ kind: EventKind, on dayISO: String, app: String? = "instagram") {
    for _ in 0..<count {
      add(kind, at: "\(dayISO)T12:00:00Z", day: dayISO, app: app)
    }
  }
}

// MARK: - Events

@Suite("MIGA events", .timeLimit(.minutes(5)))
struct EventTests {
  private let sample = MIGAEvent(
    id: IdempotencyID("0123456789abcdef0123456789abcdef")!, kind: .exitSelected,
    occurredAt: Date(timeIntervalSince1970: 1_795_309_323.456), timeZone: "America/New_York",
    localDay: day("2026-11-21"),
    metadata: EventMetadata(
      appID: "instagram", contentID: "meditations-4.3", contentCategory: .stoicism, timerLength: 15,
      sessionDuration: 17.5, intention: nil))

  @Test("event kinds are exactly the eight snake_case names of research §C")
  func kindNames() {
    #expect(
      EventKind.allCases.map(\.rawValue) == [
        "session_start", "gateway_completed", "exit_selected", "open_selected", "content_read", "content_reread",
        "streak_started", "streak_broken",
      ])
  }

  @Test("an event encodes with snake_case keys and occurred_at as a UTC string to the millisecond")
  func wireForm() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(sample), as: UTF8.self)
    // 1_795_309_323.456 s after 1970 is 2026-11-22 01:02:03.456 UTC.
    #expect(
      json == """
        {"event_id":"0123456789abcdef0123456789abcdef","kind":"exit_selected","local_day":"2026-11-21",\
        "metadata":{"app_id":"instagram","content_category":"stoicism","content_id":"meditations-4.3",\
        "session_duration":17.5,"timer_length":15},"occurred_at":"2026-11-22T01:02:03.456Z",\
        "time_zone":"America/New_York"}
        """)
  }

  @Test("the encoder's date strategy cannot change occurred_at")
  func dateStrategyIgnored() throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    let object = try JSONSerialization.jsonObject(with: try encoder.encode(sample)) as! [String: Any]
    #expect(object["occurred_at"] as? String == "2026-11-22T01:02:03.456Z")
  }

  @Test("an event survives a JSON round trip unchanged")
  func roundTrip() throws {
    let decoded = try JSONDecoder().decode(MIGAEvent.self, from: try JSONEncoder().encode(sample))
    #expect(decoded == sample)
  }

  @Test("an instant before 1970 keeps its milliseconds")
  func beforeEpoch() throws {
    let early = MIGAEvent(
      id: sample.id, kind: .sessionStart, occurredAt: Date(timeIntervalSince1970: -0.001), timeZone: "UTC",
      localDay: day("1969-12-31"))
    let data = try JSONEncoder().encode(early)
    #expect(String(decoding: data, as: UTF8.self).contains("\"1969-12-31T23:59:59.999Z\""))
    #expect(try JSONDecoder().decode(MIGAEvent.self, from: data) == early)
  }

  @Test(
    "occurred_at has one spelling; others are refused",
    arguments: [
      "2026-11-22T01:02:03Z", "2026-11-22T01:02:03.456+00:00", "2026-11-22T01:02:03.456z", "2026-11-22 01:02:03.456Z",
      "2026-11-22T24:00:00.000Z", "2026-02-30T01:02:03.456Z", "2026-11-22T01:02:03.45Z",
    ])
  func strictInstant(_ text: String) throws {
    let good = String(decoding: try JSONEncoder().encode(sample), as: UTF8.self)
    let bad = good.replacingOccurrences(of: "2026-11-22T01:02:03.456Z", with: text)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(MIGAEvent.self, from: Data(bad.utf8)) }
  }

  @Test("an unknown kind or a malformed event_id does not decode")
  func strictFields() throws {
    let good = String(decoding: try JSONEncoder().encode(sample), as: UTF8.self)
    for bad in [
      good.replacingOccurrences(of: "exit_selected", with: "exit"),
      good.replacingOccurrences(of: "0123456789abcdef0123456789abcdef", with: "0123456789ABCDEF0123456789abcdef"),
    ] {
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(MIGAEvent.self, from: Data(bad.utf8)) }
    }
  }
}

// MARK: - Recording

@Suite("Event recorder", .timeLimit(.minutes(5)))
struct EventRecorderTests {
  @Test("a recorded event carries a seeded id, the clock's instant to the millisecond, the zone and the local day")
  func stamping() throws {
    let clock = FixedClock(instant("2026-03-10T15:00:00Z").addingTimeInterval(0.123_456))
    let recorder = EventRecorder(clock: clock, boundary: boundary("America/New_York"))
    var generator = SeededRandomNumberGenerator(seed: 42)
    let event = recorder.event(.sessionStart, metadata: EventMetadata(appID: "tiktok"), using: &generator)

    var replay = SeededRandomNumberGenerator(seed: 42)
    #expect(event.id == IdempotencyID(using: &replay))
    #expect(event.occurredAt == Date(timeIntervalSince1970: 1_773_154_800.123))
    #expect(event.timeZone == "America/New_York")
    #expect(event.localDay == day("2026-03-10"))
    #expect(event.metadata.appID == "tiktok")
  }

  @Test("with the default 04:00 day start, an exit at 03:30 belongs to the previous day")
  func earlyMorningIsYesterday() {
    // 2026-03-11T07:30Z is 03:30 EDT on 11 March.
    let recorder = EventRecorder(
      clock: FixedClock(instant("2026-03-11T07:30:00Z")), boundary: boundary("America/New_York"))
    var generator = SeededRandomNumberGenerator(seed: 1)
    #expect(recorder.event(.exitSelected, using: &generator).localDay == day("2026-03-10"))
    #expect(recorder.boundary.dayStartHour == 4)
  }

  @Test("a local day stays frozen when the person later changes zone or day start")
  func frozenDay() throws {
    var recorder = EventRecorder(
      clock: FixedClock(instant("2026-03-10T20:00:00Z")), boundary: boundary("Asia/Tokyo"))
    var generator = SeededRandomNumberGenerator(seed: 1)
    var log = EventLog()
    recorder.record(.sessionStart, metadata: EventMetadata(appID: "x"), in: &log, using: &generator)
    recorder.boundary = boundary("America/New_York", startHour: 0)
    recorder.record(.sessionStart, metadata: EventMetadata(appID: "x"), in: &log, using: &generator)
    // 20:00Z is 05:00 on 11 March in Tokyo (after 04:00) and 16:00 on 10 March in New York.
    #expect(log.events.map(\.localDay) == [day("2026-03-11"), day("2026-03-10")])
    #expect(log.events.map(\.timeZone) == ["Asia/Tokyo", "America/New_York"])
    let decoded = try JSONDecoder().decode(EventLog.self, from: try JSONEncoder().encode(log))
    #expect(decoded.events.map(\.localDay) == log.events.map(\.localDay))
  }

  @Test("a day start outside 0...23 is refused", arguments: [-1, 24, 100])
  func badStartHour(_ hour: Int) {
    #expect(throws: DayBoundaryError.startHourOutOfRange(hour)) {
      try DayBoundary(timeZone: .gmt, dayStartHour: hour)
    }
  }

  @Test("day starts 0 and 23 are allowed, and 4 is the default")
  func startHourLimits() throws {
    #expect(try DayBoundary(timeZone: .gmt, dayStartHour: 0).dayStartHour == 0)
    #expect(try DayBoundary(timeZone: .gmt, dayStartHour: 23).dayStartHour == 23)
    #expect(try DayBoundary(timeZone: .gmt).dayStartHour == 4)
  }
}

// MARK: - Validation

@Suite("Event validation", .timeLimit(.minutes(5)))
struct EventValidationTests {
  private func event(
    at iso: String = "2026-03-10T12:00:00Z", day dayISO: String = "2026-03-10", zone: String = "America/New_York",
    metadata: EventMetadata = EventMetadata(appID: "instagram")
  ) -> MIGAEvent {
    MIGAEvent(
      id: IdempotencyID("00000000000000000000000000000001")!, kind: .sessionStart, occurredAt: instant(iso),
      timeZone: zone, localDay: day(dayISO), metadata: metadata)
  }

  @Test("codes are stable UPPER_SNAKE strings, one per rule")
  func codes() {
    #expect(
      EventValidationError.allCases.map(\.code) == [
        "LOCAL_DAY_OUT_OF_RANGE", "INVALID_TIME_ZONE", "INVALID_APP_ID", "INVALID_CONTENT_ID",
        "TIMER_LENGTH_OUT_OF_RANGE", "SESSION_DURATION_OUT_OF_RANGE",
      ])
  }

  @Test("a well-formed event passes")
  func valid() throws {
    try event(
      metadata: EventMetadata(
        appID: "com.burbn.instagram", contentID: "tao-te-ching:8", contentCategory: .reflection, timerLength: 5,
        sessionDuration: 0, intention: .reply)
    ).validate()
  }

  @Test("local_day may be 2 days before to 1 day after the UTC date", arguments: [-2, -1, 0, 1])
  func dayOffsetAllowed(_ offset: Int) throws {
    try event(day: day("2026-03-10").adding(days: offset).description).validate()
  }

  @Test("local_day further from the UTC date is refused", arguments: [-3, 2, 30])
  func dayOffsetRefused(_ offset: Int) {
    #expect(throws: EventValidationError.localDayOutOfRange) {
      try event(day: day("2026-03-10").adding(days: offset).description).validate()
    }
  }

  @Test("the extreme real zones and day starts stay inside the allowed offsets")
  func extremesAreRecordable() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    // +14 h: 10:00Z is 00:00 next day on Kiritimati → local day is the UTC date + 1.
    let east = EventRecorder(
      clock: FixedClock(instant("2026-03-10T10:00:00Z")), boundary: boundary("Pacific/Kiritimati", startHour: 0))
    let eastEvent = east.event(.sessionStart, using: &generator)
    #expect(eastEvent.localDay == day("2026-03-11"))
    try eastEvent.validate()
    // −12 h and a 23:00 start: 00:30Z is 12:30 on 9 March, before 23:00, so the day is 8 March.
    let west = EventRecorder(
      clock: FixedClock(instant("2026-03-10T00:30:00Z")), boundary: boundary("Etc/GMT+12", startHour: 23))
    let westEvent = west.event(.sessionStart, using: &generator)
    #expect(westEvent.localDay == day("2026-03-08"))
    try westEvent.validate()
  }

  @Test(
    "app ids follow [a-z0-9][a-z0-9._-]{0,63}",
    arguments: [
      ("instagram", true), ("com.burbn.instagram", true), ("x", true), ("9gag", true), ("a_b-c.d", true),
      (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false), ("", false),
      ("Instagram", false), ("-x", false), (".x", false), ("insta gram", false), ("instagrám", false),
    ])
  func appIDs(_ appID: String, _ isValid: Bool) {
    let metadata = EventMetadata(appID: appID)
    if isValid {
      #expect(throws: Never.self) { try event(metadata: metadata).validate() }
    } else {
      #expect(throws: EventValidationError.invalidAppID) { try event(metadata: metadata).validate() }
    }
  }

  @Test("content ids are 1...64 printable ASCII characters without spaces")
  func contentIDs() throws {
    try event(metadata: EventMetadata(contentID: String(repeating: "c", count: 64))).validate()
    for bad in ["", String(repeating: "c", count: 65), "two words", "tab\there", "é"] {
      #expect(throws: EventValidationError.invalidContentID) {
        try event(metadata: EventMetadata(contentID: bad)).validate()
      }
    }
  }

  @Test("zone names must look like IANA names")
  func zoneNames() throws {
    for good in ["America/Argentina/Buenos_Aires", "Etc/GMT+5", "GMT+0900", "UTC"] {
      try event(zone: good).validate()
    }
    for bad in ["", "America/New York", "/etc/localtime", "9Zone", String(repeating: "A", count: 65)] {
      #expect(throws: EventValidationError.invalidTimeZone) { try event(zone: bad).validate() }
    }
  }

  @Test("timer length is 5...120 seconds")
  func timerLength() throws {
    try event(metadata: EventMetadata(timerLength: 120)).validate()
    for bad in [4, 121, 0, -5] {
      #expect(throws: EventValidationError.timerLengthOutOfRange) {
        try event(metadata: EventMetadata(timerLength: bad)).validate()
      }
    }
  }

  @Test("session duration is 0...86400 seconds and a real number")
  func sessionDuration() throws {
    try event(metadata: EventMetadata(sessionDuration: 86_400)).validate()
    for bad in [-0.5, 86_400.5, .nan, .infinity] {
      #expect(throws: EventValidationError.sessionDurationOutOfRange) {
        try event(metadata: EventMetadata(sessionDuration: bad)).validate()
      }
    }
  }
}

// MARK: - Log

@Suite("Event log", .timeLimit(.minutes(5)))
struct EventLogTests {
  @Test("the log keeps recording order and ignores a repeated id")
  func appendOnly() {
    var builder = LogBuilder()
    let first = builder.add(.sessionStart, at: "2026-03-10T12:00:00Z", day: "2026-03-10")
    let second = builder.add(.exitSelected, at: "2026-03-10T11:00:00Z", day: "2026-03-10")
    var log = builder.log
    #expect(log.append(first) == false)
    log.append(contentsOf: [second, first])
    #expect(log.events == [first, second])
    #expect(log.contains(first.id))
  }

  @Test("a log survives JSON, and decoding a repeated id keeps the first")
  func codable() throws {
    var builder = LogBuilder()
    let first = builder.add(.sessionStart, at: "2026-03-10T12:00:00Z", day: "2026-03-10")
    builder.add(.exitSelected, at: "2026-03-10T12:00:30Z", day: "2026-03-10")
    let log = builder.log
    #expect(try JSONDecoder().decode(EventLog.self, from: try JSONEncoder().encode(log)) == log)

    let doubled = try JSONEncoder().encode(log.events + [first])
    #expect(try JSONDecoder().decode(EventLog.self, from: doubled) == log)
  }
}

@Suite("Event refusals in words", .timeLimit(.minutes(5)))
struct EventRefusalTextTests {
  private let english = MIGATexts.all.localizer(.english)

  @Test("each refusal's sentence is filled from its rule's range")
  func filled() {
    let day = EventValidationError.localDayOutOfRange.message
    #expect(day.values["before"] as? Int == -MIGAEvent.localDayOffsetRange.lowerBound)
    #expect(day.values["after"] as? Int == MIGAEvent.localDayOffsetRange.upperBound)
    #expect(english(day) == "local_day must be from 2 days before to 1 day after the UTC date of occurred_at")
    let duration = EventValidationError.sessionDurationOutOfRange.message
    #expect(duration.values["min"] as? Int == Int(MIGAEvent.sessionDurationRange.lowerBound))
    #expect(duration.values["max"] as? Int == Int(MIGAEvent.sessionDurationRange.upperBound))
    let timer = english(EventValidationError.timerLengthOutOfRange.message)
    #expect(
      timer
        == "metadata.timer_length must be \(MIGAEvent.timerLengthRange.lowerBound) to \(MIGAEvent.timerLengthRange.upperBound) seconds"
    )
    for error in [EventValidationError.invalidAppID, .invalidContentID] {
      #expect(english(error.message).contains("\(MIGAEvent.idLength.lowerBound) to \(MIGAEvent.idLength.upperBound)"))
    }
    for error in EventValidationError.allCases {
      #expect(!english(error.message).contains("{"), "\(error) leaves a placeholder unfilled")
    }
  }

  @Test("app and content ids are as long as idLength allows, no longer")
  func idLength() {
    let longest = String(repeating: "a", count: MIGAEvent.idLength.upperBound)
    #expect(MIGAEvent.isContentID(longest) && !MIGAEvent.isContentID(longest + "a") && !MIGAEvent.isContentID(""))
  }
}
