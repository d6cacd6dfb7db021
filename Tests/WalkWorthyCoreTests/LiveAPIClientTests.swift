import Foundation
import Testing
import WalkWorthyCore

@Suite("Talking to our server", .timeLimit(.minutes(5)))
struct LiveAPIClientTests {
  @Test("fetchNext asks for the next encouragement with the device token and decodes the answer")
  func next() async throws {
    let transport = StubTransport(answers: [LiveAPIClient.nextPath: (200, MockData.encouragementNext)])
    let response = try await LiveAPIClient(transport: transport, deviceToken: "tok3n").fetchNext()
    #expect(response.payload?.id == "ww-isaiah-41-13")
    #expect(
      await transport.requests == [
        .init(
          path: "/walkworthy/api/v1/encouragements/next",
          headers: ["Accept": "application/json", "Authorization": "Bearer tok3n"])
      ])
  }

  @Test("fetchTodayCanvas asks for today's Canvas; without a token there is no Authorization header")
  func canvas() async throws {
    for token in [nil, ""] as [String?] {
      let transport = StubTransport(answers: [LiveAPIClient.todayCanvasPath: (200, MockData.todayCanvas)])
      let canvas = try await LiveAPIClient(transport: transport, deviceToken: token).fetchTodayCanvas()
      #expect(canvas.examsToday.count == 1)
      #expect(
        await transport.requests == [
          .init(path: "/walkworthy/api/v1/canvas/today", headers: ["Accept": "application/json"])
        ])
    }
  }

  @Test("a problem answer becomes a server error carrying the problem's code")
  func problem() async throws {
    let body =
      #"{"type":"about:blank","title":"Unauthorized","status":401,"detail":"Unknown device.","code":"DEVICE_UNKNOWN"}"#
    let client = LiveAPIClient(transport: StubTransport(answers: [LiveAPIClient.nextPath: (401, body)]))
    let error = try await #require(throws: EncouragementAPIError.self) { try await client.fetchNext() }
    #expect(error == .server(source: LiveAPIClient.nextPath, status: 401, code: "DEVICE_UNKNOWN"))
    #expect(english(error.userMessage).contains("confirm this device"))
  }

  @Test("a non-2xx answer that is not a problem document still fails, without a code")
  func plainFailure() async throws {
    let client = LiveAPIClient(
      transport: StubTransport(answers: [LiveAPIClient.todayCanvasPath: (502, "<html>Bad gateway</html>")]))
    let error = try await #require(throws: EncouragementAPIError.self) { try await client.fetchTodayCanvas() }
    #expect(error == .server(source: LiveAPIClient.todayCanvasPath, status: 502, code: nil))
    #expect(error.description == "/walkworthy/api/v1/canvas/today: HTTP 502")
  }

  @Test("no answer at all is 'unreachable', with the transport's reason")
  func unreachable() async throws {
    let client = LiveAPIClient(transport: StubTransport(failing: true))
    let error = try await #require(throws: EncouragementAPIError.self) { try await client.fetchNext() }
    #expect(error == .unreachable(source: LiveAPIClient.nextPath, reason: "the network connection was lost"))
  }

  @Test("a 200 whose body is not the spec's shape is a malformed response naming the endpoint")
  func malformed() async throws {
    let client = LiveAPIClient(transport: StubTransport(answers: [LiveAPIClient.nextPath: (200, "{}")]))
    let error = try await #require(throws: EncouragementAPIError.self) { try await client.fetchNext() }
    #expect(error == .malformedResponse(source: LiveAPIClient.nextPath, detail: "shouldNotify: missing"))
  }
}
