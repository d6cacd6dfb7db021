import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MIGAAPI
import OrchardDatabase
import OrchardKit
import ServerKit
import ServerKitTesting

@testable import MIGAServer

/// MIGA alone on a fresh SQLite file, with a second handle on the same file for what an operator
/// does beside it (`orchard miga content …`).
func withMIGA(
  clock: any WallClock = ManualClock(testNow), _ body: @Sendable (MIGAAPIClient, Database) async throws -> Void
) async throws {
  try await withTemporarySQLite { location in
    try await withTestServer([MIGAApp()], database: location, clock: clock) { client in
      let operator_ = try await Database.open(location, logger: .init(label: "test"))
      do {
        try await body(MIGAAPIClient(client: client), operator_)
        try await operator_.close()
      } catch {
        try? await operator_.close()
        throw error
      }
    }
  }
}

/// A device's view of the API: sends JSON, decodes answers with the types generated from the
/// contract (which refuse unknown members and missing required ones).
struct MIGAAPIClient: Sendable {
  typealias Answer = JSONAPIClient.Answer

  let client: any TestClientProtocol

  /// A new device's credentials.
  func newDevice() async throws -> Components.Schemas.DeviceCredentials {
    let answer = try await send(.post, "/miga/api/v1/devices")
    return try answer.decode()
  }

  func send(
    _ method: HTTPRequest.Method, _ path: String, token: String? = nil, headers: HTTPFields = [:],
    json: (any Encodable)? = nil, rawBody: String? = nil
  ) async throws -> Answer {
    try await JSONAPIClient(client: client).send(
      method, path, token: token, headers: headers, json: json, rawBody: rawBody)
  }

  func upload(_ events: [Components.Schemas.Event], token: String) async throws -> Answer {
    try await send(.post, "/miga/api/v1/events", token: token, json: Components.Schemas.EventBatch(events: events))
  }

  /// Every event the device has stored, page by page.
  func restore(token: String, limit: Int = 500) async throws -> [Components.Schemas.Event] {
    var events: [Components.Schemas.Event] = []
    var cursor: String?
    while true {
      let query = "limit=\(limit)" + (cursor.map { "&after=\($0)" } ?? "")
      let page: Components.Schemas.EventPage = try await send(.get, "/miga/api/v1/events?\(query)", token: token)
        .decode()
      events += page.events
      cursor = page.cursor
      if !page.has_more { return events }
    }
  }
}

/// `count` valid wire events with ids from `seed`.
func wireEvents(_ count: Int, seed: UInt64 = 3) -> [Components.Schemas.Event] {
  events(count, seed: seed).map(MIGAAPIService.wire)
}

extension JSONAPIClient.Answer {
  /// The answer as MIGA's problem document, if it is one.
  var problem: Components.Schemas.Problem? { try? decode() }
}
