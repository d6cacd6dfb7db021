import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What happened, as stored in the local log and sent to the server (research §C).
public enum EventKind: String, Codable, CaseIterable, Sendable {
  /// The person tapped an app in the hub: an attempt (A) when it names the app.
  case sessionStart = "session_start"
  /// The pause ran to its end (C).
  case gatewayCompleted = "gateway_completed"
  /// The person chose Exit (E).
  case exitSelected = "exit_selected"
  /// The person chose Proceed and the app opened (P).
  case openSelected = "open_selected"
  /// A piece of content read for the first time (R).
  case contentRead = "content_read"
  /// A piece of content read again (RR).
  case contentReread = "content_reread"
  /// A new control streak began.
  case streakStarted = "streak_started"
  /// The control streak that was alive ended.
  case streakBroken = "streak_broken"
}

/// The optional details of an event; which ones are set depends on the kind.
public struct EventMetadata: Codable, Sendable, Hashable {
  /// The gated app, e.g. `"instagram"`.
  public var appID: String?
  /// The quote or passage shown.
  public var contentID: String?
  /// The category of that content.
  public var contentCategory: ContentCategory?
  /// The pause length in seconds.
  public var timerLength: Int?
  /// Seconds the gateway was open.
  public var sessionDuration: Double?
  /// The intention picked at Proceed.
  public var intention: Intention?

  /// Creates metadata; everything not given is absent.
  public init(
    appID: String? = nil, contentID: String? = nil, contentCategory: ContentCategory? = nil,
    timerLength: Int? = nil, sessionDuration: Double? = nil, intention: Intention? = nil
  ) {
    self.appID = appID
    self.contentID = contentID
    self.contentCategory = contentCategory
    self.timerLength = timerLength
    self.sessionDuration = sessionDuration
    self.intention = intention
  }

  enum CodingKeys: String, CodingKey {
    case appID = "app_id"
    case contentID = "content_id"
    case contentCategory = "content_category"
    case timerLength = "timer_length"
    case sessionDuration = "session_duration"
    case intention
  }
}

/// One recorded event. `localDay` is written once, when the event is recorded, and never recomputed:
/// a later change of zone or day-start hour must not move past events to other days (research §C).
public struct MIGAEvent: Codable, Sendable, Hashable, Identifiable {
  /// The client-generated key the server dedupes on (JSON `event_id`).
  public let id: IdempotencyID
  /// What happened.
  public let kind: EventKind
  /// The UTC instant; JSON carries it to the millisecond.
  public let occurredAt: Date
  /// The IANA zone the device was in, e.g. `"America/New_York"`.
  public let timeZone: String
  /// The person's day when the event was recorded.
  public let localDay: LocalDay
  /// The details that go with `kind`.
  public let metadata: EventMetadata

  /// Creates an event from stored or received fields; new events come from ``EventRecorder``.
  public init(
    id: IdempotencyID, kind: EventKind, occurredAt: Date, timeZone: String, localDay: LocalDay,
    metadata: EventMetadata = EventMetadata()
  ) {
    self.id = id
    self.kind = kind
    self.occurredAt = occurredAt
    self.timeZone = timeZone
    self.localDay = localDay
    self.metadata = metadata
  }

  enum CodingKeys: String, CodingKey {
    case id = "event_id"
    case kind
    case occurredAt = "occurred_at"
    case timeZone = "time_zone"
    case localDay = "local_day"
    case metadata
  }

  // `occurred_at` is always "2026-11-22T01:02:03.456Z", whatever the coder's date strategy.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .occurredAt)
    guard case .value(let instant) = WireTimestamp.instant(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: .occurredAt, in: container, debugDescription: "expected YYYY-MM-DDTHH:MM:SS.sssZ, got \"\(text)\"")
    }
    self.init(
      id: try container.decode(IdempotencyID.self, forKey: .id),
      kind: try container.decode(EventKind.self, forKey: .kind),
      occurredAt: instant,
      timeZone: try container.decode(String.self, forKey: .timeZone),
      localDay: try container.decode(LocalDay.self, forKey: .localDay),
      metadata: try container.decode(EventMetadata.self, forKey: .metadata))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    guard WireTimestamp.utcDay(of: occurredAt) != nil else {
      throw EncodingError.invalidValue(
        occurredAt, .init(codingPath: encoder.codingPath, debugDescription: "year outside 1...9999"))
    }
    let text = WireTimestamp.format(occurredAt)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(text, forKey: .occurredAt)
    try container.encode(timeZone, forKey: .timeZone)
    try container.encode(localDay, forKey: .localDay)
    try container.encode(metadata, forKey: .metadata)
  }
}

// MARK: - Validation

