import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyAPI
import WalkWorthyCore

@testable import WalkWorthyServer

@Suite("WalkWorthy's next encouragement, written before the OpenAPI layer", .timeLimit(.minutes(5)))
struct FreshEncouragementTests {
  @Test("the hand-written answer is the generated handler's, member for member")
  func sameAsHandler() async throws {
    try await TestDatabase.sqlite.withFreshDatabase { database in
      let app = WalkWorthyApp(calendarFeeds: StubFeeds(), push: testPush)
      let environment = try await AppEnvironment.test(
        [app], database: database, clock: ManualClock(testNow), random: .seeded(3))
      let service = app.service(environment)
      let api = WalkWorthyAPIService(service: service)
      let id = try await service.register().device
      var opted = try Profile(age: 20, major: "", gender: .preferNotToSay, hobbies: [], personalizationOptIn: true)
      opted.personalizationOptIn = true
      try await service.change(id) { device in device.share(opted) }
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      for translation in Translation.allCases {
        // Chosen once (the first answer notifies), then the same choice from both paths.
        let fast = try await service.nextEncouragement(for: id, in: translation)
        let json = FreshEncouragement.json(fast, expiresAt: try WireDateTranscoder().encode(fast.expiresAt))
        let handled = try await BearerAuthentication.$current.withValue(id) {
          try await api.getNextEncouragement(
            .init(query: .init(translation: .init(rawValue: translation.abbreviation))))
        }
        let fromHandler = try handled.ok.body.json
        let fromFastPath = try decoder.decode(Components.Schemas.NextResponse.self, from: Data(json.utf8))
        #expect(fromFastPath.payload == fromHandler.payload)
        #expect(fromFastPath.payload.translation.rawValue == translation.abbreviation)
        #expect(fromFastPath.shouldNotify == (translation == .bsb))
        #expect(!fromHandler.shouldNotify)
      }
    }
  }

  @Test("through the router: the contract's shape and headers, and what it leaves to the handler")
  func throughRouter() async throws {
    try await withWalkWorthy { api in
      let token = try await api.newDevice()
      let first = try await api.next(token, translation: "KJV")
      #expect(first.status == .ok)
      #expect(first.headers[.contentType] == "application/json; charset=utf-8")
      #expect(first.headers[.cacheControl] == "private, no-store")
      let decoded: Components.Schemas.NextResponse = try first.decode()
      #expect(decoded.shouldNotify)
      let card = decoded.payload
      #expect(card.translation == .KJV)
      let entry = try #require(EncouragementLibrary.bundled.entries.first { card.id.hasPrefix($0.id + ".") })
      #expect(card.text == VerseCard(entry, in: .kjv).text)
      let again: Components.Schemas.NextResponse = try await api.next(token).decode()
      #expect(!again.shouldNotify)
      #expect(again.payload.id == card.id && again.payload.expiresAt == card.expiresAt)
      #expect(again.payload.translation == .BSB)
      // Queries the fast path does not read go to the generated handler, which refuses them.
      #expect(try await api.next(token, translation: "kjv").status == .badRequest)
      #expect(try await api.next(token, translation: "ESV").status == .badRequest)
    }
  }

  @Test("JSON string literals escape quotes, backslashes and control characters only")
  func escaping() throws {
    let text = "He said \"go\"\\ \n\t\u{1} — “grace”"
    let literal = JSONString.quoted(text)
    #expect(literal == #""He said \"go\"\\ \n\t\u0001 — “grace”""#)
    #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == text)
  }
}
