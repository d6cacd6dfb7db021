import Foundation
import HTTPTypes
import MIGAAPI
import MIGACore
import OrchardKit
import ServerKit
import Testing

@testable import MIGAServer

@Suite("MIGA's API: devices and tokens", .timeLimit(.minutes(5)))
struct MIGADeviceRouteTests {
  @Test("the API document is public and is the contract the code was generated from")
  func document() async throws {
    try await withMIGA { api, _ in
      let answer = try await api.send(.get, "/miga/api/openapi.yaml")
      #expect(answer.status == .ok)
      #expect(answer.body == (try MIGAAPISpec.document()))
    }
  }

  @Test("a new device gets an id and a token, never cached")
  func newDevice() async throws {
    try await withMIGA { api, _ in
      let answer = try await api.send(.post, "/miga/api/v1/devices")
      #expect(answer.status == .created)
      #expect(answer.headers[.cacheControl] == "private, no-store")
      let credentials: Components.Schemas.DeviceCredentials = try answer.decode()
      #expect(IdempotencyID(credentials.device_id) != nil)
      #expect(credentials.token.wholeMatch(of: #/[A-Za-z0-9_-]{43}/#) != nil)
      let other = try await api.newDevice()
      #expect(other.token != credentials.token && other.device_id != credentials.device_id)
    }
  }

  static let protected: [(HTTPRequest.Method, String)] = [
    (.get, "/miga/api/v1/content"), (.get, "/miga/api/v1/content?since=v1.0"), (.get, "/miga/api/v1/events"),
    (.post, "/miga/api/v1/events"), (.get, "/miga/api/v1/config"), (.delete, "/miga/api/v1/devices/me"),
  ]

  @Test("every call but device creation is refused without a known bearer token")
  func unauthorized() async throws {
    try await withMIGA { api, _ in
      let known = try await api.newDevice()
      let wrong: [HTTPFields] = [
        [:], [.authorization: "Bearer"], [.authorization: "Bearer not-a-token"],
        [.authorization: "Basic \(known.token)"], [.authorization: "Bearer \(known.token)x"],
      ]
      for (method, path) in Self.protected {
        for headers in wrong {
          let answer = try await api.send(
            method, path, headers: headers, json: method == .post ? Components.Schemas.EventBatch(events: []) : nil)
          #expect(answer.status == .unauthorized, "\(method) \(path) \(headers)")
          #expect(answer.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
          #expect(answer.headers[.contentType] == "application/problem+json")
          #expect(answer.problem?.code == "UNAUTHORIZED")
        }
      }
    }
  }

  @Test("the scheme's name is case-insensitive")
  func schemeCase() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let answer = try await api.send(
        .get, "/miga/api/v1/config", headers: [.authorization: "bearer \(device.token)"])
      #expect(answer.status == .ok)
    }
  }
}

