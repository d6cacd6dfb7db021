import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import Testing
import WalkWorthyAPI
import WalkWorthyCore

@testable import WalkWorthyServer

@Suite("WalkWorthy's API: devices and tokens", .timeLimit(.minutes(5)))
struct WalkWorthyDeviceRouteTests {
  @Test("the API document is public and is the contract the code was generated from")
  func document() async throws {
    try await withWalkWorthy { api in
      let answer = try await api.send(.get, "/walkworthy/api/openapi.yaml")
      #expect(answer.status == .ok)
      #expect(answer.body == (try WalkWorthyAPISpec.document()))
    }
  }

  @Test("a new device gets an id and a token, never cached")
  func newDevice() async throws {
    try await withWalkWorthy { api in
      let answer = try await api.send(.post, "/walkworthy/api/v1/devices")
      #expect(answer.status == .created)
      #expect(answer.headers[.cacheControl] == "private, no-store")
      let credentials: Components.Schemas.DeviceCredentials = try answer.decode()
      #expect(IdempotencyID(credentials.device_id) != nil)
      #expect(credentials.token.wholeMatch(of: #/[A-Za-z0-9_-]{43}/#) != nil)
    }
  }

  static let protected: [(HTTPRequest.Method, String)] = [
    (.get, "/walkworthy/api/v1/encouragements/next"), (.get, "/walkworthy/api/v1/canvas/today"),
    (.put, "/walkworthy/api/v1/calendar"), (.delete, "/walkworthy/api/v1/calendar"),
    (.get, "/walkworthy/api/v1/settings"), (.put, "/walkworthy/api/v1/settings"),
    (.get, "/walkworthy/api/v1/profile"), (.put, "/walkworthy/api/v1/profile"),
    (.delete, "/walkworthy/api/v1/profile"),
  ]

  @Test("every call but device creation is refused without a known bearer token")
  func unauthorized() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let wrong: [HTTPFields] = [
        [:], [.authorization: "Bearer"], [.authorization: "Basic \(token)"], [.authorization: "Bearer \(token)x"],
      ]
      for (method, path) in Self.protected {
        for headers in wrong {
          let answer = try await api.send(method, path, headers: headers, rawBody: method == .put ? "{}" : nil)
          #expect(answer.status == .unauthorized, "\(method) \(path) \(headers)")
          #expect(answer.headers[.wwwAuthenticate] == "Bearer realm=\"walkworthy\"")
          #expect(answer.problem?.code == "UNAUTHORIZED")
        }
      }
    }
  }
}

