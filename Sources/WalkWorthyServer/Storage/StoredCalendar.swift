import Foundation
import OrchardKit
import SQLKit
import WalkWorthyCore

/// The part of a feed today's canvas can use, as stored: its exams and deadlines that are not yet
/// more than a day old. Plain events never reach a canvas, and past ones never again.
public struct StoredCalendar: Codable, Sendable, Equatable {
  public struct Entry: Codable, Sendable, Equatable {
    public let summary: String
    public let start: Date
    public let due: Date?
    public let isExam: Bool
  }

  public let entries: [Entry]
  /// How many events the feed held, and how many it had to skip.
  public let eventCount: Int
  public let skippedCount: Int

  public init(feed: ICalendarFeed, now: Date) {
    entries = CalendarDay.keptEvents(of: feed, now: now).map { event in
      let isExam = event.kind == .exam
      return Entry(summary: event.summary, start: event.start, due: isExam ? nil : event.due, isExam: isExam)
    }
    eventCount = feed.events.count
    skippedCount = feed.skippedCount
  }

  /// Today's canvas from these entries, for a student in `timeZone`.
  public func todayCanvas(now: Date, timeZone: TimeZone) -> TodayCanvas {
    let events = entries.map { entry in
      CalendarEvent(
        uid: nil, summary: entry.summary, start: entry.start, end: nil,
        due: entry.isExam ? nil : entry.due ?? entry.start,
        isAllDay: false, kind: entry.isExam ? .exam : .deadline)
    }
    return CalendarDay.todayCanvas(from: events, now: now, timeZone: timeZone)
  }
}

/// The linked feeds' events in `walkworthy_calendars`, one row per device, written in the same
/// transaction as the link on the device.
struct StoredCalendars: Sendable {
  let database: any SQLDatabase

  func calendar(of device: IdempotencyID) async throws -> StoredCalendar? {
    struct Row: Decodable { let events: String }
    let row: Row? = try await database.select().column("events").from(WalkWorthyStore.calendarsTable)
      .where("device_id", .equal, SQLBind(device.description)).first(decoding: Row.self)
    return row.flatMap { try? Self.decoder.decode(StoredCalendar.self, from: Data($0.events.utf8)) }
  }

  func save(
    _ calendar: StoredCalendar, of device: IdempotencyID, at now: Date, on database: any SQLDatabase
  )
    async throws
  {
    let json = String(decoding: try Self.encoder.encode(calendar), as: UTF8.self)
    try await database.insert(into: WalkWorthyStore.calendarsTable)
      .columns("device_id", "events", "updated_at")
      .values(SQLBind(device.description), SQLBind(json), SQLBind(now.timeIntervalSince1970))
      .onConflict(with: ["device_id"]) { $0.set(excludedValueOf: "events").set(excludedValueOf: "updated_at") }
      .run()
  }

  func delete(of device: IdempotencyID, on database: any SQLDatabase) async throws {
    try await database.delete(from: WalkWorthyStore.calendarsTable)
      .where("device_id", .equal, SQLBind(device.description)).run()
  }

  /// Instants as seconds since 1970, as the table was first written.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }()

  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }()
}
