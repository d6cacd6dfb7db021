import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@testable import ServerKit

@Suite("Requests held to their OpenAPI document's rules", .timeLimit(.minutes(5)))
struct ContractRulesTests {
  /// The problems `value` has against `schema`, as `[field: code]`.
  func codes(_ schema: SchemaRules, _ value: JSONValue) -> [String: String] {
    Dictionary(schema.problems(in: value, at: "").map { ($0.field, $0.code) }) { first, _ in first }
  }

  func member(_ schema: SchemaRules, _ value: JSONValue) -> [String: String] {
    codes(try! SchemaRules(types: ["object"], properties: ["m": schema]), .object(["m": value]))
  }

  @Test(
    "maxLength counts Unicode code points, as JSON Schema does: not bytes, UTF-16 units or characters",
    arguments: [
      ("abc", true), ("abcd", false), ("😀😀😀", true), ("😀😀😀😀", false), ("ab\u{65}\u{301}", false),
      ("中文字", true),
    ])
  func maxLength(text: String, accepted: Bool) throws {
    let found = member(try SchemaRules(types: ["string"], maxLength: 3), .string(text))
    #expect(found == (accepted ? [:] : ["m": "TOO_LONG"]))
  }

  @Test("minLength refuses the empty string and accepts one code point", arguments: [("", false), ("a", true)])
  func minLength(text: String, accepted: Bool) throws {
    let schema = try SchemaRules(types: ["string"], minLength: 1)
    #expect(member(schema, .string(text)) == (accepted ? [:] : ["m": "TOO_SHORT"]))
    if !accepted { #expect(schema.problems(in: .string(text), at: "m").first?.message == "must not be empty") }
  }

  @Test(
    "a pattern matches per code point, anchors at the very end, and searches when not anchored",
    arguments: [
      (#"^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$"#, "e\u{301} ok", true),
      (#"^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$"#, "bell\u{7}", false),
      (#"^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$"#, "next line\u{85}", false),
      (#"^v1\.[0-9]{1,18}$"#, "v1.5", true), (#"^v1\.[0-9]{1,18}$"#, "v1.5\n", false),
      (#"^v1\.[0-9]{1,18}$"#, "v1.٣", false), ("[0-9]", "abc1", true), ("[0-9]", "abc", false),
    ])
  func pattern(pattern: String, text: String, accepted: Bool) throws {
    let found = member(try SchemaRules(types: ["string"], pattern: pattern), .string(text))
    #expect(found == (accepted ? [:] : ["m": "PATTERN_MISMATCH"]))
  }

  @Test(
    "maxItems and minItems refuse one past the bound and accept the bound",
    arguments: [(0, "TOO_FEW"), (1, nil), (3, nil), (4, "TOO_MANY")])
  func items(count: Int, code: String?) throws {
    let schema = try SchemaRules(types: ["array"], maxItems: 3, minItems: 1)
    let value = JSONValue.array(Array(repeating: .number(1), count: count))
    #expect(member(schema, value) == (code.map { ["m": $0] } ?? [:]))
  }

  @Test(
    "minimum and maximum include their bound; the exclusive ones do not",
    arguments: [
      (-1.0, "TOO_SMALL"), (0, nil), (1000, nil), (1001, "TOO_LARGE"), (1000.5, "TOO_LARGE"), (-0.5, "TOO_SMALL"),
    ])
  func bounds(number: Double, code: String?) throws {
    let schema = try SchemaRules(types: ["number"], minimum: 0, maximum: 1000)
    #expect(member(schema, .number(number)) == (code.map { ["m": $0] } ?? [:]))
  }

  @Test(
    "exclusiveMinimum and exclusiveMaximum refuse the bound itself", arguments: [(0.0, false), (0.5, true), (1, false)])
  func exclusive(number: Double, accepted: Bool) throws {
    let schema = try SchemaRules(types: ["number"], exclusiveMinimum: 0, exclusiveMaximum: 1)
    #expect(member(schema, .number(number)).isEmpty == accepted)
  }

  @Test(
    "enum accepts only a listed value, and says which are", arguments: [("fr", true), ("de", false), ("FR", false)])
  func enumeration(text: String, accepted: Bool) throws {
    let schema = try SchemaRules(types: ["string"], allowed: ["en", "fr"])
    #expect(member(schema, .string(text)) == (accepted ? [:] : ["m": "NOT_ALLOWED"]))
    if !accepted { #expect(schema.problems(in: .string(text), at: "m").first?.message == "is not one of en, fr") }
  }

  @Test("a value of another type is left to the decoder, which says it has the wrong type")
  func otherType() throws {
    let schema = try SchemaRules(types: ["string"], maxLength: 1, allowed: ["a"])
    #expect(member(schema, .number(12345)).isEmpty)
    #expect(member(schema, .null).isEmpty)
  }

  @Test("the digest's nested objects, arrays, allOf and anyOf are followed, and each problem names its member")
  func nested() throws {
    let rules = try RequestRules(
      json: #"""
        {"operations": {"upload": {"body": {"type": "object", "properties": {
          "events": {"type": "array", "maxItems": 2, "items": {"type": "object", "properties": {
            "kind": {"type": "string", "enum": ["open", "exit"]},
            "meta": {"allOf": [{"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}}}]}}}},
          "note": {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer", "minimum": 0}]},
          "tags": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 1}}}}}}}
        """#)
    let body = try #require(rules.operations["upload"]?.body)
    let value = try JSONDecoder().decode(
      JSONValue.self,
      from: Data(
        #"{"events":[{"kind":"open","meta":{"n":5}},{"kind":"shut","meta":{"n":6}}],"note":"abc","tags":{"a":"xy"}}"#
          .utf8))
    #expect(
      body.problems(in: value, at: "").map { "\($0.field) \($0.code)" }.sorted() == [
        "events[1].kind NOT_ALLOWED", "events[1].meta.n TOO_LARGE", "note TOO_LONG", "tags.a TOO_LONG",
      ])
    let fine = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"note":7,"events":[]}"#.utf8))
    #expect(body.problems(in: fine, at: "").isEmpty)
  }

  @Test("a rule a handler answers itself is left to it: a whole operation, or one member and all under it")
  func leaving() {
    let rules = ContractRules(Self.rules, leaving: ["answer.answer_id", "other"])
    #expect(rules.leaves("answer_id", of: "answer") && rules.leaves("answer_id[2].x", of: "answer"))
    #expect(!rules.leaves("answer_idx", of: "answer") && !rules.leaves("quiz_id", of: "answer"))
    #expect(rules.leaves("anything", of: "other"))
  }

  // MARK: The middleware

  static let rules = try! RequestRules(
    json: #"""
      {"operations": {"answer": {
        "parameters": [
          {"in": "path", "name": "quiz_id", "schema": {"type": "string", "maxLength": 4}},
          {"in": "query", "name": "limit", "schema": {"type": "integer", "minimum": 1, "maximum": 100}},
          {"in": "query", "name": "q", "schema": {"type": "string", "maxLength": 3}}],
        "body": {"type": "object", "properties": {
          "answer_id": {"type": "string", "minLength": 1, "maxLength": 64}}}}}}
      """#)

  struct Outcome {
    var error: OrchardError?
    var received: String?
  }

  func send(
    path: String = "/quizzes/q1/answers", quiz: Substring = "q1", body: String? = nil,
    contentType: String = "application/json"
  ) async -> Outcome {
    var request = HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: path)
    request.headerFields[.contentType] = contentType
    let received = Received()
    do {
      _ = try await ContractRules(Self.rules).intercept(
        request, body: body.map { HTTPBody($0) }, metadata: ServerRequestMetadata(pathParameters: ["quiz_id": quiz]),
        operationID: "answer"
      ) { _, body, _ in
        if let body { received.text = try await String(collecting: body, upTo: 1 << 20) }
        return (HTTPResponse(status: .ok), nil)
      }
      return Outcome(received: received.text)
    } catch {
      return Outcome(error: error as? OrchardError)
    }
  }

  final class Received: Sendable {
    private let value = Mutex<String?>(nil)
    var text: String? {
      get { value.withLock { $0 } }
      set { value.withLock { $0 = newValue } }
    }
  }

  @Test("a body member past its maxLength is refused with 400 BAD_REQUEST naming it, and no handler runs")
  func refusesBody() async throws {
    let long = String(repeating: "a", count: 65)
    let outcome = await send(body: #"{"answer_id":"\#(long)"}"#)
    let error = try #require(outcome.error)
    #expect(error.status == .badRequest && error.code == "BAD_REQUEST")
    #expect(
      error.problems == [FieldProblem(field: "answer_id", code: "TOO_LONG", message: "is longer than 64 characters")])
    #expect(error.detail.contains("answer_id is longer than 64 characters"))
    #expect(outcome.received == nil)
  }

  @Test("an empty member with minLength 1 is refused")
  func refusesEmpty() async throws {
    let outcome = await send(body: #"{"answer_id":""}"#)
    #expect(outcome.error?.problems.map(\.code) == ["TOO_SHORT"])
  }

  @Test("a body within the rules reaches the handler byte for byte")
  func passesBody() async {
    let body = #"{"answer_id":"\#(String(repeating: "é", count: 64))"}"#
    let outcome = await send(body: body)
    #expect(outcome.error == nil)
    #expect(outcome.received == body)
  }

  @Test("a body that is not JSON, or not sent as JSON, is left to the decoder and the content-type check")
  func leavesOthers() async {
    #expect(await send(body: "{not json").received == "{not json")
    #expect(await send(body: #"{"answer_id":""}"#, contentType: "text/plain").error == nil)
  }

  @Test(
    "path and query parameters are read as the runtime reads them, then held to their rules",
    arguments: [
      ("/quizzes/q1/answers?limit=100&q=a+b", "q1", nil), ("/quizzes/q1/answers?limit=101", "q1", "limit TOO_LARGE"),
      ("/quizzes/q1/answers?limit=0", "q1", "limit TOO_SMALL"), ("/quizzes/q1/answers?q=a%2Bbc", "q1", "q TOO_LONG"),
      ("/quizzes/%E4%B8%AD%E6%96%87/answers", "%E4%B8%AD%E6%96%87", nil),
      ("/quizzes/q1/answers?limit=ten", "q1", nil),
    ])
  func parameters(path: String, quiz: String, problem: String?) async {
    let outcome = await send(path: path, quiz: Substring(quiz))
    #expect(outcome.error?.problems.map { "\($0.field) \($0.code)" } == problem.map { [$0] })
  }

  @Test("an id in the address that breaks its rules names nothing: 404 NOT_FOUND, and no handler runs")
  func pathParameters() async {
    let outcome = await send(path: "/quizzes/abcde/answers", quiz: "abcde", body: #"{"answer_id":"a"}"#)
    #expect(outcome.error?.status == .notFound)
    #expect(outcome.received == nil)
  }
}
