import Foundation
import Testing
import WalkWorthyCore

@Suite("Feature flags", .timeLimit(.minutes(5)))
struct ConfigTests {
  @Test("with nothing set, the flags are the spec's defaults: mock, fake Canvas, local notifications")
  func defaults() throws {
    let config = try Config(file: "")
    #expect(config.apiMode == .mock)
    #expect(config.useFakeCanvas)
    #expect(config.notificationMode == .local)
    #expect(config.apiBaseURL == nil)
    #expect(config == (try Config()))
  }

  @Test("the file is KEY=VALUE lines with comments, blank lines and spaces around both sides")
  func file() throws {
    let text = """
      # WalkWorthy, staging build\r
      API_MODE = live\r

        API_BASE_URL=https://orchard.example.org
      USE_FAKE_CANVAS=false
      NOTIFICATION_MODE=off   
      """
    let config = try Config(file: text)
    #expect(config.apiMode == .live)
    #expect(config.apiBaseURL == URL(string: "https://orchard.example.org"))
    #expect(!config.useFakeCanvas)
    #expect(config.notificationMode == .off)
  }

  @Test("the environment overrides the file, key by key, and other variables are ignored")
  func environment() throws {
    let config = try Config(
      file: "API_MODE=mock\nUSE_FAKE_CANVAS=true",
      environment: ["API_MODE": "live", "API_BASE_URL": "http://127.0.0.1:8080", "PATH": "/usr/bin", "HOME": "/root"])
    #expect(config.apiMode == .live)
    #expect(config.apiBaseURL == URL(string: "http://127.0.0.1:8080"))
    #expect(config.useFakeCanvas)
  }

  struct Rejected: Sendable, CustomTestStringConvertible {
    let file: String
    var environment: [String: String] = [:]
    let error: ConfigError
    var testDescription: String { error.description }
  }

  @Test(
    "an unknown key or value stops startup with an error naming the key and what it allows",
    arguments: [
      Rejected(
        file: "# flags\nAPI_MODE=staging",
        error: .invalidValue(key: "API_MODE", value: "staging", allowed: ["mock", "live"], source: .file(line: 2))),
      Rejected(
        file: "API_MODE=Mock",
        error: .invalidValue(key: "API_MODE", value: "Mock", allowed: ["mock", "live"], source: .file(line: 1))),
      Rejected(
        file: "API_MODE=",
        error: .invalidValue(key: "API_MODE", value: "", allowed: ["mock", "live"], source: .file(line: 1))),
      Rejected(
        file: "NOTIFICATION_MODE=local", environment: ["NOTIFICATION_MODE": "push"],
        error: .invalidValue(key: "NOTIFICATION_MODE", value: "push", allowed: ["local", "off"], source: .environment)),
      Rejected(
        file: "USE_FAKE_CANVAS=yes",
        error: .invalidValue(key: "USE_FAKE_CANVAS", value: "yes", allowed: ["true", "false"], source: .file(line: 1))),
      Rejected(file: "API_MOD=live", error: .unknownKey("API_MOD", line: 1)),
      Rejected(file: "\nAPI_MODE", error: .malformedLine("API_MODE", line: 2)),
      Rejected(file: "API_MODE=mock\nAPI_MODE=live", error: .duplicateKey("API_MODE", line: 2)),
      Rejected(file: "API_MODE=live", error: .missingBaseURL),
      Rejected(file: "API_MODE=live\nAPI_BASE_URL=", error: .missingBaseURL),
      Rejected(
        file: "API_BASE_URL=ftp://orchard.example.org",
        error: .invalidBaseURL("ftp://orchard.example.org", source: .file(line: 1))),
      Rejected(
        file: "", environment: ["API_BASE_URL": "orchard.example.org"],
        error: .invalidBaseURL("orchard.example.org", source: .environment)),
    ])
  func rejected(_ example: Rejected) {
    #expect(throws: example.error) { try Config(file: example.file, environment: example.environment) }
  }

  @Test("the error reads as a sentence that says what to do")
  func messages() {
    let invalid = ConfigError.invalidValue(
      key: "API_MODE", value: "staging", allowed: ["mock", "live"], source: .file(line: 2))
    #expect(invalid.description == "API_MODE=staging (config file line 2) is not allowed: use one of mock, live")
    #expect(
      ConfigError.unknownKey("API_MOD", line: 1).description
        == "config file line 1: unknown key API_MOD; known keys are API_MODE, USE_FAKE_CANVAS, NOTIFICATION_MODE, API_BASE_URL"
    )
  }

  @Test("live mode without a base URL cannot be built in code either")
  func liveNeedsURL() {
    #expect(throws: ConfigError.missingBaseURL) { try Config(apiMode: .live) }
  }

  @Test("API_MODE=mock gives the mock client and never builds a transport")
  func mockClient() async throws {
    var transportsBuilt = 0
    let config = try Config(file: "API_MODE=mock\nAPI_BASE_URL=https://orchard.example.org")
    let client = config.client { _ in
      transportsBuilt += 1
      return StubTransport(failing: true)
    }
    #expect(client is MockAPIClient)
    #expect(transportsBuilt == 0)
    #expect(try await client.fetchNext().payload?.id == "ww-isaiah-41-13")
  }

  @Test("API_MODE=live gives the live client over a transport built for API_BASE_URL")
  func liveClient() async throws {
    let transport = StubTransport(answers: [
      LiveAPIClient.nextPath: (200, #"{"shouldNotify": false, "payload": null}"#)
    ])
    var urls: [URL] = []
    let config = try Config(file: "", environment: ["API_MODE": "live", "API_BASE_URL": "https://orchard.example.org"])
    let client = config.client(deviceToken: "abc") { url in
      urls.append(url)
      return transport
    }
    #expect(client is LiveAPIClient)
    #expect(urls == [URL(string: "https://orchard.example.org")!])
    #expect(try await client.fetchNext() == NextResponse(shouldNotify: false, payload: nil))
    #expect(await transport.requests.map(\.path) == [LiveAPIClient.nextPath])
    #expect(await transport.requests.first?.headers["Authorization"] == "Bearer abc")
  }
}
