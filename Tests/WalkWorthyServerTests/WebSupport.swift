import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrchardJobs
import OrchardKit
import ServerKit
import ServerKitTesting
import WalkWorthyCore

@testable import WalkWorthyServer

/// Noon UTC on the day of the spec's mock data (its encouragement expires at 06:00 the next day).
let mockDay = Date(timeIntervalSince1970: 1_794_916_800)

/// A VAPID key that is the same in every run, so the pages that name it can be compared.
let testPush = PushSettings(
  key: VAPIDKey(
    privateKey: try! P256.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)),
    subject: "mailto:push@walkworthy.example"))

/// WalkWorthy's web version alone on its own in-memory database, with a clock the test moves.
func withWalkWorthyWeb(
  clock: ManualClock = ManualClock(mockDay), app: WalkWorthyApp = WalkWorthyApp(push: testPush),
  configuration: ServerConfiguration = .defaults, _ body: @Sendable (inout Visitor) async throws -> Void
) async throws {
  // The job queue's table too: "Notify me" plans its messages there.
  try await withTestServer(
    [app], platform: TablesOnlyPlatform(migrations: [JobQueue.migration]), configuration: configuration, clock: clock
  ) { client in
    var visitor = Visitor(client: client)
    try await body(&visitor)
  }
}

/// A visitor who has completed onboarding with a valid profile.
func onboard(_ visitor: inout Visitor, form: String = "age=19&major=Biology&gender=woman&hobby=Music") async throws {
  _ = try await visitor.get("/walkworthy/")
  let saved = try await visitor.post("/walkworthy/welcome", form: form + "&action=save&zone=UTC")
  precondition(saved.location == "/walkworthy/", "onboarding did not save: \(saved.status)")
}

/// A card as the pages show it.
func card(_ id: String, _ translation: Translation) -> VerseCard {
  VerseCard(EncouragementLibrary.bundled.encouragement(id: id)!, in: translation)
}

extension Visitor {
  /// A JSON body sent as a page's script sends it, asking for JSON back.
  mutating func send(
    _ method: HTTPRequest.Method, _ path: String, json: String = ""
  ) async throws -> (status: HTTPResponse.Status, body: String) {
    var headers: HTTPFields = [
      .accept: "application/json", .contentType: "application/json", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
    ]
    if let cookie { headers[.cookie] = cookie }
    let response = try await client.execute(uri: path, method: method, headers: headers, body: ByteBuffer(string: json))
    return (response.status, String(buffer: response.body))
  }

  /// A POST with headers of the test's choosing (a script's `Accept: application/json`).
  mutating func postJSON(_ path: String, form: String = "") async throws -> (status: HTTPResponse.Status, body: String)
  {
    var headers: HTTPFields = [.accept: "application/json", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
    if !form.isEmpty { headers[.contentType] = "application/x-www-form-urlencoded" }
    if let cookie { headers[.cookie] = cookie }
    let response = try await client.execute(
      uri: path, method: .post, headers: headers, body: ByteBuffer(string: form))
    return (response.status, String(buffer: response.body))
  }
}
