import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MIGACore
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import MIGAServer

/// The pause with no connection: the page the service worker keeps, and the address its steps
/// are sent to once the connection is back.
@Suite("MIGA offline", .timeLimit(.minutes(5)))
struct MIGAOfflineTests {
  let start = Date(timeIntervalSince1970: 1_795_000_000)

  /// One offline pause in front of Instagram: open, Read Next, Exit, ending `before` seconds ago.
  func pause(seed: UInt64 = 5, contents: [String], before: Double = 60) -> String {
    let ids = deviceIDs(4, seed: seed).map(\.description)
    func at(_ offset: Double) -> String { WireTimestamp.format(start.addingTimeInterval(offset - before)) }
    return """
      {"steps": [
      {"id": "\(ids[1])", "pause": "\(ids[0])", "app": "instagram", "outcome": "open", "at": "\(at(-50))", \
      "content": "\(contents[0])", "seconds": 30},
      {"id": "\(ids[2])", "pause": "\(ids[0])", "app": "instagram", "outcome": "next", "at": "\(at(-40))", \
      "content": "\(contents[1])"},
      {"id": "\(ids[3])", "pause": "\(ids[0])", "app": "instagram", "outcome": "exit", "at": "\(at(0))"}
      ]}
      """
  }

  struct Receipt: Decodable, Equatable {
    struct Rejection: Decodable, Equatable {
      let id: String
      let code: String
    }
    let accepted: [String]
    let duplicates: [String]
    let rejected: [Rejection]
  }

  struct Problem: Decodable {
    let status: Int
    let code: String
    let detail: String
  }

  static func send(_ visitor: inout Visitor, _ json: String) async throws -> (HTTPResponse.Status, String) {
    let response = try await visitor.post("/miga/offline-pauses.json", form: json, type: "application/json")
    return (response.status, response.body)
  }

  /// The quotes the offline pause keeps, read back from its `data-quotes`.
  static func keptQuotes(_ page: String) throws -> [String] {
    struct Quote: Decodable { let id: String }
    let attribute = try #require(page.firstRange(of: "data-quotes=\"").map { page[$0.upperBound...] })
    let json = String(attribute.prefix { $0 != "\"" }).replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    return try JSONDecoder().decode([Quote].self, from: Data(json.utf8)).map(\.id)
  }

  static func exits(_ stats: String) -> Int? {
    guard let end = stats.range(of: "</span><span class=\"stat-label\">Conscious exits") else { return nil }
    return Int(stats[..<end.lowerBound].split(separator: ">").last ?? "")
  }

