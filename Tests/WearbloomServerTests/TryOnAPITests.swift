import Foundation
import HTTPTypes
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

@Suite("Wearbloom's try-on API")
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
}
