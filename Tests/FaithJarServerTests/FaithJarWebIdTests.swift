import FaithJarCore
import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

/// What a visitor can type into Faith Jar's web addresses (a feeling, a verse, a plan, a store
/// action, a page number): never a 500, which the server would log at error level; a wrong one
/// is Faith Jar's own page, with the way back to the feelings.
@Suite("Faith Jar's web answers a wrong id with its own page", .timeLimit(.minutes(5)))
struct FaithJarWebIdTests {
  static let start = Date(timeIntervalSince1970: 1_790_000_000)

  /// Segments that name nothing: unknown, malformed, overlong, numeric, escapes.
  static let typed = [
    "nope", "ABC", String(repeating: "x", count: 3_000), "12345", "-1", "%F0%9F%8C%B8", "%00", "..%2F..",
  ]

  static func expectOwnPage(_ answer: (status: HTTPResponse.Status, location: String?, body: String), _ what: String) {
    #expect(answer.status == .notFound, "\(what)")
    #expect(answer.body.contains("class=\"faith-jar "), "\(what): Faith Jar's page")
    #expect(answer.body.contains("href=\"/faith-jar/\""), "\(what): the way back")
  }

  @Test("an address under Faith Jar that leads nowhere is its own page; its API's is a problem document")
  func unknownAddresses() async throws {
    try await withFaithJar(clock: ManualClock(Self.start), testDeviceClock: true) { visitor in
      for path in ["/faith-jar/nothing", "/faith-jar/favourites/a/b", "/faith-jar/a/b/c"] {
        Self.expectOwnPage(try await visitor.get(path), "GET \(path)")
        Self.expectOwnPage(try await visitor.post(path), "POST \(path)")
      }
    }
  }

  @Test("a feeling, verse, plan, store action or page that does not exist is 404, before and after onboarding")
  func typedSegments() async throws {
    try await withFaithJar(clock: ManualClock(Self.start), testDeviceClock: true) { visitor in
      for onboarded in [false, true] {
        if onboarded { _ = try await visitor.post("/faith-jar/welcome") }
        for id in Self.typed {
          let what = "\(id.prefix(40)), onboarded: \(onboarded)"
          Self.expectOwnPage(try await visitor.get("/faith-jar/verse/\(id)"), "verse \(what)")
          Self.expectOwnPage(try await visitor.post("/faith-jar/verse/\(id)/next"), "next \(what)")
          Self.expectOwnPage(try await visitor.post("/faith-jar/favourites/\(id)", form: "favourite=1"), "fav \(what)")
          Self.expectOwnPage(try await visitor.post("/faith-jar/purchase/\(id)"), "purchase \(what)")
          Self.expectOwnPage(try await visitor.post("/faith-jar/test-store/\(id)"), "store \(what)")
          Self.expectOwnPage(try await visitor.post("/faith-jar/test-clock/\(id)"), "clock \(what)")
          Self.expectOwnPage(try await visitor.get("/faith-jar/offline?emotion=\(id)"), "offline \(what)")
          for path in ["/faith-jar/paywall?notice=\(id)", "/faith-jar/subscription?change=\(id)"] {
            #expect(try await visitor.get(path).status.code < 500, "\(path.prefix(80))")
          }
        }
        if !onboarded {
          for page in ["0", "-1", "4"] {
            Self.expectOwnPage(try await visitor.get("/faith-jar/?page=\(page)"), "page \(page)")
          }
        }
      }
    }
  }
}
