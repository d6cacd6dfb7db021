import Crypto
import Foundation
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyCore

@testable import WalkWorthyServer

/// "Notify me" on the web: the subscription a browser makes is kept with its device, checked
/// first; what is sent, and when, is tested against a fake push service in the browser tests.
@Suite("WalkWorthy's push subscriptions", .timeLimit(.minutes(3)))
struct WalkWorthyPushTests {
  static let keys = (
    p256dh: VAPIDKey.base64URL(Array(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)),
    auth: VAPIDKey.base64URL([UInt8](repeating: 9, count: 16))
  )

  static func subscription(_ endpoint: String, p256dh: String = keys.p256dh) -> String {
    #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","auth":"\#(keys.auth)"}}"#
  }

  @Test("Settings offers Notify me with the server's key; a subscription is kept, and forgotten on Stop")
  func subscribe() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let before = try await visitor.get("/walkworthy/settings").body
      #expect(before.contains("data-push-key=\"\(testPush.key.publicKey)\""))
      #expect(before.contains("data-push-subscribed=\"false\""))
      let kept = try await visitor.send(
        .post, "/walkworthy/push/subscription", json: Self.subscription("https://push.example.net/wpush/v2/abc"))
      #expect(kept.status == .created)
      #expect(kept.body == #"{"subscribed":true}"#)
      #expect(try await visitor.get("/walkworthy/settings").body.contains("data-push-subscribed=\"true\""))
      let stopped = try await visitor.send(.delete, "/walkworthy/push/subscription")
      #expect(stopped.status == .ok)
      #expect(try await visitor.get("/walkworthy/settings").body.contains("data-push-subscribed=\"false\""))
    }
  }

  @Test(
    "a subscription that could never be sent to is refused with its reason, and nothing is kept",
    arguments: [
      ("https://10.1.2.3/push", "PUSH_ENDPOINT_NOT_PUBLIC"), ("https://127.0.0.1:9/push", "PUSH_ENDPOINT_NOT_PUBLIC"),
      ("http://push.example.net/push", "PUSH_ENDPOINT_INVALID"), ("javascript:alert(1)", "PUSH_ENDPOINT_INVALID"),
    ])
  func refused(endpoint: String, code: String) async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let refused = try await visitor.send(.post, "/walkworthy/push/subscription", json: Self.subscription(endpoint))
      #expect(refused.status == .badRequest)
      #expect(refused.body.contains("\"code\":\"\(code)\""))
      #expect(try await visitor.get("/walkworthy/settings").body.contains("data-push-subscribed=\"false\""))
    }
  }

  @Test("keys that are not a browser's, and a body that is not a subscription, are refused")
  func unreadable() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let keys = try await visitor.send(
        .post, "/walkworthy/push/subscription", json: Self.subscription("https://push.example.net/x", p256dh: "BAAA"))
      #expect(keys.status == .badRequest && keys.body.contains("PUSH_KEYS_INVALID"))
      let garbage = try await visitor.send(.post, "/walkworthy/push/subscription", json: "{\"endpoint\":")
      #expect(garbage.status == .badRequest && garbage.body.contains("PUSH_SUBSCRIPTION_UNREADABLE"))
    }
  }
}
