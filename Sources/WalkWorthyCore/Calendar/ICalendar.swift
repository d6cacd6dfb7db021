import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry of a school calendar feed: a VEVENT, or a VTODO with a DUE date.
///
/// `due` is set exactly when `kind` is `.deadline` (a VTODO's DUE, or a deadline VEVENT's start).
/// A date-only value (`VALUE=DATE`) is midnight of that day in the feed's zone, with `isAllDay` set.
public struct CalendarEvent: Sendable, Hashable {
  /// What the event means to a student, decided by ``ICalendar`` from its component and words.
  public enum Kind: Sendable, Hashable {
    case exam
    case deadline
    case event
  }

  public let uid: String?
  /// The unescaped SUMMARY; empty when the feed gives none.
  public let summary: String
  public let start: Date
  public let end: Date?
  public let due: Date?
  public let isAllDay: Bool
  public let kind: Kind

  public init(
    uid: String?, summary: String, start: Date, end: Date?, due: Date?, isAllDay: Bool, kind: Kind
  ) {
    self.uid = uid
    self.summary = summary
    self.start = start
    self.end = end
    self.due = due
    self.isAllDay = isAllDay
    self.kind = kind
  }
}

/// Why a whole feed was refused. A single unreadable event is skipped instead (see ``ICalendarFeed``).
public enum ICalendarError: Error, Hashable, Sendable {
  /// Which limit a feed broke.
  public enum Limit: Hashable, Sendable {
    /// More than ``ICalendar/maximumEvents`` VEVENT and VTODO components.
    case events
    /// An unfolded line longer than ``ICalendar/maximumLineLength`` characters.
    case lineLength
  }

  /// No `BEGIN:VCALENDAR` first, or no matching `END:VCALENDAR` (a truncated download).
  case notICalendar
  case tooLarge(Limit)
}

/// A parsed feed: the events it could read, and how many it had to skip.
public struct ICalendarFeed: Sendable, Hashable {
  public let events: [CalendarEvent]
  /// VEVENTs and VTODOs left out because a date was missing or malformed.
  public let skippedCount: Int
}

/// Reads RFC 5545 feeds (the calendars schools export) into ``CalendarEvent``s.
///
/// Lenient where feeds vary and strict where they could exhaust us: an event with a bad date is
/// skipped rather than failing the feed, an unknown TZID (or a process without a zone database)
/// means the default zone, and only the size limits and a missing VCALENDAR wrapper throw.
/// Not read: RRULE recurrences, DURATION, VTIMEZONE definitions (TZIDs are taken as IANA names).
public enum ICalendar {
  public static let maximumEvents = 5_000
  public static let maximumLineLength = 10_000

  /// The readable events of `text`; floating and date-only times are read in `defaultTimeZone`.
  public static func parse(_ text: String, defaultTimeZone: TimeZone) throws(ICalendarError) -> [CalendarEvent] {
    try parseFeed(text, defaultTimeZone: defaultTimeZone).events
  }

  /// Like ``parse(_:defaultTimeZone:)``, also counting the events that were skipped.
  public static func parseFeed(_ text: String, defaultTimeZone: TimeZone) throws(ICalendarError) -> ICalendarFeed {
    let lines = try unfoldedLines(text)
    guard let first = lines.first(where: { !$0.isEmpty }), first.trimmed.uppercased() == "BEGIN:VCALENDAR" else {
      throw .notICalendar
    }
    var reader = ComponentReader(defaultTimeZone: defaultTimeZone)
    for line in lines where !line.isEmpty {
      guard let property = ContentLine(line) else { continue }
      try reader.read(property)
    }
    guard reader.closedCalendar, reader.stack.isEmpty else { throw .notICalendar }
    return ICalendarFeed(events: reader.events, skippedCount: reader.skipped)
  }

