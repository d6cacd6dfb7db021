import Foundation
import HTTPTypes
import OrchardImagesTesting
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

@Suite("Wearbloom's try-on API", .timeLimit(.minutes(5)))
struct TryOnAPITests {
  @Test(
    "Try On over HTTP: pending at once, completed by the job with its image, feedback refunding, the credits counted",
    arguments: TestDatabase.available)
  func tryOn(_ engine: TestDatabase) async throws {
    try await WearbloomAPI.with(engine) { server in
      let (token, _) = try await server.signUp()
      let (other, _) = try await server.signUp()
      let start = try await server.api.send(.get, "/wearbloom/api/v1/subscription", token: token)
      #expect(start.status == .ok)
      #expect(start.json?["state"] as? String == "free_with_credits")
      #expect(start.json?["creditsRemaining"] as? Int == 3)
      #expect(start.json?["isUnlimited"] as? Bool == false)

      let noBody = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "navy-t-shirt"])
      #expect(noBody.status == .notFound)
      #expect(noBody.code == "NO_BODY_PHOTO")
      _ = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "figure-curvy"])

      // Shoes are not offered by default: refused before any credit is touched.
      let shoes = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "dark-knit-sneakers"])
      #expect(shoes.status == .unprocessableContent)
      #expect(shoes.code == "INVALID_CATEGORY")

      let requested = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "navy-t-shirt"])
      #expect(requested.status == .accepted)
      #expect(requested.json?["status"] as? String == "pending")
      #expect(requested.json?["preview"] as? Bool == true)
      #expect(requested.json?["provider"] as? String == "local-preview")
      let id = try #require(requested.json?["id"] as? String)
      #expect(try await server.runJobs() >= 1)

      let done = try await server.api.send(.get, "/wearbloom/api/v1/renders/\(id)", token: token)
      #expect(done.status == .ok)
      #expect(done.json?["status"] as? String == "completed")
      #expect(done.json?["creditConsumed"] as? Bool == true)
      let url = try #require(done.json?["resultImageUrl"] as? String)
      let image = try await server.get(url, token: token)
      #expect(image.status == .ok)
      #expect(image.headers[.contentType] == "image/jpeg")
      #expect(try await server.get(url, token: other).status == .notFound)
      // Its thumbnails are made the first time they are asked for, then kept.
      let small = try #require((done.json?["result"] as? [String: Any])?["thumbnailSmall"] as? String)
      for _ in 0..<2 {
        let thumbnail = try await server.get(small, token: token, headers: [.accept: "image/webp"])
        #expect(thumbnail.status == .ok)
        #expect(thumbnail.headers[.contentType] == "image/webp")
      }
      #expect(try await server.get(small, token: other).status == .notFound)
      #expect(try await server.get("/wearbloom/api/v1/renders/\(id)", token: other).code == "RENDER_NOT_FOUND")
      let latest = try await server.get("/wearbloom/api/v1/renders/latest", token: token)
      #expect(latest.json?["id"] as? String == id)
      #expect(try await server.get("/wearbloom/api/v1/renders/latest", token: other).status == .notFound)

      let feedback = try await server.api.send(
        .post, "/wearbloom/api/v1/renders/\(id)/feedback", token: token,
        json: ["rating": "down", "category": "artifacts"])
      #expect(feedback.status == .ok)
      #expect(feedback.json?["creditRefunded"] as? Bool == true)
      let again = try await server.api.send(
        .post, "/wearbloom/api/v1/renders/\(id)/feedback", token: token, json: ["rating": "up"])
      #expect(again.status == .conflict)
      #expect(again.code == "FEEDBACK_ALREADY_SUBMITTED")
      let wrong = try await server.api.send(
        .post, "/wearbloom/api/v1/renders/\(id)/feedback", token: token, json: ["rating": "sideways"])
      #expect(wrong.status == .badRequest)

      let after = try await server.get("/wearbloom/api/v1/subscription", token: token)
      #expect(after.json?["creditsRemaining"] as? Int == 3)
    }
  }

  @Test(
    "the looks: listed newest first, one under way included and not deletable; a finished one deleted with its picture, by its owner only"
  )
  func looks() async throws {
    try await WearbloomAPI.with { server in
      let (token, _) = try await server.signUp()
      let (other, _) = try await server.signUp()
      _ = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "figure-curvy"])
      #expect(try await server.get("/wearbloom/api/v1/renders", token: token).json?["renders"] as? [Any] != nil)
      var ids: [String] = []
      for garment in ["little-black-dress", "navy-t-shirt"] {
        let requested = try await server.api.send(
          .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": garment])
        ids.append(try #require(requested.json?["id"] as? String))
        server.clock.advance(by: 1)
      }
      func listed(_ token: String) async throws -> [[String: Any]] {
        let answer = try await server.get("/wearbloom/api/v1/renders", token: token)
        #expect(answer.status == .ok)
        #expect(answer.headers[.cacheControl]?.contains("no-store") == true)
        return try #require(answer.json?["renders"] as? [[String: Any]])
      }
      // Left before it was drawn, a look is still there, newest first, and cannot be deleted yet.
      #expect(try await listed(token).compactMap { $0["id"] as? String } == ids.reversed())
      #expect(try await listed(token).allSatisfy { $0["status"] as? String == "pending" })
      let underWay = try await server.api.send(.delete, "/wearbloom/api/v1/renders/\(ids[1])", token: token)
      #expect(underWay.status == .conflict)
      #expect(underWay.code == "RENDER_UNDER_WAY")
      #expect(try await listed(other).isEmpty)

      #expect(try await server.runJobs() >= 2)
      let looks = try await listed(token)
      #expect(looks.compactMap { $0["id"] as? String } == ids.reversed())
      let picture = try #require(looks.first?["resultImageUrl"] as? String)
      #expect(try await server.get(picture, token: token).status == .ok)
      // Someone else's look is not found, and stays.
      #expect(
        try await server.api.send(.delete, "/wearbloom/api/v1/renders/\(ids[1])", token: other).code
          == "RENDER_NOT_FOUND")
      let deleted = try await server.api.send(.delete, "/wearbloom/api/v1/renders/\(ids[1])", token: token)
      #expect(deleted.status == .noContent)
      #expect(try await listed(token).compactMap { $0["id"] as? String } == [ids[0]])
      #expect(try await server.get(picture, token: token).status == .notFound)
      #expect(try await server.get("/wearbloom/api/v1/renders/\(ids[1])", token: token).status == .notFound)
      let twice = try await server.api.send(.delete, "/wearbloom/api/v1/renders/\(ids[1])", token: token)
      #expect(twice.code == "RENDER_NOT_FOUND")
      // The garment stays in the wardrobe, and the credits spent stay spent.
      let summary = try await server.get("/wearbloom/api/v1/subscription", token: token)
      #expect(summary.json?["creditsRemaining"] as? Int == CreditPolicy.defaultWelcomeCredits - 2)
    }
  }

  @Test("deleting an account takes its renders, their files, its credits, its subscription and its onboarding with it")
  func deletion() async throws {
    try await WearbloomAPI.with { server in
      let device = try await OnboardingAPITests.start(on: server)
      _ = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: device, json: ["stockId": "figure-curvy"])
      let (token, account) = try await server.signUp()
      _ = try await server.api.send(.post, "/wearbloom/api/v1/onboarding/claim", token: token, json: ["token": device])
      let render = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "navy-t-shirt"])
      let id = try #require(render.json?["id"] as? String)
      try await server.runJobs()
      let service = try #require(server.app.servicesMade).tryOn
      _ = try await service.testStorePurchase(by: account)
      #expect(try await server.files(of: account).count >= 1)
      let (zip, export) = try #require(
        try await server.get("/wearbloom/api/v1/auth/user/export", token: token).exportArchive)
      let wardrobe = try #require((export["apps"] as? [String: Any])?["wardrobe"] as? [String: Any])
      let renders = try #require(wardrobe["renders"] as? [[String: Any]])
      #expect(renders.first?["id"] as? String == id)
      // The look's picture is in the archive, where the document's files map puts it.
      let result = try #require(renders.first?["result"] as? String)
      let path = try #require((wardrobe["files"] as? [String: String])?[result])
      #expect(path == "wardrobe/looks/\(id).jpg")
      #expect(zip[path]?.starts(with: [0xFF, 0xD8]) == true)
      #expect(wardrobe["subscription"] != nil)

      for part in try #require(server.app.hub.registries["wearbloom"]).all { try await part.delete(account: account) }
      #expect(try await server.files(of: account).isEmpty)
      #expect(try await service.renders.renders(of: account).isEmpty)
      #expect(try await service.credits.entries(of: account).isEmpty)
      #expect(try await !service.subscriptions.subscription(of: account).hadSubscription)
      #expect(try await OnboardingStore(database: server.database.sql).row(token: device) == nil)
    }
  }

  @Test("with no credit left a render is 402 INSUFFICIENT_CREDITS and nothing is queued")
  func paywall() async throws {
    try await WearbloomAPI.with { server in
      let (token, _) = try await server.signUp()
      _ = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "figure-slender"])
      for _ in 0..<3 {
        let render = try await server.api.send(
          .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "little-black-dress"])
        #expect(render.status == .accepted)
      }
      let refused = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "little-black-dress"])
      #expect(refused.status.code == 402)
      #expect(refused.code == "INSUFFICIENT_CREDITS")
      #expect(try await server.runJobs() == 3)
      let summary = try await server.get("/wearbloom/api/v1/subscription", token: token)
      #expect(summary.json?["state"] as? String == "free_no_credits")
      #expect(summary.json?["canRender"] as? Bool == false)
    }
  }

  /// Posts a webhook as fal does: the raw body and its signed headers.
  static func post(
    _ webhook: (body: [UInt8], headers: [String: String]), to server: WearbloomAPI
  ) async throws -> JSONAPIClient.Answer {
    var headers: HTTPFields = [.contentType: "application/json"]
    for (name, value) in webhook.headers { headers[HTTPField.Name(name)!] = value }
    return try await server.api.send(
      .post, "/wearbloom/api/v1/webhooks/fal", headers: headers, rawBody: String(decoding: webhook.body, as: UTF8.self))
  }

  /// A signed-in account standing as a stock figure, with a render of a T-shirt requested.
  static func requested(on server: WearbloomAPI) async throws -> (token: String, render: String) {
    let (token, _) = try await server.signUp()
    _ = try await server.api.send(.put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "figure-curvy"])
    let requested = try await server.api.send(
      .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "navy-t-shirt"])
    #expect(requested.status == .accepted)
    #expect(requested.json?["provider"] as? String == "fal-fashn")
    #expect(requested.json?["preview"] as? Bool == false)
    return (token, try #require(requested.json?["id"] as? String))
  }

  @Test(
    "fal's webhook finishes its render: told six times at once, one completion and one charge, 200 each time",
    arguments: TestDatabase.available)
  func falWebhookReplays(_ engine: TestDatabase) async throws {
    let fake = try await FakeFalTryOn.start(
      .neverCompletes, result: try await TestImages.photo(width: 432, height: 648, format: .jpeg))
    try await WearbloomAPI.with(engine, environment: fake.environment(webhook: "https://wearbloom.example/hook")) {
      server in
      let (token, id) = try await Self.requested(on: server)
      let jobs = Task { try await server.runJobs() }
      // The job submits the render, then waits on fal.
      try await waitUntil("the render's submission to fal") { fake.submissions > 0 }
      #expect(fake.observed.submissions.first?.webhook == "https://wearbloom.example/hook")
      let webhook = try fake.webhook("job-1", at: server.clock.now)
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for _ in 0..<6 { group.addTask { try await Self.post(webhook, to: server).status } }
        return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
      }
      #expect(statuses == Array(repeating: .ok, count: 6))
      _ = try await value(of: jobs)
      let done = try await server.get("/wearbloom/api/v1/renders/\(id)", token: token)
      #expect(done.json?["status"] as? String == "completed")
      #expect(done.json?["creditConsumed"] as? Bool == true)
      let url = try #require(done.json?["resultImageUrl"] as? String)
      #expect(try await server.get(url, token: token).status == .ok)
      #expect(fake.observed.downloads >= 1)
      let summary = try await server.get("/wearbloom/api/v1/subscription", token: token)
      #expect(summary.json?["creditsRemaining"] as? Int == 2)
      // Told again later, it still changes nothing.
      #expect(try await Self.post(webhook, to: server).status == .ok)
      #expect(
        try await server.get("/wearbloom/api/v1/subscription", token: token).json?["creditsRemaining"] as? Int == 2)
    }
  }

  @Test(
    "a webhook unsigned, forged, stale or for another fal account is 401; a signed body that is not a webhook is 400; an unknown job is 200"
  )
  func falWebhookRefusals() async throws {
    let fake = try await FakeFalTryOn.start(
      .neverCompletes, result: try await TestImages.photo(width: 432, height: 648, format: .jpeg))
    try await WearbloomAPI.with(environment: fake.environment()) { server in
      let now = server.clock.now
      var unsigned = try fake.webhook("job-1", at: now)
      unsigned.headers["x-fal-webhook-signature"] = nil
      var forged = try fake.webhook("job-1", at: now)
      forged.body = Array(
        String(decoding: forged.body, as: UTF8.self).replacingOccurrences(of: "OK", with: "ERROR").utf8)
      let stale = try fake.webhook("job-1", at: now.addingTimeInterval(-301))
      let body = try fake.webhook("job-1", at: now).body
      let otherAccount = (
        body, try fake.signer.headers(body: body, request: "job-1", user: "someone-else", timestamp: now)
      )
      for webhook in [unsigned, forged, stale, otherAccount] {
        let answer = try await Self.post(webhook, to: server)
        #expect(answer.status == .unauthorized)
        #expect(answer.code == "INVALID_SIGNATURE")
      }
      for text in ["not json", #"{"status":"OK"}"#] {
        let bytes = Array(text.utf8)
        let answer = try await Self.post(
          (bytes, try fake.signer.headers(body: bytes, request: "job-1", timestamp: now)), to: server)
        #expect(answer.status == .badRequest)
      }
      // Signed for one request, naming another in its body.
      let other = try fake.webhook("job-2", at: now).body
      let mismatched = try await Self.post(
        (other, try fake.signer.headers(body: other, request: "job-1", timestamp: now)), to: server)
      #expect(mismatched.status == .badRequest)
      #expect(try await Self.post(try fake.webhook("job-99", at: now), to: server).status == .ok)
    }
  }

  @Test("fal's ERROR webhook fails the render free; a result after the render timed out is kept and not charged")
  func falWebhookFailureAndLate() async throws {
    let fake = try await FakeFalTryOn.start(
      .neverCompletes, result: try await TestImages.photo(width: 432, height: 648, format: .jpeg))
    try await WearbloomAPI.with(environment: fake.environment()) { server in
      let (token, first) = try await Self.requested(on: server)
      let jobs = Task { try await server.runJobs() }
      try await waitUntil("the render's submission to fal") { fake.submissions > 0 }
      #expect(try await Self.post(try fake.webhook("job-1", ok: false, at: server.clock.now), to: server).status == .ok)
      _ = try await value(of: jobs)
      let failed = try await server.get("/wearbloom/api/v1/renders/\(first)", token: token)
      #expect(failed.json?["status"] as? String == "failed")
      #expect(failed.json?["errorCode"] as? String == "RENDER_FAILED")
      #expect(failed.json?["creditConsumed"] as? Bool == false)

      // A second render whose worker never ran: out of time, then fal's result arrives.
      let second = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "navy-t-shirt"])
      let id = try #require(second.json?["id"] as? String)
      let jobs2 = Task { try await server.runJobs() }
      try await waitUntil("the second render's submission to fal") { fake.submissions >= 2 }
      server.clock.advance(by: RenderPolicy.budget + TryOnService.grace)
      let timedOut = try await server.get("/wearbloom/api/v1/renders/\(id)", token: token)
      #expect(timedOut.json?["errorCode"] as? String == "RENDER_TIMEOUT")
      #expect(try await Self.post(try fake.webhook("job-2", at: server.clock.now), to: server).status == .ok)
      _ = try await value(of: jobs2)
      let after = try await server.get("/wearbloom/api/v1/renders/\(id)", token: token)
      #expect(after.json?["status"] as? String == "failed")
      #expect(after.json?["resultImageUrl"] == nil)
      let summary = try await server.get("/wearbloom/api/v1/subscription", token: token)
      #expect(summary.json?["creditsRemaining"] as? Int == 3)
      let store = RenderStore(
        database: server.database.sql, credits: CreditStore(database: server.database.sql, clock: server.clock))
      #expect(try await store.render(id)?.lateResult != nil)
    }
  }
}
