import Foundation
import HTTPTypes
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

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
}