/// Why the server refuses an event; `code` is stable and goes back to the client in the receipt.
///
/// Malformed ids, kinds, instants and days never get this far: decoding already rejects them.
public enum EventValidationError: Error, Sendable, Hashable, CaseIterable {
  case localDayOutOfRange
  case invalidTimeZone
  case invalidAppID
  case invalidContentID
  case timerLengthOutOfRange
  case sessionDurationOutOfRange

  /// The machine code, in the API's `UPPER_SNAKE` style.
  public var code: String {
    switch self {
    case .localDayOutOfRange: "LOCAL_DAY_OUT_OF_RANGE"
    case .invalidTimeZone: "INVALID_TIME_ZONE"
    case .invalidAppID: "INVALID_APP_ID"
    case .invalidContentID: "INVALID_CONTENT_ID"
    case .timerLengthOutOfRange: "TIMER_LENGTH_OUT_OF_RANGE"
    case .sessionDurationOutOfRange: "SESSION_DURATION_OUT_OF_RANGE"
    }
  }

  /// The rule the event broke, in words filled from the rule's own range.
  public var message: Message<MIGAText> {
    switch self {
    case .localDayOutOfRange:
      Message(
        .eventLocalDay,
        ["before": -MIGAEvent.localDayOffsetRange.lowerBound, "after": MIGAEvent.localDayOffsetRange.upperBound])
    case .invalidTimeZone: Message(.eventTimeZone)
    case .invalidAppID:
      Message(.eventAppID, ["min": MIGAEvent.idLength.lowerBound, "max": MIGAEvent.idLength.upperBound])
    case .invalidContentID:
      Message(.eventContentID, ["min": MIGAEvent.idLength.lowerBound, "max": MIGAEvent.idLength.upperBound])
    case .timerLengthOutOfRange:
      Message(
        .eventTimerLength,
        ["min": MIGAEvent.timerLengthRange.lowerBound, "max": MIGAEvent.timerLengthRange.upperBound])
    case .sessionDurationOutOfRange:
      Message(
        .eventSessionDuration,
        [
          "min": Int(MIGAEvent.sessionDurationRange.lowerBound),
          "max": Int(MIGAEvent.sessionDurationRange.upperBound),
        ])
    }
  }
}

extension MIGAEvent {
  /// How far `local_day` may sit from the UTC date of `occurred_at`. Offsets run from −12 h to
  /// +14 h and a day may start as late as 23:00, so the local day is at most 2 days before
  /// (−12 h − 23 h = −35 h) and 1 day after (+14 h) the UTC date.
  public static let localDayOffsetRange = -2...1
  /// Allowed pause lengths, in seconds.
  public static let timerLengthRange = 5...120
  /// Allowed gateway durations, in seconds (one day).
  public static let sessionDurationRange = 0.0...86_400
  /// How many bytes an app id or a content id may have.
  public static let idLength = 1...64

  /// Throws the first rule the event breaks. The zone name is checked for shape only: a core
  /// without the time zone database cannot tell a real zone from a well-formed made-up one.
  public func validate() throws(EventValidationError) {
    guard let utcDay = WireTimestamp.utcDay(of: occurredAt),
      Self.localDayOffsetRange.contains(localDay.days(from: utcDay))
    else { throw .localDayOutOfRange }
    try Self.validateFields(timeZone: timeZone, metadata: metadata)
  }

  /// Throws the first rule the event's own fields break (everything but its day), which holds
  /// whatever its dates are.
  public static func validateFields(timeZone: String, metadata: EventMetadata) throws(EventValidationError) {
    guard IANAZone.isWellFormed(timeZone) else { throw .invalidTimeZone }
    if let appID = metadata.appID, !Self.isAppID(appID) { throw .invalidAppID }
    if let contentID = metadata.contentID, !Self.isContentID(contentID) { throw .invalidContentID }
    if let length = metadata.timerLength, !Self.timerLengthRange.contains(length) {
      throw .timerLengthOutOfRange
    }
    if let duration = metadata.sessionDuration, !Self.sessionDurationRange.contains(duration) {
      throw .sessionDurationOutOfRange
    }
  }

  /// `[a-z0-9][a-z0-9._-]{0,63}`
  static func isAppID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard idLength.contains(bytes.count), isLowerAlphanumeric(bytes[0]) else { return false }
    return bytes.allSatisfy {
      isLowerAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
    }
  }

  /// ``idLength`` printable ASCII characters without spaces, e.g. `"meditations-4.3"`.
  public static func isContentID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return idLength.contains(bytes.count) && bytes.allSatisfy { (0x21...0x7E).contains($0) }
  }

  private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || isDigit(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
