import Foundation
import HTTPTypes
import OrchardBlobs
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

@Suite("Wearbloom's first try-on without an account, and its move into one", .timeLimit(.minutes(5)))
struct OnboardingAPITests {
  static func start(on server: WearbloomAPI) async throws -> String {
    let answer = try await server.api.send(
      .post, "/wearbloom/api/v1/onboarding/token", json: ["deviceId": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
    #expect(answer.status == .created)
    #expect(answer.json?["freeRenders"] as? Int == 1)
    return try #require(answer.json?["token"] as? String)
  }

  @Test(
    "a device sets its photo, adds a garment and makes one free render; signing up moves all of it into the account",
    arguments: TestDatabase.available)
  func firstTryOn(_ engine: TestDatabase) async throws {
    try await WearbloomAPI.with(engine) { server in
      let device = try await Self.start(on: server)
      #expect(device.hasPrefix("wbo_"))
      let body = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: device, json: ["stockId": "figure-balanced"])
      #expect(body.status == .ok)
      let garment = try await server.upload(token: device, [.photo(try await Photos.garment()), .category("tops")])
      #expect(garment.status == .created)
      let garmentID = try #require(garment.json?["id"] as? String)
      let render = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: device, json: ["garmentId": garmentID])
      #expect(render.status == .accepted)
      let renderID = try #require(render.json?["id"] as? String)
      try await server.runJobs()
      let done = try await server.get("/wearbloom/api/v1/renders/\(renderID)", token: device)
      #expect(done.json?["status"] as? String == "completed")
      // Exactly one free render.
      let second = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: device, json: ["garmentId": "navy-t-shirt"])
      #expect(second.status.code == 402)
      #expect(second.code == "INSUFFICIENT_CREDITS")
      // Buying needs an account.
      let purchase = try await server.api.send(
        .post, "/wearbloom/api/v1/subscription/verify", token: device, json: ["signedTransactionInfo": "x.y.z"])
      #expect(purchase.status == .unauthorized)

      let (token, account) = try await server.signUp()
      let claim = try await server.api.send(
        .post, "/wearbloom/api/v1/onboarding/claim", token: token, json: ["token": device])
      #expect(claim.status == .ok)
      #expect(claim.json?["moved"] as? Int == 2)
      let mine = try await server.get("/wearbloom/api/v1/garments", token: token)
      let ids = (mine.json?["garments"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
      #expect(ids.contains(garmentID))
      let moved = try await server.get("/wearbloom/api/v1/renders/\(renderID)", token: token)
      #expect(moved.json?["status"] as? String == "completed")
      let url = try #require(moved.json?["resultImageUrl"] as? String)
      #expect(try await server.get(url, token: token).status == .ok)
      #expect(
        try await server.get("/wearbloom/api/v1/body-photo", token: token).json?["stockId"] as? String
          == "figure-balanced")
      #expect(
        try await server.get("/wearbloom/api/v1/subscription", token: token).json?["creditsRemaining"] as? Int == 3)
      // The device's token is spent, and nothing of it is left under its own name.
      #expect(try await server.get("/wearbloom/api/v1/garments", token: device).status == .unauthorized)
      let owner = try #require(try await OnboardingStore(database: server.database.sql).row(token: device)?.owner)
      #expect(try await server.files(of: owner).isEmpty)
      #expect(try await !server.files(of: account).isEmpty)
      // Claimed again by the same account: nothing more; by another: refused.
      let again = try await server.api.send(
        .post, "/wearbloom/api/v1/onboarding/claim", token: token, json: ["token": device])
      #expect(again.json?["moved"] as? Int == 0)
      let (other, _) = try await server.signUp()
      let stolen = try await server.api.send(
        .post, "/wearbloom/api/v1/onboarding/claim", token: other, json: ["token": device])
      #expect(stolen.status == .conflict)
      #expect(stolen.code == "ONBOARDING_ALREADY_CLAIMED")
      let unknown = try await server.api.send(
        .post, "/wearbloom/api/v1/onboarding/claim", token: other, json: ["token": "wbo_nothing"])
      #expect(unknown.code == "ONBOARDING_TOKEN_INVALID")
    }
  }

  @Test(
    "who calls is found once: a device's token opens its own calls only, and every 401 keeps its code and challenge")
  func callers() async throws {
    try await WearbloomAPI.with { server in
      let device = try await Self.start(on: server)
      // The wardrobe list, answered ahead of the OpenAPI layer for an account, is the device's too.
      let list = try await server.get("/wearbloom/api/v1/garments", token: device)
      #expect(list.status == .ok)
      #expect((list.json?["garments"] as? [Any])?.isEmpty == false, "the stock garments")
      let challenge = "Bearer realm=\"wearbloom\""
      // A call a device may not make, and an onboarding token that holds nothing.
      let refusals = [
        try await server.api.send(
          .post, "/wearbloom/api/v1/subscription/verify", token: device, json: ["signedTransactionInfo": "x.y.z"]),
        try await server.get("/wearbloom/api/v1/garments", token: "wbo_nothing"),
        try await server.get("/wearbloom/api/v1/images/nothing", token: "wbo_nothing"),
      ]
      for refusal in refusals {
        #expect(refusal.status == .unauthorized)
        #expect(refusal.code == "ONBOARDING_TOKEN_INVALID")
        #expect(refusal.headers[.wwwAuthenticate] == challenge)
        #expect(
          refusal.json?["detail"] as? String
            == "This onboarding token has expired or moved into an account, or this call needs an account.")
      }
      // No token, and an access token that does not hold, on the remembered calls and the others.
      for path in [
        "/wearbloom/api/v1/garments", "/wearbloom/api/v1/images/nothing", "/wearbloom/api/v1/renders/latest",
      ] {
        let anonymous = try await server.api.send(.get, path)
        #expect(anonymous.status == .unauthorized, "\(path)")
        #expect(anonymous.code == "UNAUTHORIZED", "\(path)")
        #expect(anonymous.headers[.wwwAuthenticate] == challenge, "\(path)")
        #expect((anonymous.json?["detail"] as? String)?.hasPrefix("Sign in: this call needs an access token") == true)
        let forged = try await server.get(path, token: "not-a-token")
        #expect(forged.status == .unauthorized, "\(path)")
        #expect(forged.code == "UNAUTHORIZED", "\(path)")
        #expect(forged.headers[.wwwAuthenticate] == challenge, "\(path)")
        #expect(
          forged.json?["detail"] as? String
            == "This access token has expired or its session has ended: refresh it, or sign in again.", "\(path)")
      }
      // The open calls ask for no one.
      #expect(try await Self.start(on: server).hasPrefix("wbo_"))
    }
  }

  @Test("a token expires after a day; an address gets five an hour")
  func limits() async throws {
    try await WearbloomAPI.with(rateLimitScale: 1) { server in
      let device = try await Self.start(on: server)
      for _ in 0..<4 { _ = try await Self.start(on: server) }
      let refused = try await server.api.send(.post, "/wearbloom/api/v1/onboarding/token", json: [String: String]())
      #expect(refused.status == .tooManyRequests)
      #expect(try await server.get("/wearbloom/api/v1/stock", token: device).status == .ok)
      server.clock.advance(by: OnboardingPolicy.lifetime)
      let expired = try await server.get("/wearbloom/api/v1/stock", token: device)
      #expect(expired.status == .unauthorized)
      #expect(expired.code == "ONBOARDING_TOKEN_INVALID")
    }
  }

  @Test(
    "an onboarding never claimed is erased, files and rows, once its token expires; one claimed is not",
    arguments: TestDatabase.available)
  func expiry(_ engine: TestDatabase) async throws {
    try await WearbloomAPI.with(engine) { server in
      let left = try await Self.start(on: server)
      let kept = try await Self.start(on: server)
      var garments: [String: String] = [:]
      for device in [left, kept] {
        let body = try await server.api.send(
          .put, "/wearbloom/api/v1/body-photo", token: device, json: ["stockId": "figure-balanced"])
        #expect(body.status == .ok)
        let garment = try await server.upload(token: device, [.photo(try await Photos.garment()), .category("tops")])
        garments[device] = try #require(garment.json?["id"] as? String)
      }
      _ = try await server.runJobs()
      let store = OnboardingStore(database: server.database.sql)
      let owner = try #require(try await store.row(token: left)?.owner)
      #expect(try await !server.files(of: owner).isEmpty)
      let (token, account) = try await server.signUp()
      let claim = try await server.api.send(
        .post, "/wearbloom/api/v1/onboarding/claim", token: token, json: ["token": kept])
      #expect(claim.status == .ok)
      // Not yet: a day has not passed.
      server.clock.advance(by: OnboardingPolicy.lifetime - 60)
      _ = try await server.runJobs()
      #expect(try await !server.files(of: owner).isEmpty)
      server.clock.advance(by: 61)
      _ = try await server.runJobs()
      #expect(try await server.files(of: owner).isEmpty)
      #expect(try await store.row(token: left) == nil)
      let rows = try await WardrobeStore(database: server.database.sql).rowCounts(of: owner)
      #expect(rows.values.allSatisfy { $0 == 0 }, "\(rows)")
      // The claimed one lives on in its account (read from the store: the day has outlived the token).
      #expect(try await !server.files(of: account).isEmpty)
      let ids = try await WardrobeStore(database: server.database.sql).garments(of: account).map(\.id)
      #expect(ids.contains(try #require(garments[kept])))
    }
  }
}
