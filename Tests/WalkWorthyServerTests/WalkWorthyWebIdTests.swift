import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyCore

@testable import WalkWorthyServer

/// What a visitor can type into WalkWorthy's web addresses and forms (a history entry, a card
/// number, a switch): never a 500, which the server would log at error level.
@Suite("WalkWorthy's web answers a wrong id without a 500", .timeLimit(.minutes(5)))
struct WalkWorthyWebIdTests {
  static let typed = [
    "nope", "0", "-1", "12345", "99999999999999999999", String(repeating: "9", count: 3_000), "%F0%9F%8C%B8", "%00",
    "..%2F..",
  ]

  @Test("a history entry that is not one is 404; a wrong card or switch is a 4xx, before and after onboarding")
  func typedSegments() async throws {
    var configuration = ServerConfiguration.defaults
    configuration.testDeviceClock = true
    try await withWalkWorthyWeb(configuration: configuration) { visitor in
      for onboarded in [false, true] {
        if onboarded { try await onboard(&visitor) }
        for id in Self.typed {
          let what = "\(id.prefix(40)), onboarded: \(onboarded)"
          let entry = try await visitor.get("/walkworthy/history/\(id)")
          #expect(entry.status == .notFound || (!onboarded && entry.status == .seeOther), "entry \(what)")
          for (method, path, form) in [
            (HTTPRequest.Method.get, "/walkworthy/popups?card=\(id)", ""),
            (.get, "/walkworthy/settings?notice=\(id)", ""), (.get, "/walkworthy/?refreshed=\(id)", ""),
            (.post, "/walkworthy/popups/seen", "card=\(id)"), (.post, "/walkworthy/translation", "translation=\(id)"),
            (.post, "/walkworthy/settings/switch", "switch=\(id)&on=on&daily=\(id)"),
            (.post, "/walkworthy/inbox/dismiss", "id=\(id)&back=\(id)"), (.post, "/walkworthy/test-clock", "at=\(id)"),
            (.post, "/walkworthy/settings", "age=\(id)&major=\(id)&zone=\(id)"),
          ] {
            let answer = method == .get ? try await visitor.get(path) : try await visitor.post(path, form: form)
            #expect(answer.status.code < 500, "\(method) \(path.prefix(60)) \(form.prefix(60))")
          }
        }
      }
    }
  }

  static func expectOwnPage(_ answer: (status: HTTPResponse.Status, location: String?, body: String), _ what: String) {
    #expect(answer.status == .notFound, "\(what)")
    #expect(answer.body.contains("class=\"ww "), "\(what): WalkWorthy's page")
    #expect(
      answer.body.contains(WalkWorthyTexts.english.messages[.notFoundBody] ?? "-"), "\(what): WalkWorthy's sentence")
    #expect(answer.body.contains("href=\"/walkworthy/\""), "\(what): the way back to today")
  }

  @Test("an address that leads nowhere, or a history entry that is not one, is WalkWorthy's own 404 with the way back")
  func ownNotFoundPage() async throws {
    try await withWalkWorthyWeb(configuration: .defaults) { visitor in
      for onboarded in [false, true] {
        if onboarded { try await onboard(&visitor) }
        let when = "onboarded: \(onboarded)"
        for path in ["/walkworthy/nothing", "/walkworthy/settings/extra", "/walkworthy/a/b/c"] {
          Self.expectOwnPage(try await visitor.get(path), "GET \(path), \(when)")
          Self.expectOwnPage(try await visitor.post(path), "POST \(path), \(when)")
        }
        if onboarded { Self.expectOwnPage(try await visitor.get("/walkworthy/history/99"), "unknown entry") }
      }
      #expect(try await visitor.get("/walkworthy/api/v1/nothing").body.contains("\"code\":\"NOT_FOUND\""))
    }
  }
}