@Suite("WalkWorthy's API: the next encouragement", .timeLimit(.minutes(5)))
struct WalkWorthyNextRouteTests {
  @Test("the answer has the spec's shape exactly, with an expiry in UTC")
  func shape() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let answer = try await api.next(token)
      #expect(answer.status == .ok)
      #expect(answer.headers[.cacheControl] == "private, no-store")
      let json = try #require(answer.json)
      #expect(Set(json.keys) == ["shouldNotify", "payload"])
      let payload = try #require(json["payload"] as? [String: Any])
      #expect(Set(payload.keys) == ["id", "ref", "text", "encouragement", "translation", "expiresAt"])
      let decoded = try JSONDecoder().decode(NextResponse.self, from: answer.body)
      #expect(decoded.shouldNotify)
      #expect(decoded.payload?.expiresAt == "2026-11-18T00:00:00Z")
    }
  }

  @Test("a payload notifies once; asked again it is the same and quiet; once expired a new one notifies")
  func shouldNotify() async throws {
    let clock = ManualClock(testNow)
    try await withWalkWorthy(clock: clock) { api in
      let token = try await api.newDevice()
      let first: NextResponse = try await api.next(token).decode()
      clock.advance(by: 3_600)
      let again: NextResponse = try await api.next(token).decode()
      #expect(first.shouldNotify && !again.shouldNotify)
      #expect(again.payload == first.payload)
      clock.set(instant("2026-11-17T23:59:59Z"))
      #expect(try await api.next(token).decode(NextResponse.self).shouldNotify == false)
      clock.set(instant("2026-11-18T00:00:00Z"))
      let next: NextResponse = try await api.next(token).decode()
      #expect(next.shouldNotify)
      #expect(next.payload?.id != first.payload?.id)
      #expect(next.payload?.ref != first.payload?.ref)
      #expect(next.payload?.expiresAt == "2026-11-19T00:00:00Z")
    }
  }

  @Test("asked many times at once, a device is handed one payload and notified once")
  func concurrent() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let answers = try await withThrowingTaskGroup(of: NextResponse.self) { group in
        for _ in 0..<8 { group.addTask { try await api.next(token).decode() } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(answers.filter(\.shouldNotify).count == 1)
      #expect(Set(answers.compactMap(\.payload?.id)).count == 1)
    }
  }

  @Test("text and translation label always come together; BSB without a choice")
  func translations() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let plain: NextResponse = try await api.next(token).decode()
      #expect(plain.payload?.translation == "BSB")
      let payload = try #require(plain.payload)
      let entryID = String(payload.id.prefix(upTo: payload.id.lastIndex(of: ".")!))
      let entry = try #require(EncouragementLibrary.bundled.encouragement(id: entryID))
      for translation in Translation.allCases {
        let answer: NextResponse = try await api.next(token, translation: translation.abbreviation).decode()
        #expect(answer.payload?.id == payload.id)
        #expect(answer.payload?.translation == translation.abbreviation)
        #expect(answer.payload?.text == VerseCard(entry, in: translation).text)
      }
    }
  }

  @Test("an unknown translation is refused with a problem", arguments: ["ESV", "bsb", ""])
  func unknownTranslation(name: String) async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let answer = try await api.next(token, translation: name)
      #expect(answer.status == .badRequest)
      #expect(answer.problem?.code == "BAD_REQUEST")
      // Words and the field at fault, never the decoder's own message or a Swift type.
      let body = String(decoding: answer.body, as: UTF8.self)
      for leak in ["DecodingError", "keyNotFound", "dataCorrupted", "CodingKeys", "Components", "Schemas", "Swift."] {
        #expect(!body.contains(leak), "\(leak) in \(body)")
      }
      #expect(answer.problem?.problems?.map(\.field) == ["translation"], "\(body)")
      #expect(answer.problem?.problems?.map(\.code) == ["NOT_ALLOWED"], "\(body)")
    }
  }

  @Test("without opt-in the fake Canvas's exam changes nothing: an everyday passage until midnight")
  func noOptIn() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let answer: NextResponse = try await api.next(token).decode()
      #expect(answer.payload?.expiresAt == "2026-11-18T00:00:00Z")
      #expect(try moments(of: answer).contains(.everyday))
    }
  }

  @Test("with opt-in the fake Canvas's exam at 19:00 chooses an exam passage that expires then")
  func optedIn() async throws {
    let clock = ManualClock(testNow)
    try await withWalkWorthy(clock: clock) { api in
      let token = try await api.newDevice()
      try await api.optIn(token)
      let exam: NextResponse = try await api.next(token).decode()
      #expect(exam.payload?.expiresAt == "2026-11-17T19:00:00Z")
      #expect(try moments(of: exam).contains(.exam))
      // Once the exam starts, the discussion due at 22:00 is the next deadline.
      clock.set(instant("2026-11-17T19:00:00Z"))
      let deadline: NextResponse = try await api.next(token).decode()
      #expect(deadline.shouldNotify)
      #expect(deadline.payload?.expiresAt == "2026-11-17T22:00:00Z")
      #expect(try moments(of: deadline).contains(.deadline))
    }
  }

  @Test("when the day's signals change the moment, a new passage is chosen before the old one expires")
  func momentChange() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      try await api.optIn(token)
      let exam: NextResponse = try await api.next(token).decode()
      let off = try await api.send(
        .put, "/walkworthy/api/v1/settings", token: token, rawBody: #"{"useFakeCanvas": false}"#)
      #expect(off.status == .ok)
      let everyday: NextResponse = try await api.next(token).decode()
      #expect(everyday.shouldNotify)
      #expect(everyday.payload?.id != exam.payload?.id)
      #expect(everyday.payload?.expiresAt == "2026-11-18T00:00:00Z")
    }
  }

  @Test("withdrawing the opt-in stops personal signals at once")
  func withdraw() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      try await api.optIn(token)
      #expect(try moments(of: try await api.next(token).decode()).contains(.exam))
      #expect(try await api.send(.delete, "/walkworthy/api/v1/profile", token: token).status == .noContent)
      let after: NextResponse = try await api.next(token).decode()
      #expect(after.shouldNotify)
      #expect(after.payload?.expiresAt == "2026-11-18T00:00:00Z")
    }
  }

  @Test("the local day is the device's: in Chicago, 15:00 UTC is a day ending at 06:00 UTC")
  func timeZone() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let set = try await api.send(
        .put, "/walkworthy/api/v1/settings", token: token, rawBody: #"{"timeZone": "America/Chicago"}"#)
      #expect(set.status == .ok)
      let answer: NextResponse = try await api.next(token).decode()
      #expect(answer.payload?.expiresAt == "2026-11-18T06:00:00Z")
    }
  }

  func moments(of answer: NextResponse) throws -> [Moment] {
    let id = try #require(answer.payload?.id)
    let entryID = String(id.prefix(upTo: id.lastIndex(of: ".")!))
    return try #require(EncouragementLibrary.bundled.encouragement(id: entryID)).moments
  }
}