  /// Splits on CRLF or LF and joins each line that starts with a space or tab onto the one before.
  static func unfoldedLines(_ text: String) throws(ICalendarError) -> [String] {
    var lines: [String] = []
    let physical = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, raw) in physical.enumerated() {
      var line = raw
      if index == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
      if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1] += line.dropFirst()
      } else {
        lines.append(String(line))
      }
      if lines[lines.count - 1].count > maximumLineLength { throw .tooLarge(.lineLength) }
    }
    return lines
  }
}

/// `NAME;PARAM=value;PARAM="quoted:value":VALUE`, split at the first colon outside quotes.
struct ContentLine {
  let name: String
  let parameters: [String: String]
  let value: String

  init?(_ line: String) {
    var inQuotes = false
    guard
      let colon = line.firstIndex(where: { character in
        if character == "\"" { inQuotes.toggle() }
        return character == ":" && !inQuotes
      })
    else { return nil }
    let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)
    guard let name = head.first, !name.isEmpty else { return nil }
    self.name = name.uppercased()
    var parameters: [String: String] = [:]
    for parameter in head.dropFirst() {
      guard let equals = parameter.firstIndex(of: "=") else { continue }
      let value = parameter[parameter.index(after: equals)...].filter { $0 != "\"" }
      parameters[parameter[..<equals].uppercased()] = value
    }
    self.parameters = parameters
    value = String(line[line.index(after: colon)...])
  }

  /// The value with TEXT escapes (`\n`, `\,`, `\;`, `\\`) undone.
  var text: String {
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// Walks BEGIN/END lines, collecting the properties of each VEVENT and VTODO (not of the VALARMs
/// nested in them, nor of VTIMEZONE) and turning each finished component into an event.
struct ComponentReader {
  let defaultTimeZone: TimeZone
  var stack: [String] = []
  var properties: [ContentLine] = []
  var events: [CalendarEvent] = []
  var componentCount = 0
  var skipped = 0
  var closedCalendar = false

  mutating func read(_ line: ContentLine) throws(ICalendarError) {
    switch line.name {
    case "BEGIN":
      let component = line.value.trimmed.uppercased()
      if Self.collected.contains(component) {
        componentCount += 1
        if componentCount > ICalendar.maximumEvents { throw .tooLarge(.events) }
        properties = []
      }
      stack.append(component)
    case "END":
      let component = line.value.trimmed.uppercased()
      guard let open = stack.lastIndex(of: component) else { return }
      stack.removeSubrange(open...)
      if component == "VCALENDAR" { closedCalendar = true }
      if Self.collected.contains(component) { finish(component) }
    default:
      if let current = stack.last, Self.collected.contains(current) { properties.append(line) }
    }
  }

  private static let collected: Set<String> = ["VEVENT", "VTODO"]

  private mutating func finish(_ component: String) {
    let builder = EventBuilder(properties: properties, defaultTimeZone: defaultTimeZone)
    switch builder.outcome(isTodo: component == "VTODO") {
    case .event(let event): events.append(event)
    case .ignored: break
    case .malformed: skipped += 1
    }
  }
}

/// One component's properties made into an event.
struct EventBuilder {
  let properties: [ContentLine]
  let defaultTimeZone: TimeZone

  enum Outcome {
    case event(CalendarEvent)
    /// A VTODO with no DUE: not a deadline, so nothing for a student's day.
    case ignored
    /// A missing DTSTART on a VEVENT, or any unreadable date: the event is skipped and counted.
    case malformed
  }

  func outcome(isTodo: Bool) -> Outcome {
    let start = date("DTSTART")
    let end = date("DTEND")
    let due = date("DUE")
    let readable = [start, end, due].allSatisfy { $0 == nil || $0! != nil }
    guard readable else { return .malformed }
    let summary = property("SUMMARY")?.text ?? ""
    let uid = property("UID")?.text
    if isTodo {
      guard let dueDate = due.flatMap({ $0 }) else { return .ignored }
      let begins = start.flatMap { $0 } ?? dueDate
      return .event(
        CalendarEvent(
          uid: uid, summary: summary, start: begins.instant, end: nil, due: dueDate.instant,
          isAllDay: dueDate.isDateOnly, kind: .deadline))
    }
    guard let begins = start.flatMap({ $0 }) else { return .malformed }
    let categories = properties.filter { $0.name == "CATEGORIES" }.map(\.text).joined(separator: " ")
    let kind = EventWords.kind(summary: summary, categories: categories)
    return .event(
      CalendarEvent(
        uid: uid, summary: summary, start: begins.instant, end: end.flatMap { $0 }?.instant,
        due: kind == .deadline ? begins.instant : nil, isAllDay: begins.isDateOnly, kind: kind))
  }

  private func property(_ name: String) -> ContentLine? {
    properties.first { $0.name == name }
  }

  /// `nil` when absent, `.some(nil)` when present but unreadable.
  private func date(_ name: String) -> ICalendarDate?? {
    property(name).map { ICalendarDate($0, defaultTimeZone: defaultTimeZone) }
  }
}

/// A DATE (`20261117`) or DATE-TIME (`20261117T090000`, `…Z`, or with `TZID=`) value as an instant.
struct ICalendarDate: Hashable {
  let instant: Date
  let isDateOnly: Bool

  init?(_ line: ContentLine, defaultTimeZone: TimeZone) {
    let value = Array(line.value.trimmed.utf8)
    guard value.count == 8 || value.count == 15 || value.count == 16,
      let year = Self.number(value, 0..<4), let month = Self.number(value, 4..<6),
      let dayOfMonth = Self.number(value, 6..<8), let day = LocalDay(year: year, month: month, day: dayOfMonth)
    else { return nil }
    let zone = Self.zone(line.parameters["TZID"], isUTC: value.last == UInt8(ascii: "Z"), default: defaultTimeZone)
    guard value.count > 8 else {
      instant = ZonedClock(timeZone: zone).instant(on: day, at: TimeOfDay(hour: 0)!)
      isDateOnly = true
      return
    }
    guard value[8] == UInt8(ascii: "T"), value.count == 15 || value.last == UInt8(ascii: "Z"),
      let hour = Self.number(value, 9..<11), let minute = Self.number(value, 11..<13),
      let second = Self.number(value, 13..<15), (0...60).contains(second),
      let time = TimeOfDay(hour: hour, minute: minute)
    else { return nil }
    instant = ZonedClock(timeZone: zone).instant(on: day, at: time).addingTimeInterval(TimeInterval(second))
    isDateOnly = false
  }

  private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
    let digits = bytes[range]
    guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }

  /// UTC for `Z`; the TZID as an IANA zone; otherwise, or when that zone cannot be found, the default.
  private static func zone(_ identifier: String?, isUTC: Bool, default defaultZone: TimeZone) -> TimeZone {
    if isUTC { return TimeZone(secondsFromGMT: 0)! }
    guard let identifier else { return defaultZone }
    return (try? TimeZone(ianaIdentifier: identifier)) ?? defaultZone
  }
}

/// The whole-word rules that tell exams and deadlines apart from other events.
enum EventWords {
  static let exam: Set<String> = ["exam", "exams", "midterm", "midterms", "final", "finals", "quiz", "quizzes", "test"]
  static let deadline: Set<String> = ["due", "deadline", "deadlines", "submit", "submission", "assignment"]

  /// Deadline words in the summary win ("Final project due" is a deadline), then exam words in the
  /// summary or categories.
  static func kind(summary: String, categories: String) -> CalendarEvent.Kind {
    let summaryWords = words(summary)
    if !summaryWords.isDisjoint(with: deadline) { return .deadline }
    if !summaryWords.union(words(categories)).isDisjoint(with: exam) { return .exam }
    return .event
  }

  static func words(_ text: String) -> Set<String> {
    Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
  }
}
