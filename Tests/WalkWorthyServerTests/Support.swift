import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrchardKit
import ServerKit
import ServerKitTesting
import WalkWorthyAPI
import WalkWorthyCore

@testable import WalkWorthyServer

let utc = TimeZone(secondsFromGMT: 0)!

/// An instant from its ISO 8601 form.
func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

/// A Tuesday morning on the day the fake Canvas was written for.
let testNow = instant("2026-11-17T15:00:00Z")

/// A feed in iCalendar form around `events` (each a VEVENT's lines).
func feed(_ events: [[String]]) -> String {
  (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"]
    + events.flatMap { ["BEGIN:VEVENT"] + $0 + ["END:VEVENT"] } + ["END:VCALENDAR"]).joined(separator: "\r\n")
}

/// A school feed for 2026-11-17 (UTC): an exam at 19:00, an essay due at 23:00, a lecture, and a
/// deadline long past.
let schoolFeed = feed([
  ["UID:1", "SUMMARY:BIOL 1010 Midterm", "DTSTART:20261117T190000Z"],
  ["UID:2", "SUMMARY:Essay 3 due", "DTSTART:20261117T230000Z"],
  ["UID:3", "SUMMARY:Lecture 14", "DTSTART:20261117T170000Z"],
  ["UID:4", "SUMMARY:Essay 1 due", "DTSTART:20260901T230000Z"],
])

/// Answers each URL from a table; anything else is unreachable. Counts the fetches.
actor StubFeeds: CalendarFeedFetcher {
  var answers: [String: Result<String, CalendarFeedError>]
  private(set) var fetches = 0

  init(_ answers: [String: Result<String, CalendarFeedError>] = [:]) { self.answers = answers }

  func set(_ url: String, _ answer: Result<String, CalendarFeedError>) { answers[url] = answer }

  func fetch(_ url: URL) async throws(CalendarFeedError) -> String {
    fetches += 1
    guard let answer = answers[url.absoluteString] else { throw .unreachable }
    return try answer.get()
  }
}

/// WalkWorthy alone on a fresh SQLite file, with its clock, feeds and randomness chosen by the test.
func withWalkWorthy(
  clock: ManualClock = ManualClock(testNow), feeds: StubFeeds = StubFeeds(),
  _ body: @Sendable (WalkWorthyClient) async throws -> Void
) async throws {
  try await withWalkWorthyLive(clock: clock, fetcher: feeds, body)
}

/// The same with any fetcher, such as the real one pointed at a loopback feed server.
func withWalkWorthyLive(
  clock: ManualClock = ManualClock(testNow), fetcher: any CalendarFeedFetcher,
  _ body: @Sendable (WalkWorthyClient) async throws -> Void
) async throws {
  try await withTemporarySQLite { database in
    try await withTestServer(
      [WalkWorthyApp(calendarFeeds: fetcher, push: testPush)], database: database, clock: clock, random: .seeded(7)
    ) { client in try await body(WalkWorthyClient(client: client)) }
  }
}

struct OptInRefused: Error {
  let status: HTTPResponse.Status
}

/// A device's view of the API; answers decode with the types generated from the contract.
struct WalkWorthyClient: Sendable {
  typealias Answer = JSONAPIClient.Answer

  let client: any TestClientProtocol

  /// A new device's token.
  func newDevice() async throws -> String {
    let credentials: Components.Schemas.DeviceCredentials = try await send(.post, "/walkworthy/api/v1/devices")
      .decode()
    return credentials.token
  }

  /// Sends as ``JSONAPIClient`` does, and labels a raw body JSON unless `headers` say otherwise.
  func send(
    _ method: HTTPRequest.Method, _ path: String, token: String? = nil, headers: HTTPFields = [:],
    json: (any Encodable)? = nil, rawBody: String? = nil
  ) async throws -> Answer {
    var headers = headers
    if rawBody != nil { headers[.contentType] = headers[.contentType] ?? "application/json" }
    return try await JSONAPIClient(client: client).send(
      method, path, token: token, headers: headers, json: json, rawBody: rawBody)
  }

  func next(_ token: String, translation: String? = nil) async throws -> Answer {
    try await send(
      .get, "/walkworthy/api/v1/encouragements/next" + (translation.map { "?translation=\($0)" } ?? ""), token: token)
  }

  func optIn(_ token: String) async throws {
    let answer = try await send(
      .put, "/walkworthy/api/v1/profile", token: token,
      rawBody: #"{"age": 20, "major": "Chemistry", "hobbies": ["Running"], "personalizationOptIn": true}"#)
    guard answer.status == .ok else { throw OptInRefused(status: answer.status) }
  }
}

extension JSONAPIClient.Answer {
  /// The answer as WalkWorthy's problem document, if it is one.
  var problem: Components.Schemas.Problem? { try? decode() }
}
