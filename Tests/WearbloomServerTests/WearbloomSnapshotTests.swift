import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// Wearbloom's main pages as a visitor receives them — status, headers and body — compared with
/// the committed snapshots in `__Snapshots__/`: consent, the policy, the three onboarding steps,
/// the wardrobe, adding a garment, a garment's sheet, the paywall, the looks and an address that
/// leads nowhere.
@Suite("Wearbloom pages, as served", .timeLimit(.minutes(5)))
struct WearbloomSnapshotTests {
  /// The page at `path` with the visitor's cookie, as a snapshot's text.
  static func page(_ visitor: Visitor, _ path: String) async throws -> String {
    var headers: HTTPFields = [:]
    if let cookie = visitor.cookie { headers[.cookie] = cookie }
    let response = try await visitor.client.execute(uri: path, method: .get, headers: headers)
    return snapshotText(status: response.status, headers: response.headers, body: String(buffer: response.body))
  }

  @Test("the main pages: status, headers and body")
  func pages() async throws {
    try await WearbloomAPI.with { server in
      var visitor = Visitor(client: server.api.client)
      expectSnapshot(try await Self.page(visitor, "/wearbloom/consent"), named: "consent")
      expectSnapshot(try await Self.page(visitor, "/wearbloom/privacy"), named: "privacy")
      _ = try await visitor.post("/wearbloom/consent")
      expectSnapshot(try await Self.page(visitor, "/wearbloom/welcome/photo"), named: "welcome-photo")
      _ = try await visitor.post(
        "/wearbloom/welcome/photo", form: WearbloomWebTests.form([("stock", "figure-balanced")]))
      expectSnapshot(try await Self.page(visitor, "/wearbloom/welcome/garment"), named: "welcome-garment")
      let render = try await WearbloomWebTests.firstTryOn(&visitor, server)
      expectSnapshot(try await Self.page(visitor, "/wearbloom/renders/\(render)"), named: "render-completed")
      let email = "snapshot@example.com"
      _ = try await visitor.signUp(
        "wearbloom",
        form: WearbloomWebTests.form([("email", email), ("password", WearbloomWebTests.password)]), email: email,
        outbox: server.database.sql)
      for (path, name) in [
        ("/wearbloom/wardrobe", "wardrobe"), ("/wearbloom/garments/new", "add-garment"),
        ("/wearbloom/paywall", "paywall"), ("/wearbloom/nowhere", "not-found"),
        // The first try-on, kept: the looks, and the look opened as a member, who may delete it.
        ("/wearbloom/looks", "looks"), ("/wearbloom/renders/\(render)", "render-look"),
      ] {
        expectSnapshot(try await Self.page(visitor, path), named: name)
      }
      // One of the member's own garments, opened: its guessed name, Try On, Rename and Remove.
      let upload = WearbloomWebTests.multipart([("category", "tops")], photo: try await Photos.garment())
      let review = try #require(
        try await visitor.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type).location)
      _ = try await visitor.post(review, form: "category=tops")
      expectSnapshot(try await Self.page(visitor, String(review.dropLast("/review".count))), named: "garment-sheet")
    }
  }
}
