import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import Testing
import WalkWorthyAPI
import WalkWorthyCore

@testable import WalkWorthyServer

@Suite("WalkWorthy's API: today's canvas and the calendar feed", .timeLimit(.minutes(5)))
struct WalkWorthyCanvasRouteTests {
  static let feedURL = "https://school.example.edu/feed.ics"

  func canvas(_ api: WalkWorthyClient, _ token: String) async throws -> TodayCanvas {
    let answer = try await api.send(.get, "/walkworthy/api/v1/canvas/today", token: token)
    #expect(answer.status == .ok)
    return try answer.decode()
  }

  func settings(_ api: WalkWorthyClient, _ token: String) async throws -> Components.Schemas.Settings {
    try await api.send(.get, "/walkworthy/api/v1/settings", token: token).decode()
  }

  func link(_ api: WalkWorthyClient, _ token: String, _ url: String) async throws -> WalkWorthyClient.Answer {
    try await api.send(
      .put, "/walkworthy/api/v1/calendar", token: token, json: Components.Schemas.CalendarLink(url: url))
  }

  @Test("a new device sees the fake Canvas: on the mock's own day, the mock file exactly")
  func fake() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      #expect(try await canvas(api, token) == FakeCanvas.mock)
      let settings = try await settings(api, token)
      #expect(settings.useFakeCanvas && !settings.calendarLinked && !settings.personalizationOptIn)
      #expect(settings.timeZone == "UTC")
    }
  }

  @Test("on a later day the fake Canvas has moved onto it")
  func fakeLater() async throws {
    try await withWalkWorthy(clock: ManualClock(instant("2026-11-22T09:00:00Z"))) { api in
      let token = try await api.newDevice()
      #expect(try await canvas(api, token).examsToday.map(\.when) == ["2026-11-22T19:00:00Z"])
    }
  }

  @Test("with the fake Canvas off and no calendar, today is empty")
  func empty() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      _ = try await api.send(.put, "/walkworthy/api/v1/settings", token: token, rawBody: #"{"useFakeCanvas":false}"#)
      #expect(try await canvas(api, token) == TodayCanvas(assignmentsToday: [], examsToday: []))
    }
  }

  @Test("linking a feed turns the fake Canvas off and serves the feed's day")
  func linked() async throws {
    let feeds = StubFeeds([Self.feedURL: .success(schoolFeed)])
    try await withWalkWorthy(feeds: feeds) { api in
      let token = try await api.newDevice()
      let answer = try await link(api, token, Self.feedURL)
      #expect(answer.status == .ok)
      let summary: Components.Schemas.CalendarSummary = try answer.decode()
      #expect(summary.eventCount == 4 && summary.skippedCount == 0)
      #expect(summary.assignmentsToday == 1 && summary.examsToday == 1)
      let today = try await canvas(api, token)
      #expect(today.examsToday == [Exam(title: "BIOL 1010 Midterm", when: "2026-11-17T19:00:00Z")])
      #expect(today.assignmentsToday == [Assignment(title: "Essay 3 due", due_at: "2026-11-17T23:00:00Z", points: nil)])
      let settings = try await settings(api, token)
      #expect(!settings.useFakeCanvas && settings.calendarLinked)
    }
  }

  @Test("an opted-in student's linked feed decides the encouragement")
  func linkedSignals() async throws {
    let feeds = StubFeeds([Self.feedURL: .success(schoolFeed)])
    try await withWalkWorthy(feeds: feeds) { api in
      let token = try await api.newDevice()
      try await api.optIn(token)
      _ = try await link(api, token, Self.feedURL)
      let answer: NextResponse = try await api.next(token).decode()
      #expect(answer.payload?.expiresAt == "2026-11-17T19:00:00Z")
    }
  }

  @Test(
    "a feed that fails leaves everything as it was, with a stable code",
    arguments: [
      (CalendarFeedError.timeout, "CALENDAR_FEED_TIMEOUT"), (.tooLarge, "CALENDAR_FEED_TOO_LARGE"),
      (.notICalendar, "CALENDAR_FEED_NOT_ICALENDAR"), (.unreachable, "CALENDAR_FEED_UNREACHABLE"),
      (.badStatus(404), "CALENDAR_FEED_BAD_STATUS"),
    ])
  func failures(error: CalendarFeedError, code: String) async throws {
    let feeds = StubFeeds([Self.feedURL: .success(schoolFeed), "https://bad.example/x.ics": .failure(error)])
    try await withWalkWorthy(feeds: feeds) { api in
      let token = try await api.newDevice()
      _ = try await link(api, token, Self.feedURL)
      let before = (try await canvas(api, token), try await settings(api, token))
      let answer = try await link(api, token, "https://bad.example/x.ics")
      #expect(answer.status == .unprocessableContent)
      #expect(answer.headers[.contentType] == "application/problem+json")
      #expect(answer.problem?.code == code)
      let after = (try await canvas(api, token), try await settings(api, token))
      #expect(after.0 == before.0 && after.1 == before.1)
    }
  }

  @Test("calendar links are fetched at most 6 at once per device, then 429: the link cannot scan a network")
  func fetchLimit() async throws {
    let feeds = StubFeeds([Self.feedURL: .success(schoolFeed)])
    try await withWalkWorthy(feeds: feeds) { api in
      let token = try await api.newDevice()
      for attempt in 1...6 {
        #expect(try await link(api, token, Self.feedURL).status == .ok, "attempt \(attempt)")
      }
      let limited = try await link(api, token, Self.feedURL)
      #expect(limited.status == .tooManyRequests)
      #expect(limited.problem?.code == "RATE_LIMITED")
      #expect(limited.headers[.retryAfter] == "10")
      // The address is counted too: a new device from it gets no more fetches.
      #expect(try await link(api, try await api.newDevice(), Self.feedURL).status == .tooManyRequests)
    }
  }

  @Test("a page that is not a calendar, or breaks the parser's limits, is refused")
  func unreadable() async throws {
    let tooMany = feed(
      (0...ICalendar.maximumEvents).map { ["UID:\($0)", "SUMMARY:Study", "DTSTART:20261117T190000Z"] })
    let feeds = StubFeeds([
      "https://a.example/page": .success("<!doctype html><title>Log in</title>"),
      "https://a.example/many": .success(tooMany),
    ])
    try await withWalkWorthy(feeds: feeds) { api in
      let token = try await api.newDevice()
      #expect(try await link(api, token, "https://a.example/page").problem?.code == "CALENDAR_FEED_NOT_ICALENDAR")
      #expect(try await link(api, token, "https://a.example/many").problem?.code == "CALENDAR_FEED_TOO_LARGE")
      #expect(try await settings(api, token).useFakeCanvas)
    }
  }

  @Test(
    "only http and https addresses are fetched",
    arguments: ["ftp://school.example.edu/feed.ics", "file:///etc/passwd", "not a url", "", "https://"])
  func invalidURL(url: String) async throws {
    let feeds = StubFeeds()
    try await withWalkWorthy(feeds: feeds) { api in
      let token = try await api.newDevice()
      let answer = try await link(api, token, url)
      #expect(answer.status == .badRequest)
      #expect(answer.problem?.code == "INVALID_CALENDAR_URL")
      #expect(await feeds.fetches == 0)
    }
  }

  @Test("a stored feed is fetched again once it is more than an hour old, and kept when that fails")
  func refresh() async throws {
    let clock = ManualClock(testNow)
    let feeds = StubFeeds([Self.feedURL: .success(schoolFeed)])
    try await withWalkWorthy(clock: clock, feeds: feeds) { api in
      let token = try await api.newDevice()
      _ = try await link(api, token, Self.feedURL)
      clock.advance(by: 3_600)
      _ = try await canvas(api, token)
      #expect(await feeds.fetches == 1)
      await feeds.set(Self.feedURL, .success(feed([["UID:9", "SUMMARY:Quiz 4", "DTSTART:20261117T210000Z"]])))
      clock.advance(by: 1)
      #expect(try await canvas(api, token).examsToday.map(\.title) == ["Quiz 4"])
      #expect(await feeds.fetches == 2)
      await feeds.set(Self.feedURL, .failure(.timeout))
      clock.advance(by: 3_601)
      #expect(try await canvas(api, token).examsToday.map(\.title) == ["Quiz 4"])
    }
  }

  @Test("unlinking forgets the feed; with the fake Canvas off today is empty")
  func unlink() async throws {
    let feeds = StubFeeds([Self.feedURL: .success(schoolFeed)])
    try await withWalkWorthy(feeds: feeds) { api in
      let token = try await api.newDevice()
      _ = try await link(api, token, Self.feedURL)
      #expect(try await api.send(.delete, "/walkworthy/api/v1/calendar", token: token).status == .noContent)
      #expect(try await canvas(api, token) == TodayCanvas(assignmentsToday: [], examsToday: []))
      #expect(try await settings(api, token).calendarLinked == false)
    }
  }
}

