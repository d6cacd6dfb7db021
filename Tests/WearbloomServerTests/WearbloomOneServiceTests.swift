import Foundation
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// The web version and the API are two faces of one service: asked the same thing for the same
/// account, they give the same answer.
@Suite("Wearbloom's web and API give one answer", .timeLimit(.minutes(5)))
struct WearbloomOneServiceTests {
  @Test("the wardrobe the web shows is the list the API gives, garment for garment, in its order")
  func wardrobe() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await WearbloomWebTests.consenting(server)
      _ = try await WearbloomWebTests.firstTryOn(&visitor, server)
      let email = "one-\(UUID().uuidString.prefix(8))@example.com"
      _ = try await visitor.signUp(
        "wearbloom",
        form: WearbloomWebTests.form([("email", email), ("password", WearbloomWebTests.password)]), email: email,
        outbox: server.database.sql)
      let upload = WearbloomWebTests.multipart([("category", "tops")], photo: try await Photos.garment())
      let added = try await visitor.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type)
      let review = try #require(added.location)
      let own = String(review.dropFirst("/wearbloom/garments/".count).dropLast("/review".count))
      _ = try await visitor.post(review, form: "category=bottoms")
      let token = try await server.signIn(email)

      for category in [nil] + GarmentCategory.allCases.map(Optional.some) {
        let query = category.map { "?category=\($0.rawValue)" } ?? ""
        let page = try await visitor.get("/wearbloom/wardrobe" + query).body
        let shown = page.matches(of: #/data-garment="([^"]+)"/#).map { String($0.1) }
        let listed = try await server.get("/wearbloom/api/v1/garments" + query, token: token)
        let ids = try #require(listed.json?["garments"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(shown == ids, "category \(category?.rawValue ?? "all")")
        #expect(ids.contains(own) == (category == nil || category == .bottoms))
      }
    }
  }
}
