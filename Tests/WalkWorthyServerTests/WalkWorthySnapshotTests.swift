import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerKitTesting
import Testing

/// WalkWorthy's first screens as a visitor receives them — status, headers and body — compared
/// with the committed snapshots in `__Snapshots__/`.
@Suite("WalkWorthy pages, as served", .timeLimit(.minutes(5)))
struct WalkWorthySnapshotTests {
  static func snapshot(_ visitor: Visitor, _ path: String) async throws -> String {
    var headers: HTTPFields = [:]
    if let cookie = visitor.cookie { headers[.cookie] = cookie }
    let response = try await visitor.client.execute(uri: path, method: .get, headers: headers)
    return snapshotText(status: response.status, headers: response.headers, body: String(buffer: response.body))
  }

  @Test("the onboarding form")
  func onboarding() async throws {
    try await withWalkWorthyWeb { visitor in
      _ = try await visitor.get("/walkworthy/")
      expectSnapshot(try await Self.snapshot(visitor, "/walkworthy/welcome"), named: "onboarding")
    }
  }

  @Test("home on the mock verse")
  func home() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      expectSnapshot(try await Self.snapshot(visitor, "/walkworthy/"), named: "home")
    }
  }

  @Test("settings, with the technical details folded into About")
  func settings() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      expectSnapshot(try await Self.snapshot(visitor, "/walkworthy/settings"), named: "settings")
    }
  }

  @Test("settings sent back with an empty daily time")
  func settingsWithProblem() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      var headers: HTTPFields = [
        .contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
      ]
      if let cookie = visitor.cookie { headers[.cookie] = cookie }
      let response = try await visitor.client.execute(
        uri: "/walkworthy/settings", method: .post, headers: headers,
        body: ByteBuffer(
          string: "translation=bsb&theme=system&notifications=on&daily=&quiet=on&quiet-start=22%3A00&quiet-end=07%3A00")
      )
      let text = snapshotText(status: response.status, headers: response.headers, body: String(buffer: response.body))
      expectSnapshot(text, named: "settings-problem")
    }
  }

  @Test("the helplines")
  func support() async throws {
    try await withWalkWorthyWeb { visitor in
      expectSnapshot(try await Self.snapshot(visitor, "/walkworthy/support"), named: "support")
    }
  }
}