@Suite("WalkWorthy's API: settings and profile", .timeLimit(.minutes(5)))
struct WalkWorthyProfileRouteTests {
  @Test("an unknown time zone is refused and nothing changes", arguments: ["Mars/Olympus", "", "utc+1"])
  func badZone(zone: String) async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let answer = try await api.send(
        .put, "/walkworthy/api/v1/settings", token: token,
        json: Components.Schemas.SettingsUpdate(useFakeCanvas: false, timeZone: zone))
      #expect(answer.status == .badRequest)
      #expect(answer.problem?.code == "INVALID_TIME_ZONE")
      let settings: Components.Schemas.Settings = try await api.send(
        .get, "/walkworthy/api/v1/settings", token: token
      ).decode()
      #expect(settings.useFakeCanvas && settings.timeZone == "UTC")
    }
  }

  @Test("a profile breaking the form's rules is refused with every problem by field")
  func invalidProfile() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let body = Components.Schemas.Profile(
        age: 9, major: String(repeating: "x", count: 81), hobbies: ["", String(repeating: "y", count: 31)],
        personalizationOptIn: true)
      let answer = try await api.send(.put, "/walkworthy/api/v1/profile", token: token, json: body)
      #expect(answer.status == .badRequest)
      let problem = try #require(answer.problem)
      #expect(problem.code == "INVALID_PROFILE")
      #expect(problem.problems?.map(\.code) == ["AGE_OUT_OF_RANGE", "MAJOR_TOO_LONG", "EMPTY_HOBBY", "HOBBY_TOO_LONG"])
      #expect(problem.problems?.map(\.field) == ["age", "major", "hobbies", "hobbies"])
      #expect(try await api.send(.get, "/walkworthy/api/v1/profile", token: token).status == .notFound)
    }
  }

  @Test("an opted-in profile is stored as the form would keep it; opting out erases it")
  func profileLifecycle() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let missing = try await api.send(.get, "/walkworthy/api/v1/profile", token: token)
      #expect(missing.status == .notFound && missing.problem?.code == "NO_PROFILE")
      let body = Components.Schemas.Profile(
        age: 20, major: "  Chemistry ", gender: .woman, hobbies: ["Running", "running", " Art"],
        personalizationOptIn: true)
      let stored = try await api.send(.put, "/walkworthy/api/v1/profile", token: token, json: body)
      #expect(stored.status == .ok)
      let expected = Components.Schemas.Profile(
        age: 20, major: "Chemistry", gender: .woman, hobbies: ["Running", "Art"], personalizationOptIn: true)
      #expect(try stored.decode(Components.Schemas.Profile.self) == expected)
      #expect(try await api.send(.get, "/walkworthy/api/v1/profile", token: token).decode() == expected)
      let optOut = Components.Schemas.Profile(age: 20, hobbies: [], personalizationOptIn: false)
      #expect(try await api.send(.put, "/walkworthy/api/v1/profile", token: token, json: optOut).status == .noContent)
      #expect(try await api.send(.get, "/walkworthy/api/v1/profile", token: token).status == .notFound)
    }
  }

  @Test("DELETE /devices/me erases settings, profile and calendar; the token is refused from then on")
  func erase() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let other = try await api.newDevice()
      try await api.optIn(token)
      try await api.optIn(other)
      let erased = try await api.send(.delete, "/walkworthy/api/v1/devices/me", token: token)
      #expect(erased.status == .noContent)
      #expect(erased.headers[.cacheControl] == "private, no-store")
      for path in [
        "/walkworthy/api/v1/profile", "/walkworthy/api/v1/settings", "/walkworthy/api/v1/encouragements/next",
      ] {
        let answer = try await api.send(.get, path, token: token)
        #expect(answer.status == .unauthorized, "\(path)")
        #expect(answer.problem?.code == "UNAUTHORIZED")
      }
      #expect(try await api.send(.delete, "/walkworthy/api/v1/devices/me", token: token).status == .unauthorized)
      #expect(try await api.send(.get, "/walkworthy/api/v1/profile", token: other).status == .ok)
    }
  }

  @Test("a body that does not match the contract is a problem, never a 5xx")
  func malformed() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      for (path, body) in [
        ("/walkworthy/api/v1/profile", #"{"age": "twenty"}"#), ("/walkworthy/api/v1/settings", "[1]"),
        ("/walkworthy/api/v1/calendar", #"{"url": 5}"#), ("/walkworthy/api/v1/profile", "not json"),
        ("/walkworthy/api/v1/settings", #"{"extra": true}"#),
      ] {
        let answer = try await api.send(.put, path, token: token, rawBody: body)
        #expect(answer.status == .badRequest, "\(path) \(body)")
        #expect(answer.headers[.contentType] == "application/problem+json")
      }
    }
  }
}

