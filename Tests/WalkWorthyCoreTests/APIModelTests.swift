import Foundation
import Testing
import WalkWorthyCore

@Suite("The spec's API shapes", .timeLimit(.minutes(5)))
struct APIModelTests {
  @Test("the mock next answer decodes into the spec's NextResponse")
  func mockNext() async throws {
    let response = try await MockAPIClient().fetchNext()
    #expect(response.shouldNotify)
    let payload = try #require(response.payload)
    #expect(payload.id == "ww-isaiah-41-13")
    #expect(payload.ref == "Isaiah 41:13")
    #expect(payload.text.hasPrefix("For I am the LORD your God"))
    #expect(payload.encouragement.hasPrefix("The right hand that holds your pen today"))
    #expect(payload.translation == "BSB")
    #expect(payload.expiresAt == "2026-11-18T06:00:00Z")
    #expect(payload.expiryDate == instant("2026-11-18T06:00:00Z"))
  }

  @Test("the mock Canvas answer decodes, a null points included")
  func mockCanvas() async throws {
    let canvas = try await MockAPIClient().fetchTodayCanvas()
    #expect(canvas.assignmentsToday.map(\.title).first == "STAT 2000 Problem Set 9")
    #expect(canvas.assignmentsToday.map(\.points) == [40, nil, 25])
    #expect(canvas.assignmentsToday[0].due_at == "2026-11-17T16:00:00Z")
    #expect(canvas.assignmentsToday[0].dueDate == instant("2026-11-17T16:00:00Z"))
    #expect(canvas.examsToday == [Exam(title: "CHEM 2310 Midterm Exam 2", when: "2026-11-17T19:00:00Z")])
  }

  static let payloadJSON = #"{"id":"a","ref":"John 1:1","text":"In the beginning","encouragement":"For you."}"#

  @Test(
    "optional fields may be absent or null, as the spec's optionals allow",
    arguments: [
      #"{"shouldNotify": false}"#,
      #"{"shouldNotify": false, "payload": null}"#,
    ])
  func payloadOptional(json: String) throws {
    let response = try JSONDecoder().decode(NextResponse.self, from: Data(json.utf8))
    #expect(response == NextResponse(shouldNotify: false, payload: nil))
  }

  @Test("a payload without translation or expiresAt, and an assignment without points, decode")
  func optionalMembers() throws {
    let payload = try JSONDecoder().decode(EncouragementPayload.self, from: Data(Self.payloadJSON.utf8))
    #expect(payload.translation == nil && payload.expiresAt == nil && payload.expiryDate == nil)
    let assignment = try JSONDecoder().decode(
      Assignment.self, from: Data(#"{"title":"Essay","due_at":"2026-11-17T16:00:00+01:00"}"#.utf8))
    #expect(assignment.points == nil)
  }

  @Test("encoding writes exactly the spec's keys")
  func encodedKeys() throws {
    func keys(_ value: some Encodable) throws -> Set<String> {
      let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
      return Set(object?.keys.map { $0 } ?? [])
    }
    let payload = EncouragementPayload(
      id: "a", ref: "r", text: "t", encouragement: "e", translation: "BSB", expiresAt: "2026-11-18T06:00:00Z")
    #expect(try keys(NextResponse(shouldNotify: true, payload: payload)) == ["shouldNotify", "payload"])
    #expect(try keys(payload) == ["id", "ref", "text", "encouragement", "translation", "expiresAt"])
    #expect(try keys(TodayCanvas(assignmentsToday: [], examsToday: [])) == ["assignmentsToday", "examsToday"])
    #expect(
      try keys(Assignment(title: "t", due_at: "2026-11-17T16:00:00Z", points: 3)) == ["title", "due_at", "points"])
    #expect(try keys(Exam(title: "t", when: "2026-11-17T19:00:00Z")) == ["title", "when"])
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    let json: String
    let detail: String
    var testDescription: String { detail }
  }

  @Test(
    "a malformed next answer is rejected with the field at fault",
    arguments: [
      Malformed(json: #"{"payload": null}"#, detail: "shouldNotify: missing"),
      Malformed(json: #"{"shouldNotify": "yes"}"#, detail: "shouldNotify: expected Bool"),
      Malformed(json: #"{"shouldNotify": true, "payload": {"id": "a"}}"#, detail: "payload.ref: missing"),
      Malformed(
        json: #"{"shouldNotify": true, "payload": {"id": "", "ref": "r", "text": "t", "encouragement": "e"}}"#,
        detail: "payload.id: id must not be empty"),
      Malformed(
        json:
          #"{"shouldNotify": true, "payload": {"id": "a", "ref": "r", "text": "t", "encouragement": "e", "expiresAt": "tomorrow"}}"#,
        detail: #"payload.expiresAt: expected an ISO 8601 date-time, got "tomorrow""#),
      Malformed(json: "shouldNotify=true", detail: "not valid JSON"),
    ])
  func malformedNext(_ example: Malformed) async throws {
    let error = try await #require(throws: EncouragementAPIError.self) {
      try await MockAPIClient(nextJSON: Data(example.json.utf8)).fetchNext()
    }
    expectMalformed(error, source: "Mock/encouragement_next.json", detailPrefix: example.detail)
  }

  @Test(
    "a malformed Canvas answer is rejected with the field at fault",
    arguments: [
      Malformed(json: #"{"assignmentsToday": []}"#, detail: "examsToday: missing"),
      Malformed(
        json:
          #"{"assignmentsToday": [{"title": "a", "due_at": "2026-11-17T16:00:00Z"}, {"title": "b"}], "examsToday": []}"#,
        detail: "assignmentsToday[1].due_at: missing"),
      Malformed(
        json:
          #"{"assignmentsToday": [{"title": "a", "due_at": "2026-11-17T16:00:00Z", "points": "40"}], "examsToday": []}"#,
        detail: "assignmentsToday[0].points: expected Int"),
      Malformed(
        json: #"{"assignmentsToday": [{"title": "a", "due_at": "Friday"}], "examsToday": []}"#,
        detail: #"assignmentsToday[0].due_at: expected an ISO 8601 date-time, got "Friday""#),
      Malformed(
        json: #"{"assignmentsToday": [], "examsToday": [{"title": "Midterm", "when": null}]}"#,
        detail: "examsToday[0].when: expected String, found null"),
    ])
  func malformedCanvas(_ example: Malformed) async throws {
    let error = try await #require(throws: EncouragementAPIError.self) {
      try await MockAPIClient(todayCanvasJSON: Data(example.json.utf8)).fetchTodayCanvas()
    }
    expectMalformed(error, source: "Mock/today_canvas.json", detailPrefix: example.detail)
  }

  private func expectMalformed(_ error: EncouragementAPIError, source: String, detailPrefix: String) {
    guard case .malformedResponse(let actualSource, let detail) = error else {
      Issue.record("expected a malformed response, got \(error)")
      return
    }
    #expect(actualSource == source)
    #expect(detail.hasPrefix(detailPrefix), "\(detail)")
  }
}
