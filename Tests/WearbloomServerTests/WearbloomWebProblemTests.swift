import Foundation
import HTTPTypes
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// Ids a visitor can type into Wearbloom's web addresses: none of them is a 500 (which the
/// server logs at error level); each is Wearbloom's own page, with the way back in.
@Suite("Wearbloom's web answers a wrong id with its own page", .timeLimit(.minutes(5)))
struct WearbloomWebProblemTests {
  static func text(_ key: WearbloomText) -> String { WearbloomTexts.english.messages[key] ?? "-" }

  /// Ids that are nobody's: unknown, malformed, overlong, numeric, and escapes.
  static let typed = [
    "01JBX4Q4S1E0Y8W3F0W2Y6R9ZK", "abc", String(repeating: "x", count: 3_000), "12345", "%F0%9F%8C%B8", "..%2F..",
    "%00", "-1",
  ]

  /// Every address that takes a garment's id, and every one that takes a render's, with its method.
  static func garmentAddresses(_ id: String) -> [(HTTPRequest.Method, String)] {
    [
      (.get, "/wearbloom/garments/\(id)"), (.get, "/wearbloom/garments/\(id)/review"),
      (.post, "/wearbloom/garments/\(id)/review"), (.post, "/wearbloom/garments/\(id)/retake"),
      (.post, "/wearbloom/garments/\(id)/remove"), (.post, "/wearbloom/garments/\(id)/try-on"),
    ]
  }

  static func renderAddresses(_ id: String) -> [(HTTPRequest.Method, String)] {
    [(.get, "/wearbloom/renders/\(id)"), (.post, "/wearbloom/renders/\(id)/feedback")]
  }

  static func send(
    _ visitor: inout Visitor, _ method: HTTPRequest.Method, _ path: String
  ) async throws -> (status: HTTPResponse.Status, location: String?, body: String) {
    method == .get
      ? try await visitor.get(path) : try await visitor.post(path, form: "category=tops&rating=up")
  }

  /// Wearbloom's page (its look and title), with the way back into the app and not the launcher's.
  static func expectOwnPage(
    _ answer: (status: HTTPResponse.Status, location: String?, body: String), _ status: HTTPResponse.Status,
    title: WearbloomText, _ what: String
  ) {
    #expect(answer.status == status, "\(what)")
    #expect(answer.body.contains("class=\"wb page-problem"), "\(what)")
    #expect(answer.body.contains(text(title)), "\(what)")
    #expect(answer.body.contains("href=\"/wearbloom/\""), "\(what)")
    #expect(answer.body.contains(text(.problemBack)), "\(what)")
  }

