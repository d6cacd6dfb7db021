import Foundation
import HTTPTypes
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

@Suite("Wearbloom's subscription: Apple purchases, restores and notifications over HTTP", .timeLimit(.minutes(5)))
struct PurchaseAPITests {
  /// A server trusting `store`'s root, as it trusts Apple's.
  static func with(
    _ engine: TestDatabase = .sqlite, _ body: @Sendable (WearbloomAPI, TestAppStore) async throws -> Void
  ) async throws {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    let store = try TestAppStore(validFrom: start)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID()).der")
    try Data(try store.rootDER).write(to: root)
    defer { try? FileManager.default.removeItem(at: root) }
    try await WearbloomAPI.with(engine, environment: ["ORCHARD_APPSTORE_ROOT_CERTIFICATE": root.path]) { server in
      try await body(server, store)
    }
  }

  static func notify(_ payload: String, to server: WearbloomAPI) async throws -> JSONAPIClient.Answer {
    try await server.api.send(.post, "/wearbloom/api/v1/webhooks/apple", json: ["signedPayload": payload])
  }

  static func state(_ token: String, on server: WearbloomAPI) async throws -> [String: Any] {
    try #require(try await server.get("/wearbloom/api/v1/subscription", token: token).json)
  }

  /// The subscription's state as its owner reads it now, signing in afresh (time moves on in these tests).
  static func state(of email: String, on server: WearbloomAPI) async throws -> [String: Any] {
    try await state(try await server.signIn(email), on: server)
  }

  @Test(
    "a verified purchase with the free trial makes a trial subscriber with no counter; verifying it again changes nothing",
    arguments: TestDatabase.available)
  func verify(_ engine: TestDatabase) async throws {
    try await Self.with(engine) { server, store in
      let (token, account) = try await server.signUp()
      let now = server.clock.now
      let week = now.addingTimeInterval(7 * 86_400)
      let signed = try await store.transaction(account: account, purchased: now, expires: week, trial: true)
      for _ in 0..<2 {
        let answer = try await server.api.send(
          .post, "/wearbloom/api/v1/subscription/verify", token: token, json: ["signedTransactionInfo": signed])
        #expect(answer.status == .ok)
        #expect(answer.json?["state"] as? String == "trial")
        #expect(answer.json?["isUnlimited"] as? Bool == true)
        #expect(answer.json?["canRender"] as? Bool == true)
        #expect(answer.json?["productId"] as? String == "com.wearbloom.weekly")
        #expect(answer.json?["hadSubscription"] as? Bool == true)
      }
      // A subscriber's render holds no credit.
      _ = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "figure-curvy"])
      let render = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "navy-t-shirt"])
      #expect(render.status == .accepted)
      #expect(try await Self.state(token, on: server)["creditsRemaining"] as? Int == 3)
      #expect(try await Self.state(token, on: server)["isUnlimited"] as? Bool == true)
    }
  }

  @Test("a purchase refused: another account's (403), no buyer named, another app's, a forged one; nothing applied")
  func verifyRefusals() async throws {
    try await Self.with { server, store in
      let (token, account) = try await server.signUp()
      let (_, other) = try await server.signUp()
      let now = server.clock.now
      let week = now.addingTimeInterval(7 * 86_400)
      let cases: [(String, HTTPResponse.Status, String)] = [
        (
          try await store.transaction(account: other, purchased: now, expires: week), .forbidden,
          "TRANSACTION_USER_MISMATCH"
        ),
        (
          try await store.transaction(account: nil, purchased: now, expires: week), .unprocessableContent,
          "MISSING_APP_ACCOUNT_TOKEN"
        ),
        (
          try await store.transaction(account: account, purchased: now, expires: week, bundle: "com.other.app"),
          .unprocessableContent, "WRONG_APP"
        ),
        (
          try await store.transaction(
            account: account, purchased: now, expires: week, product: "com.wearbloom.lifetime"),
          .unprocessableContent, "UNKNOWN_PRODUCT"
        ),
        (
          try await TestAppStore(validFrom: now).transaction(account: account, purchased: now, expires: week),
          .badRequest, "INVALID_SIGNATURE"
        ),
      ]
      for (signed, status, code) in cases {
        let answer = try await server.api.send(
          .post, "/wearbloom/api/v1/subscription/verify", token: token, json: ["signedTransactionInfo": signed])
        #expect(answer.status == status)
        #expect(answer.code == code)
      }
      #expect(try await Self.state(token, on: server)["state"] as? String == "free_with_credits")
    }
  }

  @Test(
    "a restore applies the caller's running purchases and skips expired, foreign and unsigned ones; an empty list restores nothing"
  )
  func restore() async throws {
    try await Self.with { server, store in
      let (token, account) = try await server.signUp()
      let (_, other) = try await server.signUp()
      let now = server.clock.now
      let empty = try await server.api.send(
        .post, "/wearbloom/api/v1/subscription/restore", token: token, json: ["signedTransactions": [String]()])
      #expect(empty.json?["restored"] as? Int == 0)
      let transactions = [
        try await store.transaction(
          id: "1", account: account, purchased: now.addingTimeInterval(-30 * 86_400),
          expires: now.addingTimeInterval(-23 * 86_400)),
        try await store.transaction(id: "2", account: other, purchased: now, expires: now.addingTimeInterval(86_400)),
        try await TestAppStore(validFrom: now).transaction(
          id: "3", account: account, purchased: now, expires: now.addingTimeInterval(86_400)),
        try await store.transaction(
          id: "4", account: account, purchased: now.addingTimeInterval(-86_400),
          expires: now.addingTimeInterval(6 * 86_400), signed: now),
      ]
      let answer = try await server.api.send(
        .post, "/wearbloom/api/v1/subscription/restore", token: token, json: ["signedTransactions": transactions])
      #expect(answer.status == .ok)
      #expect(answer.json?["restored"] as? Int == 1)
      #expect((answer.json?["subscription"] as? [String: Any])?["state"] as? String == "subscribed")
      let tooMany = try await server.api.send(
        .post, "/wearbloom/api/v1/subscription/restore", token: token,
        json: ["signedTransactions": Array(repeating: "x", count: 51)])
      #expect(tooMany.status == .badRequest)
    }
  }

  @Test(
    "App Store notifications move the subscription through its states, each applied once by its UUID",
    arguments: TestDatabase.available)
  func notifications(_ engine: TestDatabase) async throws {
    try await Self.with(engine) { server, store in
      let email = "grace-\(UUID().uuidString.prefix(8))@example.com"
      let (_, account) = try await server.signUp(email)
      var now = server.clock.now
      let day: TimeInterval = 86_400
      func transaction(_ id: String, from: Date, days: Double, trial: Bool = false) async throws -> String {
        try await store.transaction(
          id: id, original: "orig-1", account: account, purchased: from, expires: from.addingTimeInterval(days * day),
          trial: trial, signed: server.clock.now)
      }
      func tell(
        _ type: String, _ subtype: String? = nil, uuid: String = UUID().uuidString, _ transaction: String?,
        renewal: String? = nil
      ) async throws {
        let payload = try await store.notification(
          type, subtype: subtype, uuid: uuid, transaction: transaction, renewal: renewal, signed: server.clock.now)
        let answer = try await Self.notify(payload, to: server)
        #expect(answer.status == .ok)
        #expect(answer.json?["received"] as? Bool == true)
      }
      let first = try await transaction("t1", from: now, days: 7, trial: true)
      try await tell("SUBSCRIBED", "INITIAL_BUY", first)
      #expect(try await Self.state(of: email, on: server)["state"] as? String == "trial")
      try await tell("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", first)
      #expect(try await Self.state(of: email, on: server)["state"] as? String == "cancelled")
      try await tell("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_ENABLED", first)
      #expect(try await Self.state(of: email, on: server)["state"] as? String == "trial")
      server.clock.advance(by: 7 * day)
      now = server.clock.now
      let renewed = try await transaction("t2", from: now, days: 7)
      let renewal = UUID().uuidString
      for _ in 0..<3 { try await tell("DID_RENEW", nil, uuid: renewal, renewed) }
      #expect(try await Self.state(of: email, on: server)["state"] as? String == "subscribed")
      // A failed renewal without a grace period changes nothing; with one, the grace period.
      try await tell("DID_FAIL_TO_RENEW", nil, renewed)
      #expect(try await Self.state(of: email, on: server)["state"] as? String == "subscribed")
      server.clock.advance(by: 7 * day + 60)
      let grace = try await store.renewal(
        graceUntil: server.clock.now.addingTimeInterval(6 * day), signed: server.clock.now)
      try await tell("DID_FAIL_TO_RENEW", "GRACE_PERIOD", renewed, renewal: grace)
      let inGrace = try await Self.state(of: email, on: server)
      #expect(inGrace["state"] as? String == "grace_period")
      #expect(inGrace["isSubscriber"] as? Bool == true)
      try await tell("GRACE_PERIOD_EXPIRED", nil, renewed)
      let expired = try await Self.state(of: email, on: server)
      #expect(expired["state"] as? String == "free_with_credits")
      #expect(expired["hadSubscription"] as? Bool == true)
      // A TEST, and one about nobody we know, are answered 200 and change nothing.
      try await tell("TEST", nil, nil)
      try await tell(
        "SUBSCRIBED", nil,
        try await store.transaction(id: "x", original: "orig-9", account: nil, purchased: now, expires: nil))
    }
  }

  @Test("REFUND and REVOKE end a subscription at once, EXPIRED once its period is over; a forged notification is 401")
  func endings() async throws {
    try await Self.with { server, store in
      for ending in ["REFUND", "REVOKE", "EXPIRED"] {
        let email = "end-\(UUID().uuidString.prefix(8))@example.com"
        let (_, account) = try await server.signUp(email)
        let now = server.clock.now
        let signed = try await store.transaction(
          id: "e-\(ending)", original: "o-\(ending)", account: account, purchased: now,
          expires: now.addingTimeInterval(7 * 86_400))
        _ = try await Self.notify(
          try await store.notification("SUBSCRIBED", transaction: signed, signed: now), to: server)
        #expect(try await Self.state(of: email, on: server)["state"] as? String == "subscribed")
        // Apple says EXPIRED once the period is over (what was paid for is never cut short).
        if ending == "EXPIRED" { server.clock.advance(by: 7 * 86_400 + 1) }
        _ = try await Self.notify(
          try await store.notification(ending, transaction: signed, signed: server.clock.now), to: server)
        #expect(try await Self.state(of: email, on: server)["state"] as? String == "free_with_credits", "\(ending)")
      }
      let forged = try await TestAppStore(validFrom: server.clock.now).notification(
        "SUBSCRIBED", transaction: nil, signed: server.clock.now)
      let refused = try await Self.notify(forged, to: server)
      #expect(refused.status == .unauthorized)
      #expect(refused.code == "INVALID_SIGNATURE")
      #expect(try await Self.notify("garbage", to: server).status == .unauthorized)
    }
  }
}