@Suite("WalkWorthy's API: the profile contract's limits", .timeLimit(.minutes(5)))
struct WalkWorthyProfileContractTests {
  @Test(
    "the contract counts what was sent: scalars, not characters, and repeated hobbies too",
    arguments: [
      // 77 characters but 81 scalars: "नी" is one character of two scalars.
      (
        #"{"age": 20, "major": "मनीष\#(String(repeating: "x", count: 77))", "hobbies": [], "personalizationOptIn": true}"#,
        "MAJOR_TOO_LONG"
      ),
      (
        #"{"age": 20, "hobbies": [\#(Array(repeating: "\"Art\"", count: 13).joined(separator: ","))], "personalizationOptIn": false}"#,
        "TOO_MANY_HOBBIES"
      ),
      (
        #"{"age": 20, "hobbies": ["\#(String(repeating: "e\u{301}", count: 16))"], "personalizationOptIn": true}"#,
        "HOBBY_TOO_LONG"
      ),
    ])
  func scalars(body: String, code: String) async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let answer = try await api.send(.put, "/walkworthy/api/v1/profile", token: token, rawBody: body)
      #expect(answer.status == .badRequest)
      #expect(answer.problem?.problems?.map(\.code) == [code])
    }
  }

  @Test(
    "a null anywhere in a settings or profile body is refused",
    arguments: [
      ("/walkworthy/api/v1/settings", #"{"timeZone": null}"#),
      ("/walkworthy/api/v1/profile", #"{"age": 20, "major": null, "hobbies": [], "personalizationOptIn": true}"#),
    ])
  func nulls(path: String, body: String) async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let answer = try await api.send(.put, path, token: token, rawBody: body)
      #expect(answer.status == .badRequest)
    }
  }
}

