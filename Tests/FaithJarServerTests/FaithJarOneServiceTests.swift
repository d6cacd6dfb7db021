import FaithJarCore
import Foundation
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import FaithJarServer

@Suite("Faith Jar: one service behind its pages and its offline JSON", .timeLimit(.minutes(5)))
struct FaithJarOneServiceTests {
  @Test("the end of the free week closes the verse pages and the offline verses alike, and a purchase opens both")
  func accessThroughBothFaces() async throws {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    try await withFaithJar(clock: clock) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      _ = try await visitor.post("/faith-jar/verse/joy/next")
      #expect(try await visitor.get("/faith-jar/verse/joy").status == .ok)
      #expect(try await visitor.get("/faith-jar/offline.json").status == .ok)
      clock.advance(by: AccessPolicy.trialLength)
      let page = try await visitor.get("/faith-jar/verse/joy")
      #expect(page.status == .seeOther && page.location == "/faith-jar/paywall")
      let json = try await visitor.get("/faith-jar/offline.json")
      #expect(json.status == .forbidden && json.body.contains("ACCESS_ENDED"))
      _ = try await visitor.post("/faith-jar/purchase/monthly")
      #expect(try await visitor.get("/faith-jar/verse/joy").status == .ok)
      #expect(try await visitor.get("/faith-jar/offline.json").status == .ok)
    }
  }
}