@Suite("MIGA's API: event backup", .timeLimit(.minutes(5)))
struct MIGAEventRouteTests {
  @Test("a batch of 500 sent five times is stored once; the receipt says which were new")
  func idempotent() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let batch = wireEvents(500)
      for attempt in 1...5 {
        let answer = try await api.upload(batch, token: device.token)
        #expect(answer.status == .ok)
        #expect(answer.headers[.cacheControl] == "private, no-store")
        let receipt: Components.Schemas.UploadReceipt = try answer.decode()
        #expect(receipt.accepted == (attempt == 1 ? batch.map(\.event_id) : []))
        #expect(receipt.duplicates == (attempt == 1 ? [] : batch.map(\.event_id)))
        #expect(receipt.rejected.isEmpty)
      }
      #expect(try await api.restore(token: device.token, limit: 1000) == batch)
    }
  }

  @Test("an id repeated within a batch is stored and answered once")
  func repeatedWithinBatch() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let batch = wireEvents(2)
      let receipt: Components.Schemas.UploadReceipt = try await api.upload(batch + [batch[0]], token: device.token)
        .decode()
      #expect(receipt.accepted == batch.map(\.event_id))
      #expect(receipt.duplicates.isEmpty)
      // A repeated copy is held to the contract too: one that breaks it refuses the batch.
      var broken = batch[1]
      broken.local_day = "2026-11-22*"
      let refused = try await api.upload(wireEvents(1) + [batch[1], broken], token: device.token)
      #expect(refused.status == .badRequest)
      #expect(refused.problem?.code == "INVALID_LOCAL_DAY")
    }
  }

  @Test("a batch of 501 events, or of none, is refused whole")
  func batchSize() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let tooMany = try await api.upload(wireEvents(501), token: device.token)
      #expect(tooMany.status == .badRequest)
      #expect(tooMany.problem?.code == "BATCH_TOO_LARGE")
      let none = try await api.upload([], token: device.token)
      #expect(none.status == .badRequest)
      #expect(none.problem?.code == "EMPTY_BATCH")
      #expect(try await api.restore(token: device.token).isEmpty)
    }
  }

  /// A field outside the contract, and the code that refuses the batch: the event rules' own codes
  /// from MIGACore where they have one.
  static let contractBreaks: [(String, @Sendable (inout Components.Schemas.Event) -> Void)] = [
    ("INVALID_TIME_ZONE", { $0.time_zone = "not a zone" }),
    ("INVALID_APP_ID", { $0.metadata.app_id = "Instagram!" }),
    ("INVALID_CONTENT_ID", { $0.metadata.content_id = "has space" }),
    ("TIMER_LENGTH_OUT_OF_RANGE", { $0.metadata.timer_length = 500 }),
    ("SESSION_DURATION_OUT_OF_RANGE", { $0.metadata.session_duration = -1 }),
    ("INVALID_EVENT_ID", { $0.event_id = "XYZ" }),
    ("INVALID_OCCURRED_AT", { $0.occurred_at = "2026-11-22T01:02:03Z" }),
    ("INVALID_LOCAL_DAY", { $0.local_day = "2026-1-2" }),
  ]

  @Test("a field outside the contract refuses the whole batch with that rule's code", arguments: contractBreaks)
  func contractBreak(code: String, breakIt: @Sendable (inout Components.Schemas.Event) -> Void) async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      var batch = wireEvents(3)
      breakIt(&batch[1])
      let answer = try await api.upload(batch, token: device.token)
      #expect(answer.status == .badRequest)
      #expect(answer.headers[.contentType] == "application/problem+json")
      #expect(answer.problem?.code == code)
      #expect(answer.problem?.detail.contains("Event 2") == true)
      #expect(try await api.restore(token: device.token).isEmpty)
    }
  }

  @Test("a field outside the contract refuses the batch even when the event's date is impossible too")
  func contractBreakBeforeDates() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      for impossible: @Sendable (inout Components.Schemas.Event) -> Void in [
        { $0.occurred_at = "2026-02-30T10:00:00.000Z" }, { $0.local_day = "2026-02-30" },
      ] {
        var batch = wireEvents(3)
        impossible(&batch[1])
        batch[1].metadata.session_duration = -1
        let answer = try await api.upload(batch, token: device.token)
        #expect(answer.status == .badRequest)
        #expect(answer.problem?.code == "SESSION_DURATION_OUT_OF_RANGE")
      }
      #expect(try await api.restore(token: device.token).isEmpty)
    }
  }

  @Test("every event rule of MIGACore is enforced at the API with its own code")
  func everyCoreRuleIsCovered() {
    let covered = Set(Self.contractBreaks.map(\.0))
    for rule in EventValidationError.allCases where rule != .localDayOutOfRange {
      #expect(covered.contains(rule.code), "\(rule)")
    }
  }

  @Test("JSON that is not a batch is refused: unknown members, an unknown kind, a wrong type")
  func malformed() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let event = String(decoding: try JSONEncoder().encode(wireEvents(1)[0]), as: UTF8.self)
      let bodies = [
        #"{"events":[\#(event)],"extra":1}"#,
        #"{"events":[\#(event.replacingOccurrences(of: "\"kind\":", with: "\"extra\":1,\"kind\":"))]}"#,
        #"{"events":[\#(event.replacingOccurrences(of: "session_start", with: "teleported"))]}"#,
        #"{"events":"many"}"#, "not json",
        #"{"events":[\#(event.replacingOccurrences(of: "\"metadata\":{", with: "\"metadata\":{\"intention\":null,"))]}"#,
      ]
      for body in bodies {
        let answer = try await api.send(
          .post, "/miga/api/v1/events", token: device.token, headers: [.contentType: "application/json"],
          rawBody: body)
        #expect(answer.status == .badRequest, "\(body)")
        #expect(answer.problem?.code == "BAD_REQUEST", "\(body)")
      }
      let text = try await api.send(
        .post, "/miga/api/v1/events", token: device.token, headers: [.contentType: "text/plain"], rawBody: "{}")
      #expect(text.status == .unsupportedMediaType)
      #expect(text.problem?.code == "UNSUPPORTED_MEDIA_TYPE")
    }
  }

  @Test("an event that fits the contract but cannot be true is refused alone, in the receipt")
  func rejectedInReceipt() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      var batch = wireEvents(4)
      batch[1].local_day = "2020-01-01"
      batch[2].occurred_at = "2026-02-30T10:00:00.000Z"
      batch[3].local_day = "2026-02-30"
      let receipt: Components.Schemas.UploadReceipt = try await api.upload(batch, token: device.token).decode()
      #expect(receipt.accepted == [batch[0].event_id])
      #expect(
        receipt.rejected == [
          .init(event_id: batch[1].event_id, code: .LOCAL_DAY_OUT_OF_RANGE),
          .init(event_id: batch[2].event_id, code: .INVALID_OCCURRED_AT),
          .init(event_id: batch[3].event_id, code: .INVALID_LOCAL_DAY),
        ])
      #expect(try await api.restore(token: device.token) == [batch[0]])
    }
  }

  @Test("DELETE /devices/me erases the device and its backup; its token is refused from then on")
  func erase() async throws {
    try await withMIGA { api, _ in
      let mine = try await api.newDevice()
      let theirs = try await api.newDevice()
      _ = try await api.upload(wireEvents(10), token: mine.token)
      _ = try await api.upload(wireEvents(5, seed: 9), token: theirs.token)
      #expect(try await api.restore(token: mine.token).count == 10)
      let erased = try await api.send(.delete, "/miga/api/v1/devices/me", token: mine.token)
      #expect(erased.status == .noContent)
      #expect(erased.headers[.cacheControl] == "private, no-store")
      for (method, path) in MIGADeviceRouteTests.protected {
        let answer = try await api.send(
          method, path, token: mine.token, json: method == .post ? Components.Schemas.EventBatch(events: []) : nil)
        #expect(answer.status == .unauthorized, "\(method) \(path)")
        #expect(answer.problem?.code == "UNAUTHORIZED")
      }
      // Another device's backup is untouched.
      #expect(try await api.restore(token: theirs.token).count == 5)
    }
  }

  @Test("one device can never read or overwrite another's events")
  func devicesAreIsolated() async throws {
    try await withMIGA { api, _ in
      let mine = try await api.newDevice()
      let theirs = try await api.newDevice()
      let batch = wireEvents(10)
      _ = try await api.upload(batch, token: mine.token)
      #expect(try await api.restore(token: theirs.token).isEmpty)
      // The same ids from another device are that device's own events, not duplicates of mine.
      var forged = batch
      for index in forged.indices { forged[index].metadata.app_id = "forged" }
      let receipt: Components.Schemas.UploadReceipt = try await api.upload(forged, token: theirs.token).decode()
      #expect(receipt.accepted.count == 10)
      #expect(try await api.restore(token: mine.token) == batch)
      #expect(try await api.restore(token: theirs.token) == forged)
      // A cursor from my pages reads nothing of theirs.
      let page: Components.Schemas.EventPage = try await api.send(
        .get, "/miga/api/v1/events?after=v1.0", token: theirs.token
      ).decode()
      #expect(page.events == forged)
    }
  }

  @Test("a page's cursor names the device's own last event, never a count of everyone's writes")
  func opaqueCursor() async throws {
    try await withMIGA { api, _ in
      let mine = try await api.newDevice()
      let theirs = try await api.newDevice()
      let batch = wireEvents(6)
      _ = try await api.upload(Array(batch.prefix(3)), token: mine.token)
      // Another device writes a lot in between: my cursors must not show it.
      _ = try await api.upload(wireEvents(200, seed: 11), token: theirs.token)
      _ = try await api.upload(Array(batch.suffix(3)), token: mine.token)
      let first: Components.Schemas.EventPage = try await api.send(
        .get, "/miga/api/v1/events?limit=3", token: mine.token
      ).decode()
      #expect(first.cursor == "v2.\(batch[2].event_id)")
      let second: Components.Schemas.EventPage = try await api.send(
        .get, "/miga/api/v1/events?limit=3&after=\(first.cursor)", token: mine.token
      ).decode()
      #expect(second.events == Array(batch.suffix(3)))
      #expect(second.cursor == "v2.\(batch[5].event_id)" && !second.has_more)
      let empty: Components.Schemas.EventPage = try await api.send(
        .get, "/miga/api/v1/events?after=\(second.cursor)", token: mine.token
      ).decode()
      #expect(empty.events.isEmpty && empty.cursor == second.cursor)
      let fresh: Components.Schemas.EventPage = try await api.send(
        .get, "/miga/api/v1/events", token: api.newDevice().token
      )
      .decode()
      #expect(fresh.cursor == "v2.start")
      // My cursor means nothing to another device.
      let foreign = try await api.send(.get, "/miga/api/v1/events?after=\(first.cursor)", token: theirs.token)
      #expect(foreign.status == .badRequest && foreign.problem?.code == "BAD_CURSOR")
      // A cursor of the earlier form still pages from where it stood.
      let legacy: Components.Schemas.EventPage = try await api.send(
        .get, "/miga/api/v1/events?after=v1.0&limit=2", token: mine.token
      ).decode()
      #expect(legacy.events == Array(batch.prefix(2)) && legacy.cursor == "v2.\(batch[1].event_id)")
    }
  }

  @Test("restore pages through the log; bad cursors and limits are refused")
  func restorePaging() async throws {
    try await withMIGA { api, _ in
      let device = try await api.newDevice()
      let batch = wireEvents(25)
      _ = try await api.upload(batch, token: device.token)
      #expect(try await api.restore(token: device.token, limit: 10) == batch)
      for query in ["after=abc", "after=v1.", "after=v2.5", "after=v1.-1"] {
        let answer = try await api.send(.get, "/miga/api/v1/events?\(query)", token: device.token)
        #expect(answer.status == .badRequest, "\(query)")
        #expect(answer.problem?.code == "BAD_CURSOR")
      }
      for query in ["limit=0", "limit=1001"] {
        let answer = try await api.send(.get, "/miga/api/v1/events?\(query)", token: device.token)
        #expect(answer.problem?.code == "INVALID_LIMIT", "\(query)")
      }
      let notANumber = try await api.send(.get, "/miga/api/v1/events?limit=ten", token: device.token)
      #expect(notANumber.status == .badRequest)
    }
  }
}