@Suite("WalkWorthy: text with control characters is refused and never stored", .timeLimit(.minutes(5)))
struct WalkWorthyControlCharacterTests {
  @Test(
    "a profile holding NUL, an escape or a C1 control is a 400 CONTROL_CHARACTER, and no profile is kept",
    arguments: [#"Nurs\u0000ing"#, #"\u001b[31mred"#, #"\u0085"#, "Chem\u{85}istry"])
  func api(major: String) async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let body = #"{"age": 20, "major": "\#(major)", "hobbies": ["Art"], "personalizationOptIn": true}"#
      let answer = try await api.send(.put, "/walkworthy/api/v1/profile", token: token, rawBody: body)
      #expect(answer.status == .badRequest)
      #expect(answer.problem?.code == "CONTROL_CHARACTER")
      #expect(try await api.send(.get, "/walkworthy/api/v1/profile", token: token).status == .notFound)
    }
  }

  @Test("a form field holding NUL is refused with a page that says so, and nothing is saved")
  func form() async throws {
    try await withWalkWorthyWeb { visitor in
      _ = try await visitor.get("/walkworthy/")
      let answer = try await visitor.post(
        "/walkworthy/welcome", form: "age=20&major=Nurs%00ing&hobby=Art&action=save")
      #expect(answer.status == .badRequest)
      #expect(answer.body.contains("invisible control character"))
      #expect(try await visitor.get("/walkworthy/").location == "/walkworthy/welcome")
    }
  }
}
