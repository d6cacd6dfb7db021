import Foundation
import HTTPTypes
import MIGACore
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

@testable import MIGAServer

/// What a visitor can type into MIGA's web addresses and forms (an onboarding step, an app, a
/// number): never a 500, which the server would log at error level.
@Suite("MIGA's web answers a wrong id without a 500", .timeLimit(.minutes(5)))
struct MIGAWebIdTests {
  static let typed = [
    "nope", "ABC", String(repeating: "x", count: 3_000), "12345", "-1", "99999999999999999999", "%F0%9F%8C%B8", "%00",
    "..%2F..",
  ]

  @Test("an unknown step, app or number is a 4xx, before and after onboarding")
  func typedSegments() async throws {
    try await withMIGAWeb(clock: ManualClock(Date(timeIntervalSince1970: 1_790_000_000))) { visitor in
      for onboarded in [false, true] {
        if onboarded { try await onboard(&visitor) }
        for id in Self.typed {
          let what = "\(id.prefix(40)), onboarded: \(onboarded)"
          let step = try await visitor.get("/miga/welcome/\(id)")
          #expect(step.status == .notFound || step.status == .seeOther, "step \(what)")
          let answered = try await visitor.post("/miga/welcome/\(id)", form: "minutes=1")
          #expect(answered.status == .notFound || answered.status == .seeOther, "answer \(what)")
          let opened = try await visitor.post("/miga/open/\(id)")
          #expect(opened.status == .notFound || (!onboarded && opened.status == .seeOther), "open \(what)")
          for (method, path, form) in [
            (HTTPRequest.Method.get, "/miga/leaving?app=\(id)", ""), (.get, "/miga/settings?q=\(id)&notice=\(id)", ""),
            (.post, "/miga/settings/pause", "seconds=\(id)"), (.post, "/miga/settings/day", "hour=\(id)&zone=\(id)"),
            (.post, "/miga/settings/apps/add", "app=\(id)"), (.post, "/miga/settings/apps/remove", "app=\(id)"),
            (.post, "/miga/settings/apps/custom", "name=\(id)&url=\(id)"),
            (.post, "/miga/settings/categories", "category=\(id)"), (.post, "/miga/welcome/apps", "app=\(id)"),
            (.post, "/miga/welcome/time-awareness", "minutes=\(id)"),
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
    #expect(answer.body.contains("class=\"miga "), "\(what): MIGA's page")
    #expect(answer.body.contains(MIGATexts.english.messages[.notFoundBody] ?? "-"), "\(what): MIGA's sentence")
    #expect(answer.body.contains("href=\"/miga/\""), "\(what): the way back to the hub")
  }

  @Test("an address that leads nowhere, or a step or app that is not one, is MIGA's own 404 with the way back")
  func ownNotFoundPage() async throws {
    try await withMIGAWeb(clock: ManualClock(Date(timeIntervalSince1970: 1_790_000_000))) { visitor in
      for onboarded in [false, true] {
        if onboarded { try await onboard(&visitor) }
        let when = "onboarded: \(onboarded)"
        // The last three stop partway down a real route (the router finds no route at all there).
        for path in [
          "/miga/nothing", "/miga/stats/extra", "/miga/a/b/c", "/miga/welcome/nope/more", "/miga/welcome",
          "/miga/open", "/miga/settings/apps",
        ] {
          Self.expectOwnPage(try await visitor.get(path), "GET \(path), \(when)")
          Self.expectOwnPage(try await visitor.post(path), "POST \(path), \(when)")
        }
        Self.expectOwnPage(try await visitor.get("/miga/welcome/nope"), "unknown step, \(when)")
        if onboarded { Self.expectOwnPage(try await visitor.post("/miga/open/nope"), "unknown app") }
      }
      #expect(try await visitor.get("/miga/api/v1/nothing").body.contains("\"code\":\"NOT_FOUND\""))
    }
  }
}