  @Test("a garment id that is unknown, malformed, overlong or someone else's is 404 with the wardrobe's page")
  func garments() async throws {
    try await WearbloomAPI.with { server in
      var owner = try await WearbloomWebTests.member(server)
      let upload = WearbloomWebTests.multipart([("category", "tops")], photo: try await Photos.garment())
      let review = try #require(
        try await owner.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type).location)
      let own = String(review.dropFirst("/wearbloom/garments/".count).dropLast("/review".count))
      var stranger = try await WearbloomWebTests.member(server)
      for id in Self.typed + [own] {
        for (method, path) in Self.garmentAddresses(id) {
          let answer = try await Self.send(&stranger, method, path)
          Self.expectOwnPage(answer, .notFound, title: .garmentNotFoundTitle, "\(method) \(path.prefix(80))")
        }
      }
      // The owner's garment is still there, untouched by the stranger's posts.
      #expect(try await owner.get("/wearbloom/garments/\(own)").status == .ok)
    }
  }

  @Test("an address under Wearbloom that leads nowhere is its own \"Nothing here\"; its API's is a problem document")
  func unknownAddresses() async throws {
    try await WearbloomAPI.with { server in
      var member = try await WearbloomWebTests.member(server)
      for path in ["/wearbloom/nothing", "/wearbloom/wardrobe/a/b", "/wearbloom/a/b/c"] {
        for method in [HTTPRequest.Method.get, .post] {
          let answer = try await Self.send(&member, method, path)
          Self.expectOwnPage(answer, .notFound, title: .pageNotFoundTitle, "\(method) \(path)")
        }
      }
      #expect(try await member.get("/wearbloom/api/v1/nothing").body.contains("\"code\":\"NOT_FOUND\""))
    }
  }

  @Test("a render id that is unknown, malformed or someone else's is 404; its status is a problem document")
  func renders() async throws {
    try await WearbloomAPI.with { server in
      var owner = try await WearbloomWebTests.member(server)
      let started = try await owner.post("/wearbloom/garments/navy-t-shirt/try-on")
      let own = String(try #require(started.location).dropFirst("/wearbloom/renders/".count))
      _ = try await server.runJobs()
      var stranger = try await WearbloomWebTests.member(server)
      for id in Self.typed + [own] {
        for (method, path) in Self.renderAddresses(id) {
          let answer = try await Self.send(&stranger, method, path)
          #expect(answer.status == .notFound, "\(method) \(path.prefix(80))")
          #expect(answer.body.contains("class=\"wb page-problem"), "\(method) \(path.prefix(80))")
          #expect(answer.body.contains("href=\"/wearbloom/\""), "\(method) \(path.prefix(80))")
        }
        let status = try await stranger.get("/wearbloom/renders/\(id)/status")
        #expect(status.status == .notFound, "status of \(id.prefix(80))")
        #expect(!status.body.contains("<html"), "status of \(id.prefix(80))")
      }
      Self.expectOwnPage(
        try await stranger.get("/wearbloom/renders/\(own)"), .notFound, title: .renderNotFoundTitle, "another's render")
      // A visitor who has not begun (no onboarding, no account) has no renders at all.
      var newcomer = try await WearbloomWebTests.consenting(server)
      Self.expectOwnPage(
        try await newcomer.get("/wearbloom/renders/\(own)"), .notFound, title: .renderNotFoundTitle, "no owner")
      #expect(try await owner.get("/wearbloom/renders/\(own)").status == .ok)
    }
  }

  @Test("a try-on for a category not offered is 422 with its reason, and nothing is charged")
  func notOffered() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await WearbloomWebTests.member(server)
      // Sneakers are shoes, which the default configuration offers no try-on for.
      let refused = try await visitor.post("/wearbloom/garments/dark-knit-sneakers/try-on")
      Self.expectOwnPage(refused, .unprocessableContent, title: .tryOnUnavailableTitle, "shoes")
      #expect(refused.body.contains(Self.text(.tryOnUnavailable)))
      #expect(try await visitor.get("/wearbloom/wardrobe").body.contains("3 free renders left"))
      // The same before an account, from onboarding's form.
      var newcomer = try await WearbloomWebTests.consenting(server)
      _ = try await newcomer.post(
        "/wearbloom/welcome/photo", form: WearbloomWebTests.form([("stock", "figure-balanced")]))
      let early = try await newcomer.post(
        "/wearbloom/welcome/try-on", form: WearbloomWebTests.form([("garment", "dark-knit-sneakers")]))
      Self.expectOwnPage(early, .unprocessableContent, title: .tryOnUnavailableTitle, "shoes, onboarding")
      let unknown = try await newcomer.post(
        "/wearbloom/welcome/try-on", form: WearbloomWebTests.form([("garment", "no-such-garment")]))
      Self.expectOwnPage(unknown, .notFound, title: .garmentNotFoundTitle, "unknown garment, onboarding")
    }
  }

  @Test("an image id nobody owns is 404, in Wearbloom's page, never a 500")
  func images() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await WearbloomWebTests.member(server)
      for id in Self.typed {
        let answer = try await visitor.get("/wearbloom/images/\(id)")
        Self.expectOwnPage(answer, .notFound, title: .pageNotFoundTitle, "image \(id.prefix(80))")
      }
    }
  }
}
