import FaithJarCore
import FaithJarServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing

/// Faith Jar alone on its own in-memory database, with a clock the test moves.
func withFaithJar(
  clock: ManualClock, testDeviceClock: Bool = false, _ body: @Sendable (inout Visitor) async throws -> Void
) async throws {
  var configuration = ServerConfiguration.defaults
  configuration.testDeviceClock = testDeviceClock
  try await withTestServer([FaithJarApp()], configuration: configuration, clock: clock) { client in
    var visitor = Visitor(client: client)
    try await body(&visitor)
  }
}

/// The text of the verse on a verse page, as the library has it.
func verseText(in body: String) -> String? {
  body.firstMatch(of: #/<blockquote class="verse-text" tabindex="-1"><p>(.*?)</p></blockquote>/#).map { String($0.1) }
}

let library = VerseLibrary.bundled
let escapedTexts: Set<String> = Set(
  library.verses.flatMap { v in Translation.allCases.map { HTML.escape(v.text(in: $0)) } })

@Suite("Faith Jar on the web", .timeLimit(.minutes(5)))
struct FaithJarRouteTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test("a first visit shows onboarding: three pages, then the emotions")
  func onboarding() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      let first = try await visitor.get("/faith-jar/")
      #expect(first.status == .ok && first.body.contains("When you need God\u{2019}s word for this moment"))
      #expect(visitor.cookie != nil)
      #expect(try await visitor.get("/faith-jar/?page=2").body.contains("A Bible verse + why it matters"))
      let third = try await visitor.get("/faith-jar/?page=3")
      #expect(third.body.contains("Peace in 30 seconds") && third.body.contains("Get Started"))
      #expect(try await visitor.get("/faith-jar/?page=9").status == .notFound)
      let done = try await visitor.post("/faith-jar/welcome")
      #expect(done.status == .seeOther && done.location == "/faith-jar/")
      let list = try await visitor.get("/faith-jar/")
      #expect(list.body.contains("How are you feeling today?"))
      #expect(list.body.contains("Tap to receive a Bible verse that speaks to you"))
      #expect(list.body.contains("7 days left in your free week"))
      for emotion in Emotion.allCases { #expect(list.body.contains("/faith-jar/verse/\(emotion.rawValue)/next")) }
    }
  }

  @Test("a returning visitor goes straight to the emotions")
  func returning() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      #expect(try await visitor.get("/faith-jar/").body.contains("How are you feeling today?"))
    }
  }

  @Test("thirty times another verse: never the same one twice in a row, always the library's text")
  func anotherVerse() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      var previous: String?
      for _ in 0..<30 {
        let drawn = try await visitor.post("/faith-jar/verse/anxiety/next")
        #expect(drawn.status == .seeOther && drawn.location == "/faith-jar/verse/anxiety")
        let page = try await visitor.get("/faith-jar/verse/anxiety")
        let text = try #require(verseText(in: page.body))
        #expect(escapedTexts.contains(text))
        #expect(text != previous)
        previous = text
      }
    }
  }

  @Test("reading a verse changes nothing: the same verse until another is asked for")
  func getIsSafe() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      _ = try await visitor.post("/faith-jar/verse/joy/next")
      let first = verseText(in: try await visitor.get("/faith-jar/verse/joy").body)
      let second = verseText(in: try await visitor.get("/faith-jar/verse/joy").body)
      #expect(first != nil && first == second)
    }
  }

  @Test("the translation changes text and label together; an unknown one is a friendly 400")
  func translation() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      _ = try await visitor.post("/faith-jar/verse/gratitude/next")
      let chosen = try await visitor.post(
        "/faith-jar/translation", form: "translation=kjv&return=%2Ffaith-jar%2Fverse%2Fgratitude")
      #expect(chosen.status == .seeOther && chosen.location == "/faith-jar/verse/gratitude")
      let page = try await visitor.get("/faith-jar/verse/gratitude").body
      let text = try #require(verseText(in: page))
      #expect(library.verses.contains { HTML.escape($0.text(in: .kjv)) == text })
      #expect(page.contains("<abbr title=\"King James Version\">KJV</abbr>"))
      let bad = try await visitor.post("/faith-jar/translation", form: "translation=esv")
      #expect(bad.status == .badRequest && bad.body.contains("BSB, KJV or WEB"))
    }
  }

  @Test(
    "a return address outside Faith Jar is ignored",
    arguments: ["https://evil.example/", "//evil.example", "/elsewhere"])
  func openRedirect(target: String) async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let response = try await visitor.post("/faith-jar/translation", form: "translation=web&return=\(encoded)")
      #expect(response.location == "/faith-jar/")
    }
  }

  @Test("favourites: save, list, remove; an unknown verse is a 404")
  func favourites() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      _ = try await visitor.post("/faith-jar/verse/sadness/next")
      let page = try await visitor.get("/faith-jar/verse/sadness").body
      let id = try #require(page.firstMatch(of: #/action="/faith-jar/favourites/([a-z0-9-]+)"/#)).1
      _ = try await visitor.post("/faith-jar/favourites/\(id)", form: "favourite=1&return=%2Ffaith-jar%2Ffavourites")
      let reference = try #require(library.verse(id: String(id))).displayReference
      #expect(try await visitor.get("/faith-jar/favourites").body.contains(reference))
      _ = try await visitor.post("/faith-jar/favourites/\(id)", form: "favourite=0")
      #expect(try await visitor.get("/faith-jar/favourites").body.contains("Verses you save will gather here."))
      #expect(try await visitor.post("/faith-jar/favourites/not-a-verse", form: "favourite=1").status == .notFound)
      #expect(try await visitor.post("/faith-jar/favourites/\(id)", form: "favourite=maybe").status == .badRequest)
    }
  }

  @Test("an unknown emotion is the friendly 404 page")
  func unknownEmotion() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      let response = try await visitor.get("/faith-jar/verse/boredom")
      #expect(response.status == .notFound && response.body.contains("Page not found"))
    }
  }

  @Test("support resources appear for anxiety, sadness, loneliness and anger only")
  func supportLink() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      for emotion in Emotion.allCases {
        _ = try await visitor.post("/faith-jar/verse/\(emotion.rawValue)/next")
        let page = try await visitor.get("/faith-jar/verse/\(emotion.rawValue)").body
        #expect(page.contains("Need to talk to someone now?") == emotion.offersSupportLink, "\(emotion)")
      }
    }
  }

  @Test("after seven days: paywall; support and attribution stay open; a test purchase unlocks at once")
  func trialExpiry() async throws {
    let clock = ManualClock(start)
    try await withFaithJar(clock: clock) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      _ = try await visitor.post("/faith-jar/verse/anger/next")
      clock.advance(by: 7 * 86_400)
      #expect(try await visitor.get("/faith-jar/").location == "/faith-jar/paywall")
      #expect(try await visitor.get("/faith-jar/verse/anger").location == "/faith-jar/paywall")
      #expect(try await visitor.post("/faith-jar/verse/anger/next").location == "/faith-jar/paywall")
      #expect(try await visitor.get("/faith-jar/support").status == .ok)
      #expect(try await visitor.get("/faith-jar/about").body.contains("Berean Standard Bible"))
      let paywall = try await visitor.get("/faith-jar/paywall").body
      #expect(paywall.contains("Your free week has ended") && paywall.contains("test store"))
      let bought = try await visitor.post("/faith-jar/purchase/annual")
      #expect(bought.location == "/faith-jar/subscription?change=started")
      #expect(try await visitor.get("/faith-jar/").status == .ok)
      _ = try await visitor.post("/faith-jar/test-store/refund")
      #expect(try await visitor.get("/faith-jar/").location == "/faith-jar/paywall")
    }
  }

  @Test("a purchase is confirmed with the plan, its price and the day it renews")
  func purchaseConfirmation() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      let bought = try await visitor.post("/faith-jar/purchase/monthly")
      let page = try await visitor.get(try #require(bought.location)).body
      #expect(page.contains("Thank you for subscribing"))
      let renews = Formats(.english).longDate(start.addingTimeInterval(30 * 86_400))
      #expect(page.contains("Monthly plan · $4.99 / month · renews on \(renews)"))
      #expect(page.contains("data-primary-action>Back to the verses</a>"))
    }
  }

  @Test("Monthly bought over a paid Annual starts at the renewal, and the screen says when")
  func downgradeAtRenewal() async throws {
    let clock = ManualClock(start)
    try await withFaithJar(clock: clock) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      _ = try await visitor.post("/faith-jar/purchase/annual")
      clock.advance(by: 40 * 86_400)
      let switched = try await visitor.post("/faith-jar/purchase/monthly")
      #expect(switched.location == "/faith-jar/subscription?change=scheduled")
      let renewal = Formats(.english).longDate(start.addingTimeInterval(365 * 86_400))
      let page = try await visitor.get("/faith-jar/subscription?change=scheduled").body
      #expect(page.contains("<h1 id=\"confirmation-title\">Monthly starts on \(renewal)</h1>"))
      #expect(page.contains("Your Annual plan stays with you until then"))
      #expect(try await visitor.get("/faith-jar/paywall").body.contains("Monthly starts on \(renewal)"))
      let upgraded = try await visitor.post("/faith-jar/purchase/annual")
      #expect(upgraded.location == "/faith-jar/subscription?change=kept")
      #expect(!(try await visitor.get("/faith-jar/paywall").body.contains("Monthly starts on")))
    }
  }

  @Test("without a subscription the confirmation address leads to the plans")
  func confirmationWithoutPurchase() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      #expect(try await visitor.get("/faith-jar/subscription?change=started").location == "/faith-jar/paywall")
    }
  }

  @Test("the plans are one tap from the feelings: Subscribe during the trial, Your plan once bought")
  func subscribeEntry() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      #expect(try await visitor.get("/faith-jar/").body.contains("<a href=\"/faith-jar/paywall\">Subscribe</a>"))
      _ = try await visitor.post("/faith-jar/purchase/annual")
      #expect(try await visitor.get("/faith-jar/").body.contains("<a href=\"/faith-jar/paywall\">Your plan</a>"))
    }
  }

  @Test("a verse link opens for a returning visitor, and after onboarding for a first-time one")
  func deepLink() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      let first = try await visitor.get("/faith-jar/verse/joy")
      #expect(first.location == "/faith-jar/?next=/faith-jar/verse/joy")
      let onboarding = try await visitor.get(try #require(first.location)).body
      #expect(onboarding.contains("href=\"/faith-jar/?page=2&amp;next=/faith-jar/verse/joy\""))
      #expect(onboarding.contains("<input type=\"hidden\" name=\"return\" value=\"/faith-jar/verse/joy\">"))
      let started = try await visitor.post("/faith-jar/welcome", form: "return=%2Ffaith-jar%2Fverse%2Fjoy")
      #expect(started.location == "/faith-jar/verse/joy")
      let verse = try await visitor.get("/faith-jar/verse/joy")
      #expect(verse.status == .ok && verseText(in: verse.body) != nil)
      // Returning: a feeling never drawn on this device opens with its next verse.
      let other = try await visitor.get("/faith-jar/verse/gratitude")
      #expect(other.status == .ok && verseText(in: other.body) != nil)
      // Onboarding goes on only to Faith Jar's own verse screens.
      #expect(
        try await visitor.post("/faith-jar/welcome", form: "return=https%3A%2F%2Fevil.example").location
          == "/faith-jar/")
    }
  }

  @Test("a saved verse shows a filled heart, pressed; an unsaved one an outline")
  func filledHeart() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.post("/faith-jar/welcome")
      let page = try await visitor.get("/faith-jar/verse/joy").body
      #expect(page.contains("aria-pressed=\"false\"><svg class=\"icon\""))
      let id = try #require(page.firstMatch(of: #/action="/faith-jar/favourites/([a-z0-9-]+)"/#)).1
      _ = try await visitor.post("/faith-jar/favourites/\(id)", form: "favourite=1")
      let saved = try await visitor.get("/faith-jar/verse/joy").body
      #expect(saved.contains("aria-pressed=\"true\"><svg class=\"icon icon--filled\""))
    }
  }

  @Test("on a test server a visitor moves their device clock; turning it back never extends the trial")
  func testDeviceClock() async throws {
    try await withFaithJar(clock: ManualClock(start), testDeviceClock: true) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      #expect(try await visitor.get("/faith-jar/paywall").body.contains("clock shows the real time"))
      for _ in 1...6 { _ = try await visitor.post("/faith-jar/test-clock/forward-day") }
      #expect(try await visitor.get("/faith-jar/").body.contains("Last day of your free week"))
      // The plans say it in the same words: a plural from the catalog, never "1 days".
      let lastDay = try await visitor.get("/faith-jar/paywall").body
      #expect(lastDay.contains("role=\"status\">Last day of your free week</p>") && !lastDay.contains("1 days"))
      _ = try await visitor.post("/faith-jar/test-clock/forward-day")
      #expect(try await visitor.get("/faith-jar/").location == "/faith-jar/paywall")
      #expect(try await visitor.get("/faith-jar/paywall").body.contains("clock is 7 days ahead"))
      _ = try await visitor.post("/faith-jar/test-clock/back-day")
      #expect(try await visitor.get("/faith-jar/").location == "/faith-jar/paywall")
      _ = try await visitor.post("/faith-jar/test-clock/reset")
      #expect(try await visitor.get("/faith-jar/").location == "/faith-jar/paywall")
      _ = try await visitor.post("/faith-jar/purchase/monthly")
      #expect(try await visitor.get("/faith-jar/").status == .ok)
      #expect(try await visitor.post("/faith-jar/test-clock/sideways").status == .notFound)
    }
  }

  @Test("a production server has no device clock to move")
  func noDeviceClockInProduction() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      #expect(try await visitor.post("/faith-jar/test-clock/forward-week").status == .notFound)
      #expect(try await visitor.get("/faith-jar/").status == .ok)
      #expect(try await !visitor.get("/faith-jar/paywall").body.contains("Test device clock"))
    }
  }

  @Test("cancelling keeps access to the period's end; a store outage never locks anyone out")
  func cancelAndOutage() async throws {
    let clock = ManualClock(start)
    try await withFaithJar(clock: clock) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      clock.advance(by: 8 * 86_400)
      _ = try await visitor.post("/faith-jar/purchase/monthly")
      _ = try await visitor.post("/faith-jar/test-store/cancel")
      #expect(try await visitor.get("/faith-jar/").status == .ok)
      clock.advance(by: 31 * 86_400)
      #expect(try await visitor.get("/faith-jar/").location == "/faith-jar/paywall")
      _ = try await visitor.post("/faith-jar/test-store/outage")
      #expect(try await visitor.get("/faith-jar/").status == .ok)
      #expect(try await visitor.post("/faith-jar/purchase/monthly").location == "/faith-jar/paywall?notice=unavailable")
    }
  }
}

