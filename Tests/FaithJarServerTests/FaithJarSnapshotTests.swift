import FaithJarCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

/// Every Faith Jar page as a visitor receives it — status, headers and body — compared with the
/// committed snapshots in `__Snapshots__/`.
@Suite("Faith Jar pages, as served", .timeLimit(.minutes(5)))
struct FaithJarSnapshotTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// Fetches a page with the visitor's cookie and returns its snapshot text.
  static func page(_ client: any TestClientProtocol, _ cookie: String?, _ path: String) async throws -> String {
    var headers: HTTPFields = [:]
    if let cookie { headers[.cookie] = cookie }
    let response = try await client.execute(uri: path, method: .get, headers: headers)
    return snapshotText(status: response.status, headers: response.headers, body: String(buffer: response.body))
  }

  /// The verse on a verse page is dealt at random: its own words are replaced by placeholders so the
  /// page around them can be compared.
  static func withoutVerse(_ text: String) throws -> String {
    let shown = try #require(verseText(in: text))
    let verse = try #require(VerseLibrary.bundled.verses.first { HTML.escape($0.text(in: .bsb)) == shown })
    var result = text
    for (value, placeholder) in [
      (verse.text(in: .bsb), "{TEXT}"), (verse.displayReference, "{REFERENCE}"), (verse.explanation, "{EXPLANATION}"),
      (verse.id, "{ID}"),
    ] {
      result = result.replacingOccurrences(of: HTML.escape(value), with: placeholder)
    }
    return result
  }

  @Test("every page: status, headers and body")
  func pages() async throws {
    let clock = ManualClock(start)
    try await withFaithJar(clock: clock) { visitor in
      for page in 1...3 {
        expectSnapshot(
          try await Self.page(visitor.client, nil, "/faith-jar/?page=\(page)"), named: "onboarding-\(page)")
      }
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      let cookie = visitor.cookie
      expectSnapshot(try await Self.page(visitor.client, cookie, "/faith-jar/"), named: "emotions")
      _ = try await visitor.post("/faith-jar/verse/sadness/next")
      expectSnapshot(
        try Self.withoutVerse(try await Self.page(visitor.client, cookie, "/faith-jar/verse/sadness")),
        named: "verse-sadness")
      for (path, name) in [
        ("/faith-jar/favourites", "favourites-empty"), ("/faith-jar/paywall", "paywall-trial"),
        ("/faith-jar/about", "about"), ("/faith-jar/support", "support"),
        ("/faith-jar/offline?emotion=joy", "offline-joy"), ("/faith-jar/verse/boredom", "not-found"),
      ] {
        expectSnapshot(try await Self.page(visitor.client, cookie, path), named: name)
      }
      clock.advance(by: 7 * 86_400)
      expectSnapshot(try await Self.page(visitor.client, cookie, "/faith-jar/"), named: "locked-redirect")
      expectSnapshot(try await Self.page(visitor.client, cookie, "/faith-jar/paywall"), named: "paywall-expired")
      _ = try await visitor.post("/faith-jar/purchase/annual")
      expectSnapshot(
        try await Self.page(visitor.client, cookie, "/faith-jar/subscription?change=started"),
        named: "subscription-started")
      _ = try await visitor.post("/faith-jar/purchase/monthly")
      expectSnapshot(
        try await Self.page(visitor.client, cookie, "/faith-jar/subscription?change=scheduled"),
        named: "subscription-scheduled")
    }
  }

  @Test("a bad form is a helpful 400 page")
  func badForm() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/faith-jar/")
      let response = try await visitor.post("/faith-jar/translation", form: "translation=niv")
      // Its asset addresses as every page snapshot shows them, so a stylesheet edit leaves it alone.
      expectSnapshot(snapshotText(status: response.status, headers: [:], body: response.body), named: "bad-translation")
    }
  }
}