  @Test("the kept pause carries the core's choice for this device: its length and its next quotes")
  func offlinePage() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      #expect(try await visitor.get("/miga/offline-gateway").location == "/miga/welcome/welcome")
      try await onboard(&visitor, pause: 30)
      let page = try await visitor.get("/miga/offline-gateway")
      #expect(page.status == .ok)
      // Online, a first reach gets half the chosen 30 s; offline the device cannot tell, so 30.
      #expect(page.body.contains("data-seconds=\"30\"") && page.body.contains("data-remaining=\"30\""))
      #expect(page.body.contains("<p class=\"countdown-status\" aria-hidden=\"true\">30 seconds left</p>"))
      let quotes = try Self.keptQuotes(page.body)
      let library = try MIGAApp.bundledLibrary().items
      #expect(quotes.count == OfflineGateway.quoteCount && Set(quotes).count == quotes.count)
      #expect(quotes.allSatisfy { id in library.first { $0.id == id }?.kind == .quote })
      #expect(page.body.contains("A pause before Instagram") && page.body.contains("Proceed to Instagram"))
      #expect(page.body.contains("&quot;youtube&quot;:{&quot;proceed&quot;:&quot;Proceed to YouTube&quot;"))
      #expect(!page.body.contains("method=\"post\""), "offline, nothing posts")
    }
  }

  @Test("a batch of offline steps is recorded once, however often it is sent")
  func recordedOnce() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      try await onboard(&visitor)
      let quotes = try Self.keptQuotes(try await visitor.get("/miga/offline-gateway").body)
      let batch = pause(contents: quotes)
      let (status, body) = try await Self.send(&visitor, batch)
      #expect(status == .ok)
      let receipt = try JSONDecoder().decode(Receipt.self, from: Data(body.utf8))
      #expect(receipt.accepted.count == 3 && receipt.duplicates.isEmpty && receipt.rejected.isEmpty)
      let stats = try await visitor.get("/miga/stats").body
      #expect(Self.exits(stats) == 1)
      #expect(stats.contains("<span class=\"stat-value\">2</span><span class=\"stat-label\">Passages read"))
      #expect(try await visitor.get("/miga/").body.contains("1-Day Control Streak"))
      let again = try JSONDecoder().decode(Receipt.self, from: Data(try await Self.send(&visitor, batch).1.utf8))
      #expect(again.duplicates == receipt.accepted && again.accepted.isEmpty)
      #expect(Self.exits(try await visitor.get("/miga/stats").body) == 1)
    }
  }

  @Test("a step that cannot be true is refused in the receipt, with the rest of its pause")
  func refusedSteps() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      try await onboard(&visitor)
      let batch = pause(contents: ["nowhere", "nowhere"]).replacingOccurrences(
        of: "\"outcome\": \"next\"", with: "\"outcome\": \"next\", \"ignored\": true")
      let receipt = try JSONDecoder().decode(Receipt.self, from: Data(try await Self.send(&visitor, batch).1.utf8))
      #expect(receipt.rejected.map(\.code) == ["UNKNOWN_CONTENT", "PAUSE_NOT_OPENED", "PAUSE_NOT_OPENED"])
      #expect(Self.exits(try await visitor.get("/miga/stats").body) == 0)
    }
  }

  @Test("a body that is not a batch of steps is a 400 problem that says what to send; nothing is recorded")
  func badInput() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      try await onboard(&visitor)
      let good = pause(contents: ["a", "b"])
      let id = deviceIDs(1)[0].description
      let exit = """
        {"id": "\(id)", "pause": "\(id)", "app": "instagram", "outcome": "exit", "at": "2026-01-01T00:00:00.000Z"}
        """
      let tooMany =
        "{\"steps\": [" + Array(repeating: exit, count: OfflineGateway.batchLimit + 1).joined(separator: ",") + "]}"
      let cases: [(String, String)] = [
        ("not json", "BAD_OFFLINE_STEPS"), ("{}", "BAD_OFFLINE_STEPS"), ("{\"steps\": 3}", "BAD_OFFLINE_STEPS"),
        ("{\"steps\": []}", "OFFLINE_STEPS_COUNT"), (tooMany, "OFFLINE_STEPS_COUNT"),
        (good.replacingOccurrences(of: "\"outcome\": \"exit\"", with: "\"outcome\": \"leave\""), "BAD_OFFLINE_STEPS"),
        (good.replacingOccurrences(of: "\"pause\": \"", with: "\"pause\": \"X"), "BAD_OFFLINE_STEPS"),
        (good.replacingOccurrences(of: "Z\", \"content\"", with: "\", \"content\""), "BAD_OFFLINE_STEPS"),
        (good.replacingOccurrences(of: "\"seconds\": 30", with: "\"seconds\": \"30\""), "BAD_OFFLINE_STEPS"),
        (
          good.replacingOccurrences(
            of: "\"outcome\": \"exit\"", with: "\"outcome\": \"proceed\", \"intention\": \"x\""),
          "BAD_OFFLINE_STEPS"
        ),
      ]
      for (body, code) in cases {
        let (status, answer) = try await Self.send(&visitor, body)
        #expect(status == .badRequest, "\(body.prefix(40))")
        let problem = try JSONDecoder().decode(Problem.self, from: Data(answer.utf8))
        #expect(problem.code == code && problem.status == 400 && problem.detail.contains("Nothing was recorded"))
      }
      let huge = "{\"steps\": [\"" + String(repeating: "x", count: 70 * 1024) + "\"]}"
      #expect(try await Self.send(&visitor, huge).0 == .contentTooLarge)
      #expect(Self.exits(try await visitor.get("/miga/stats").body) == 0)
    }
  }

  @Test("steps go to the log of the device whose cookie sends them, never to another's")
  func ownDeviceOnly() async throws {
    try await withTestServer([MIGAApp()], clock: ManualClock(start)) { client in
      var mine = Visitor(client: client)
      var theirs = Visitor(client: client)
      try await onboard(&mine)
      try await onboard(&theirs)
      let batch = pause(contents: try Self.keptQuotes(try await mine.get("/miga/offline-gateway").body))
      _ = try await Self.send(&mine, batch)
      // The same steps with the other cookie: a body names no device, so they are that device's own.
      let theirReceipt = try JSONDecoder().decode(
        Receipt.self, from: Data(try await Self.send(&theirs, batch).1.utf8))
      #expect(theirReceipt.accepted.count == 3, "recorded for the sender, not found among another's")
      #expect(Self.exits(try await mine.get("/miga/stats").body) == 1)
      #expect(Self.exits(try await theirs.get("/miga/stats").body) == 1)
      // Another site cannot send them with the visitor's cookie.
      var headers: HTTPFields = [.contentType: "application/json", .cookie: mine.cookie ?? ""]
      headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
      let forged = try await client.execute(
        uri: "/miga/offline-pauses.json", method: .post, headers: headers, body: ByteBuffer(string: batch))
      #expect(forged.status == .forbidden)
    }
  }

  @Test("the service worker keeps the hub and the offline pause, and names its cache after MIGA's assets")
  func serviceWorker() async throws {
    try await withMIGAWeb(clock: ManualClock(start)) { visitor in
      let worker = try await visitor.get("/miga/sw.js")
      #expect(worker.status == .ok)
      #expect(worker.body.hasPrefix("self.orchard = {\"cache\":\"miga-"))
      #expect(worker.body.contains("\"shells\":[\"/miga/\",\"/miga/offline-gateway\"]"))
      #expect(worker.body.contains("self.skipWaiting()") && worker.body.contains("self.clients.claim()"))
    }
  }
}