@Suite("Faith Jar offline", .timeLimit(.minutes(5)))
struct FaithJarOfflineTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  struct Payload: Decodable {
    struct Entry: Decodable { let text: String; let reference: String; let explanation: String }
    let translation: String
    let shown: [String: String]
    let queue: [String: [String]]
    let verses: [String: Entry]
  }

  @Test("offline.json holds every feeling's upcoming verses in the chosen translation, after the one on screen")
  func payload() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/translation", form: "translation=web")
      _ = try await visitor.post("/faith-jar/verse/anxiety/next")
      let response = try await visitor.get("/faith-jar/offline.json")
      #expect(response.status == .ok)
      let payload = try JSONDecoder().decode(Payload.self, from: Data(response.body.utf8))
      #expect(payload.translation == "web")
      #expect(Set(payload.queue.keys) == Set(Emotion.allCases.map(\.rawValue)))
      let anxious = try #require(payload.queue["anxiety"])
      #expect(anxious.count == 2 * library.verses(for: .anxiety).count)
      #expect(anxious.first != payload.shown["anxiety"])
      #expect(zip(anxious, anxious.dropFirst()).allSatisfy { $0 != $1 })
      for id in anxious {
        let verse = try #require(library.verse(id: id))
        #expect(payload.verses[id]?.text == verse.text(in: .web))
      }
    }
  }

  @Test("verses read offline are reported back, and the next online verse is none of them")
  func offlineReads() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      _ = try await visitor.post("/faith-jar/verse/sadness/next")
      let payload = try JSONDecoder().decode(
        Payload.self, from: Data(try await visitor.get("/faith-jar/offline.json").body.utf8))
      let onScreen = try #require(payload.shown["sadness"])
      let read = Array(try #require(payload.queue["sadness"]).prefix(5))
      let json = "{\"reads\": {\"sadness\": [\(read.map { "\"\($0)\"" }.joined(separator: ","))]}}"
      let sent = try await visitor.post("/faith-jar/offline-reads", form: json, type: "application/json")
      #expect(sent.status == .noContent)
      // Back online, the verse on screen is the last one read offline, and the rest of the cycle
      // brings none of the six already seen.
      let page = try await visitor.get("/faith-jar/verse/sadness").body
      #expect(verseText(in: page) == HTML.escape(library.verse(id: read.last!)!.text(in: .bsb)))
      var seen = Set([onScreen] + read)
      for _ in 0..<(library.verses(for: .sadness).count - seen.count) {
        _ = try await visitor.post("/faith-jar/verse/sadness/next")
        let text = try #require(verseText(in: try await visitor.get("/faith-jar/verse/sadness").body))
        let verse = try #require(library.verses(for: .sadness).first { HTML.escape($0.text(in: .bsb)) == text })
        #expect(seen.insert(verse.id).inserted, "\(verse.id) came again within the cycle")
      }
      let bad = try await visitor.post(
        "/faith-jar/offline-reads", form: "{\"reads\": {\"boredom\": []}}", type: "application/json")
      #expect(bad.status == .badRequest && bad.body.contains("not one of Faith Jar"))
      #expect(
        try await visitor.post("/faith-jar/offline-reads", form: "nope", type: "application/json").status == .badRequest
      )
    }
  }

  @Test("the offline shell exists for each feeling; an unknown one is a 404")
  func shell() async throws {
    try await withFaithJar(clock: ManualClock(start)) { visitor in
      _ = try await visitor.get("/faith-jar/")
      let shell = try await visitor.get("/faith-jar/offline?emotion=joy")
      #expect(shell.status == .ok && shell.body.contains("You are offline"))
      #expect(try await visitor.get("/faith-jar/offline?emotion=boredom").status == .notFound)
      let worker = try await visitor.get("/faith-jar/sw.js")
      #expect(worker.status == .ok && worker.body.contains("addEventListener(\"fetch\""))
    }
  }

  @Test("nothing is kept for offline reading once the free week has ended")
  func lockedOffline() async throws {
    let clock = ManualClock(start)
    try await withFaithJar(clock: clock) { visitor in
      _ = try await visitor.get("/faith-jar/")
      _ = try await visitor.post("/faith-jar/welcome")
      clock.advance(by: 8 * 86_400)
      let response = try await visitor.get("/faith-jar/offline.json")
      #expect(response.status == .forbidden && response.body.contains("Subscribe to keep verses for offline reading."))
      #expect(try await visitor.get("/faith-jar/offline?emotion=joy").location == "/faith-jar/paywall")
    }
  }
}
