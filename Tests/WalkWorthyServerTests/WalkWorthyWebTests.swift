import Foundation
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing
import WalkWorthyCore

@Suite("WalkWorthy on the web", .timeLimit(.minutes(5)))
struct WalkWorthyWebTests {
  @Test("a first visit opens onboarding: age, major, gender with Prefer not to say, hobby chips, opt-in, privacy")
  func onboardingForm() async throws {
    try await withWalkWorthyWeb { visitor in
      #expect(try await visitor.get("/walkworthy/").location == "/walkworthy/welcome")
      let form = try await visitor.get("/walkworthy/welcome").body
      for part in [
        "name=\"age\" type=\"number\"", "name=\"major\"",
        "<option value=\"prefer-not-to-say\" selected>Prefer not to say",
        "value=\"Reading\"", "name=\"custom\"", "name=\"personalize\"", "anonymous id",
      ] {
        #expect(form.contains(part), "\(part)")
      }
    }
  }

  @Test("invalid answers come back beside their fields, with everything typed kept")
  func onboardingErrors() async throws {
    try await withWalkWorthyWeb { visitor in
      _ = try await visitor.get("/walkworthy/")
      let words = try await visitor.post(
        "/walkworthy/welcome", form: "age=nineteen&major=Nursing&gender=man&hobby=Art&action=save")
      #expect(words.status == .unprocessableContent)
      #expect(words.body.contains("id=\"age-error\">Please enter your age as a number"))
      #expect(words.body.contains("value=\"nineteen\"") && words.body.contains("value=\"Nursing\""))
      #expect(words.body.contains("<option value=\"man\" selected>"))
      #expect(words.body.contains("value=\"Art\" checked"))
      let young = try await visitor.post("/walkworthy/welcome", form: "age=9&action=save")
      #expect(young.status == .unprocessableContent && young.body.contains("WalkWorthy is for ages 13 to 100."))
      #expect(young.body.contains("aria-invalid=\"true\" aria-describedby=\"age-error\""))
      let long = String(repeating: "x", count: 81)
      let major = try await visitor.post("/walkworthy/welcome", form: "age=20&major=\(long)&action=save")
      #expect(major.body.contains("id=\"major-error\">Please shorten your major to 80 characters."))
      #expect(try await visitor.get("/walkworthy/").location == "/walkworthy/welcome")
      let early = try await visitor.post("/walkworthy/next")
      #expect(early.status == .conflict && early.body.contains("no WalkWorthy profile yet"))
    }
  }

  @Test("Add puts a custom hobby chip on the form, selected, without saving anything yet")
  func customHobby() async throws {
    try await withWalkWorthyWeb { visitor in
      _ = try await visitor.get("/walkworthy/")
      let added = try await visitor.post(
        "/walkworthy/welcome", form: "age=21&hobby=Music&custom=Rock+climbing&action=add-hobby")
      #expect(added.status == .ok)
      #expect(added.body.contains("value=\"Rock climbing\" checked") && added.body.contains("value=\"Music\" checked"))
      #expect(added.body.contains("value=\"21\""))
      #expect(!added.body.contains("field-error"))
      let tooLong = try await visitor.post(
        "/walkworthy/welcome", form: "age=21&custom=\(String(repeating: "a", count: 31))&action=add-hobby")
      #expect(tooLong.body.contains("id=\"hobbies-error\"") && tooLong.body.contains("keep hobbies to 30 characters"))
      #expect(try await visitor.get("/walkworthy/").location == "/walkworthy/welcome")
    }
  }

  @Test("a hobby is escaped one Unicode scalar at a time, even a quote with a combining mark")
  func escaping() async throws {
    try await withWalkWorthyWeb { visitor in
      _ = try await visitor.get("/walkworthy/")
      let hostile = "%22%CC%B8%3E%3Cb%3E"  // "̸><b>
      let page = try await visitor.post("/walkworthy/welcome", form: "age=20&custom=\(hostile)&action=add-hobby").body
      #expect(page.contains("value=\"&quot;\u{338}&gt;&lt;b&gt;\" checked"))
      #expect(!page.contains("<b>"))
    }
  }

  @Test("Home shows the mock verse with its label; a new translation changes text and label together")
  func translationSwitch() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let home = try await visitor.get("/walkworthy/").body
      let bsb = card("ww-isaiah-41-13", .bsb)
      #expect(home.contains(">Isaiah 41:13</h2>") && home.contains(">BSB</abbr>"))
      #expect(home.contains(HTML.escape(bsb.text)) && home.contains(HTML.escape(bsb.encouragement)))
      #expect(try await visitor.post("/walkworthy/translation", form: "translation=kjv").location == "/walkworthy/")
      let kjvPage = try await visitor.get("/walkworthy/").body
      let kjv = card("ww-isaiah-41-13", .kjv)
      #expect(kjvPage.contains(">KJV</abbr>") && kjvPage.contains(HTML.escape(kjv.text)))
      #expect(!kjvPage.contains(">BSB</abbr>") && !kjvPage.contains(HTML.escape(bsb.text)))
      #expect(try await visitor.post("/walkworthy/translation", form: "translation=esv").status == .badRequest)
    }
  }

  @Test("on a test server, an unreadable device clock comes back by its field with 422, as typed")
  func testClockUnreadable() async throws {
    var configuration = ServerConfiguration.defaults
    configuration.testDeviceClock = true
    try await withWalkWorthyWeb(configuration: configuration) { visitor in
      try await onboard(&visitor)
      let refused = try await visitor.post("/walkworthy/test-clock", form: "at=next+tuesday")
      #expect(refused.status == .unprocessableContent)
      #expect(refused.body.contains("value=\"next tuesday\" aria-invalid=\"true\" aria-describedby=\"clock-at-error\""))
      #expect(refused.body.contains("id=\"clock-at-error\">Give the time as ISO 8601"))
      #expect(
        try await visitor.post("/walkworthy/test-clock", form: "at=2026-11-19T12%3A00%3A00Z").location
          == "/walkworthy/settings")
      #expect(
        try await visitor.get("/walkworthy/settings").body.contains("This device reads 2026-11-19T12:00:00Z (moved)"))
    }
  }

  @Test("a script choosing a translation gets the card back as JSON to change in place; it is kept")
  func translationInPlace() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let answer = try await visitor.postJSON("/walkworthy/translation", form: "translation=web")
      #expect(answer.status == .ok)
      let shown = try JSONDecoder().decode([String: String].self, from: Data(answer.body.utf8))
      let web = card("ww-isaiah-41-13", .web)
      #expect(shown["id"] == "ww-isaiah-41-13" && shown["label"] == "WEB" && shown["name"] == "World English Bible")
      #expect(shown["text"] == web.text && shown["ref"] == "Isaiah 41:13")
      #expect(try await visitor.get("/walkworthy/").body.contains(">WEB</abbr>"))
      #expect(try await visitor.get("/walkworthy/history/1").body.contains(">WEB</abbr>"))
    }
  }

  @Test("Next and Previous cycle today's list; each card seen is in the history once")
  func nextAndPrevious() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      #expect(try await visitor.get("/walkworthy/").body.contains("1 of 7"))
      _ = try await visitor.post("/walkworthy/next")
      #expect(try await visitor.get("/walkworthy/").body.contains("2 of 7"))
      _ = try await visitor.post("/walkworthy/previous")
      _ = try await visitor.post("/walkworthy/previous")
      let wrapped = try await visitor.get("/walkworthy/").body
      #expect(wrapped.contains("7 of 7"))
      let history = try await visitor.get("/walkworthy/history").body
      // Seen: 1, 2, 1 again, 7. Card 1 is listed once, under 7.
      #expect(history.components(separatedBy: "class=\"glass history-item\"").count - 1 == 3)
    }
  }

  @Test("the Canvas link (mock) toggles to Linked (mock), shows today's sample day, and unlinks")
  func canvasLink() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let unlinked = try await visitor.get("/walkworthy/canvas").body
      #expect(unlinked.contains("Link Canvas (Mock)") && !unlinked.contains("Linked (mock)"))
      #expect(try await visitor.post("/walkworthy/canvas/link").location == "/walkworthy/canvas")
      let linked = try await visitor.get("/walkworthy/canvas").body
      #expect(linked.contains("Linked (mock)") && linked.contains("Unlink Canvas"))
      #expect(linked.contains("CHEM 2310 Midterm Exam 2") && linked.contains("STAT 2000 Problem Set 9"))
      #expect(linked.contains("<span class=\"item-title\">CHEM 2310 Midterm Exam 2</span>"))
      #expect(linked.contains("<span class=\"item-title\">STAT 2000 Problem Set 9</span>"))
      #expect(linked.contains("40 points") && !linked.contains("&lt;"))
      // With an exam today, the home list leads with the mock verse, then exam-day encouragements.
      let home = try await visitor.get("/walkworthy/").body
      #expect(home.contains(">Isaiah 41:13</h2>"))
      _ = try await visitor.post("/walkworthy/canvas/unlink")
      #expect(try await visitor.get("/walkworthy/canvas").body.contains("Link Canvas (Mock)"))
    }
  }

  @Test("with the fake Canvas link off there is nothing to link")
  func fakeCanvasOff() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post(
        "/walkworthy/settings", form: "translation=bsb&theme=system&notifications=on&daily=08%3A00")
      let page = try await visitor.get("/walkworthy/canvas").body
      #expect(page.contains("The practice link is off") && !page.contains("Link Canvas (Mock)"))
      #expect(try await visitor.post("/walkworthy/canvas/link").status == .badRequest)
    }
  }

  @Test("Show Pop-ups deals 3 to 5 tagged cards; moving on records each card seen")
  func popups() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      for _ in 0..<8 {
        #expect(try await visitor.post("/walkworthy/popups").location == "/walkworthy/popups?card=1")
        let page = try await visitor.get("/walkworthy/popups?card=1").body
        let cards = page.components(separatedBy: "class=\"glass card popup-card\"").count - 1
        #expect((3...5).contains(cards))
        #expect(page.contains("aria-live=\"polite\">Card 1 of \(cards): Courage</p>"))
        #expect(page.contains("class=\"tag tag--courage\">Courage</p>"))
      }
      let second = try await visitor.get("/walkworthy/popups?card=2").body
      let ref = try #require(second.firstMatch(of: #/id="popup-ref-2" class="verse-ref">([^<]+)</#)?.1)
      #expect(try await visitor.post("/walkworthy/popups/seen", form: "card=2").location == "/walkworthy/popups?card=2")
      let history = try await visitor.get("/walkworthy/history").body
      #expect(history.firstMatch(of: #/class="item-title">([^<]+)</#)?.1 == ref)
      #expect(try await visitor.get("/walkworthy/popups?card=9").location == "/walkworthy/popups?card=1")
    }
  }

  @Test("History lists what was seen, newest first, and opens a detail page")
  func historyDetail() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/walkworthy/next")
      let list = try await visitor.get("/walkworthy/history").body
      #expect(list.contains("href=\"/walkworthy/history/2\"") && list.contains("href=\"/walkworthy/history/1\""))
      #expect(list.range(of: "/walkworthy/history/2")!.lowerBound < list.range(of: "/walkworthy/history/1")!.lowerBound)
      let detail = try await visitor.get("/walkworthy/history/1").body
      let first = card("ww-isaiah-41-13", .bsb)
      #expect(detail.contains("<h1 id=\"detail-ref\" class=\"verse-ref\">Isaiah 41:13</h1>"))
      #expect(detail.contains(HTML.escape(first.text)) && detail.contains(">BSB</abbr>"))
      #expect(try await visitor.get("/walkworthy/history/99").status == .notFound)
    }
  }

  @Test("settings persist: toggles, translation, theme on <html>, daily time and quiet hours")
  func settingsPersist() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let saved = try await visitor.post(
        "/walkworthy/settings",
        form:
          "personalize=on&fake-canvas=on&translation=web&theme=dark&notifications=on&daily=21%3A30&quiet=on&quiet-start=23%3A00&quiet-end=06%3A30&zone=Europe%2FBerlin"
      )
      #expect(saved.location == "/walkworthy/settings?notice=saved")
      let page = try await visitor.get("/walkworthy/settings?notice=saved").body
      #expect(page.contains("<html lang=\"en\" class=\"theme-dark\">"))
      #expect(page.contains("role=\"status\">Saved.</p>"))
      #expect(page.contains("name=\"personalize\" checked") && page.contains("name=\"fake-canvas\" checked"))
      #expect(page.contains("<option value=\"web\" selected>") && page.contains("value=\"dark\" checked"))
      #expect(page.contains("name=\"daily\" type=\"time\" value=\"21:30\""))
      #expect(
        page.contains("name=\"quiet\" checked") && page.contains("value=\"23:00\"") && page.contains("value=\"06:30\""))
      #expect(page.contains("Times are in Europe/Berlin"))
      #expect(try await visitor.get("/walkworthy/").body.contains(">WEB</abbr>"))
    }
  }

  @Test("an empty daily time comes back on the settings page with 422, its sentence by the field, answers kept")
  func emptyDailyTime() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let refused = try await visitor.post(
        "/walkworthy/settings",
        form:
          "personalize=on&translation=kjv&theme=dark&notifications=on&daily=&quiet=on&quiet-start=23%3A15&quiet-end=06%3A45"
      )
      #expect(refused.status == .unprocessableContent)
      let page = refused.body
      #expect(
        page.contains(
          "name=\"daily\" type=\"time\" value=\"\" aria-invalid=\"true\" aria-describedby=\"daily-error\"><p class=\"field-error\" id=\"daily-error\">Choose a time for your daily encouragement, such as 08:00.</p>"
        ))
      #expect(page.contains("role=\"alert\">Nothing was saved yet."))
      #expect(page.contains("name=\"personalize\" checked") && !page.contains("name=\"fake-canvas\" checked"))
      #expect(page.contains("<option value=\"kjv\" selected>") && page.contains("value=\"dark\" checked"))
      #expect(page.contains("value=\"23:15\"") && page.contains("value=\"06:45\""))
      // Nothing was kept: the saved settings are still the defaults.
      let saved = try await visitor.get("/walkworthy/settings").body
      #expect(
        saved.contains("name=\"daily\" type=\"time\" value=\"08:00\"")
          && saved.contains("<option value=\"bsb\" selected>"))
      #expect(!saved.contains("field-error"))
    }
  }

  @Test("a time that is not a time, or quiet hours without an end, come back beside their fields")
  func badTimes() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let late = try await visitor.post(
        "/walkworthy/settings", form: "translation=web&theme=dark&notifications=on&daily=25%3A00")
      #expect(late.status == .unprocessableContent && late.body.contains("id=\"daily-error\">Give the daily time"))
      let quiet = try await visitor.post(
        "/walkworthy/settings",
        form: "translation=bsb&theme=system&notifications=on&daily=08%3A00&quiet=on&quiet-start=22%3A00&quiet-end=")
      #expect(quiet.status == .unprocessableContent)
      #expect(quiet.body.contains("id=\"quiet-end-error\">Choose when quiet hours end"))
      #expect(!quiet.body.contains("id=\"daily-error\""))
    }
  }

  @Test("a switch is saved the moment it is flipped, alone, and the script hears back JSON")
  func switchSavedAlone() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let path = "/walkworthy/settings/switch"
      for form in [
        "switch=personalize&on=on", "switch=fake-canvas&on=off", "switch=notifications&on=off&daily=09%3A00",
        "switch=quiet&on=off",
      ] {
        let saved = try await visitor.postJSON(path, form: form)
        #expect(saved.status == .ok && saved.body == #"{"saved":true}"#, "\(form)")
      }
      let page = try await visitor.get("/walkworthy/settings").body
      #expect(page.contains("name=\"personalize\" checked") && !page.contains("name=\"fake-canvas\" checked"))
      #expect(!page.contains("name=\"notifications\" checked") && !page.contains("name=\"quiet\" checked"))
      // Nothing else moved: the saved daily time is kept over the one the screen sent.
      #expect(page.contains("name=\"daily\" type=\"time\" value=\"08:00\""))
      let quiet = try await visitor.postJSON(path, form: "switch=quiet&on=on&quiet-start=23%3A30&quiet-end=06%3A15")
      #expect(quiet.status == .ok)
      let again = try await visitor.get("/walkworthy/settings").body
      #expect(
        again.contains("name=\"quiet\" checked") && again.contains("value=\"23:30\"")
          && again.contains("value=\"06:15\""))
      #expect(try await visitor.postJSON(path, form: "switch=theme&on=on").status == .badRequest)
    }
  }

  @Test("a switch refused by the rules comes back 422 with its field and sentence; nothing is kept")
  func switchRefused() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/walkworthy/settings", form: "translation=bsb&theme=system&daily=")
      let refused = try await visitor.postJSON(
        "/walkworthy/settings/switch", form: "switch=notifications&on=on&daily=")
      #expect(refused.status == .unprocessableContent)
      #expect(refused.body.contains(#""field":"daily""#) && refused.body.contains(#""code":"DAILY_TIME_MISSING""#))
      #expect(refused.body.contains("Choose a time for your daily encouragement"))
      #expect(!(try await visitor.get("/walkworthy/settings").body.contains("name=\"notifications\" checked")))
      // Without a script the same refusal is the settings page itself, with the sentence by the field.
      let page = try await visitor.post("/walkworthy/settings/switch", form: "switch=notifications&on=on&daily=")
      #expect(page.status == .unprocessableContent && page.body.contains("id=\"daily-error\""))
    }
  }

  @Test("Send test notification: the planner's 10-second notification, as JSON for the script")
  func testNotification() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      let sent = try await visitor.postJSON("/walkworthy/settings/test-notification")
      #expect(sent.status == .ok)
      #expect(sent.body.contains("\"scheduled\":true") && sent.body.contains("\"delay\":10"))
      #expect(sent.body.contains("\"title\":\"WalkWorthy test notification\""))
      #expect(
        try await visitor.post("/walkworthy/settings/test-notification").location
          == "/walkworthy/settings?notice=test")
      _ = try await visitor.post("/walkworthy/settings", form: "translation=bsb&theme=system")
      let off = try await visitor.postJSON("/walkworthy/settings/test-notification")
      #expect(off.body.contains("\"scheduled\":false"))
    }
  }

  @Test("the test notification waits in the inbox on every screen until it is dismissed, for this device only")
  func inbox() async throws {
    let clock = ManualClock(mockDay)
    try await withWalkWorthyWeb(clock: clock) { visitor in
      try await onboard(&visitor)
      _ = try await visitor.postJSON("/walkworthy/settings/test-notification")
      #expect(!(try await visitor.get("/walkworthy/").body.contains("inbox-item")))
      clock.advance(by: 10)
      for path in ["/walkworthy/", "/walkworthy/canvas", "/walkworthy/history", "/walkworthy/settings"] {
        let page = try await visitor.get(path).body
        #expect(page.contains("<p class=\"notice-title\">WalkWorthy test notification</p>"), "\(path)")
        #expect(page.contains("name=\"back\" value=\"\(path)\""), "\(path)")
      }
      var stranger = Visitor(client: visitor.client)
      try await onboard(&stranger)
      #expect(!(try await stranger.get("/walkworthy/").body.contains("inbox-item")))
      clock.advance(by: 3_600)
      #expect(try await visitor.get("/walkworthy/history").body.contains("inbox-item"))
      let dismissed = try await visitor.post(
        "/walkworthy/inbox/dismiss", form: "id=walkworthy.test&back=%2Fwalkworthy%2Fhistory")
      #expect(dismissed.location == "/walkworthy/history")
      #expect(!(try await visitor.get("/walkworthy/history").body.contains("inbox-item")))
      let elsewhere = try await visitor.post("/walkworthy/inbox/dismiss", form: "id=x&back=https%3A%2F%2Fevil.example")
      #expect(elsewhere.location == "/walkworthy/")
    }
  }

  @Test("Refresh runs the background task with the mock: scheduled once, then already delivered")
  func refresh() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      #expect(try await visitor.post("/walkworthy/refresh", form: "zone=UTC").location == "/walkworthy/?refreshed=1")
      let first = try await visitor.get("/walkworthy/?refreshed=1").body
      #expect(first.contains("refresh-outcome--scheduled") && first.contains("Isaiah 41:13 (BSB)"))
      #expect(first.contains("data-notify-id=\"walkworthy.encouragement.ww-isaiah-41-13\""))
      #expect(first.contains("data-notify-delay=\"0\""))
      _ = try await visitor.post("/walkworthy/refresh", form: "zone=UTC")
      #expect(try await visitor.get("/walkworthy/?refreshed=1").body.contains("refresh-outcome--alreadyDelivered"))
      // Once the result is gone, the notification waits in the inbox.
      let later = try await visitor.get("/walkworthy/").body
      #expect(!later.contains("refresh-outcome") && later.contains("<p class=\"notice-title\">Isaiah 41:13 (BSB)</p>"))
      #expect(first.components(separatedBy: "<p class=\"notice-title\">Isaiah 41:13 (BSB)</p>").count == 2)
    }
  }

  @Test("a refresh's result opens Home, above the card, in the translation the device chose")
  func refreshInChosenTranslation() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/walkworthy/translation", form: "translation=kjv")
      _ = try await visitor.post("/walkworthy/next")
      _ = try await visitor.post("/walkworthy/refresh", form: "zone=UTC")
      let page = try await visitor.get("/walkworthy/?refreshed=1").body
      let kjv = card("ww-isaiah-41-13", .kjv)
      #expect(page.contains("Isaiah 41:13 (KJV)") && !page.contains("(BSB)"))
      #expect(page.contains("data-notify-title=\"Isaiah 41:13 (KJV)\""))
      // The outcome comes straight after the heading, before the card, which shows what arrived.
      let outcome = try #require(page.range(of: "refresh-outcome--scheduled"))
      let verse = try #require(page.range(of: "class=\"glass card verse-card\""))
      #expect(outcome.lowerBound < verse.lowerBound)
      #expect(page.contains(">Isaiah 41:13</h2>") && page.contains(HTML.escape(kjv.text)))
      #expect(page.contains("1 of 7"))
      let detail = try await visitor.get("/walkworthy/history/1").body
      #expect(detail.contains(">KJV</abbr>") && detail.contains(HTML.escape(kjv.text)))
    }
  }

  @Test("after the mock encouragement's expiry a refresh schedules nothing and says so")
  func refreshExpired() async throws {
    try await withWalkWorthyWeb(clock: ManualClock(mockDay.addingTimeInterval(86_400))) { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/walkworthy/refresh", form: "zone=UTC")
      let page = try await visitor.get("/walkworthy/?refreshed=1").body
      #expect(page.contains("refresh-outcome--expired") && !page.contains("data-notify"))
    }
  }

  @Test("quiet hours hold a refreshed encouragement until they end")
  func refreshInQuietHours() async throws {
    try await withWalkWorthyWeb(clock: ManualClock(mockDay.addingTimeInterval(-6 * 3_600))) { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/walkworthy/refresh", form: "zone=UTC")
      let page = try await visitor.get("/walkworthy/?refreshed=1").body
      #expect(page.contains("refresh-outcome--scheduled") && page.contains("data-notify-delay=\"3600\""))
    }
  }

  @Test("every screen answers 200 with the tab bar marking where you are")
  func everyScreen() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/walkworthy/popups")
      for (path, tab) in [
        ("/walkworthy/", "Home"), ("/walkworthy/canvas", "Canvas"), ("/walkworthy/history", "History"),
        ("/walkworthy/history/1", "History"), ("/walkworthy/settings", "Settings"), ("/walkworthy/welcome", "Settings"),
      ] {
        let page = try await visitor.get(path)
        #expect(page.status == .ok, "\(path)")
        #expect(page.body.contains("aria-current=\"page\">"), "\(path)")
        #expect(page.body.contains("<span>\(tab)</span></a></li>"), "\(path)")
      }
      #expect(try await visitor.get("/walkworthy/popups?card=1").status == .ok)
      #expect(try await visitor.get("/walkworthy/sw.js").body.contains("showNotification"))
    }
  }

  /// What a reader sees of a page: its text without tags, scripts, attributes, or a folded `<details>`.
  static func visibleText(_ html: String) -> String {
    html.replacing(#/<head>[\s\S]*?</head>/#, with: " ").replacing(#/<details[\s\S]*?</details>/#, with: " ")
      .replacing(#/<[^>]*>/#, with: " ")
  }

  @Test("users see product words: no mock server, task identifier or API mode outside About's technical details")
  func productWords() async throws {
    try await withWalkWorthyWeb { visitor in
      try await onboard(&visitor)
      _ = try await visitor.post("/walkworthy/refresh", form: "zone=UTC")
      _ = try await visitor.post("/walkworthy/canvas/link")
      _ = try await visitor.post("/walkworthy/popups")
      let developerWords = ["mock server", "com.walkworthy.refresh", "API mode", "API_MODE", "development build"]
      for path in [
        "/walkworthy/", "/walkworthy/?refreshed=1", "/walkworthy/canvas", "/walkworthy/popups?card=1",
        "/walkworthy/history", "/walkworthy/history/1", "/walkworthy/settings", "/walkworthy/welcome",
      ] {
        let shown = Self.visibleText(try await visitor.get(path).body)
        for word in developerWords { #expect(!shown.contains(word), "\(path) shows \(word)") }
      }
      let settings = try await visitor.get("/walkworthy/settings").body
      let technical = try #require(settings.firstMatch(of: #/<details class="technical">([\s\S]*?)</details>/#)?.1)
      #expect(technical.contains("<summary>Technical details</summary>"))
      #expect(technical.contains("com.walkworthy.refresh") && technical.contains("<dt>API mode</dt><dd>mock</dd>"))
    }
  }

  @Test("the helplines are one quiet tap from home and settings, and open before onboarding")
  func support() async throws {
    try await withWalkWorthyWeb { visitor in
      let first = try await visitor.get("/walkworthy/support")
      #expect(first.status == .ok && first.body.contains("tel:988") && first.body.contains("findahelpline.com"))
      try await onboard(&visitor)
      let link = "<a href=\"/walkworthy/support\">Need to talk to someone now?</a>"
      #expect(try await visitor.get("/walkworthy/").body.contains(link))
      #expect(try await visitor.get("/walkworthy/settings").body.contains(link))
    }
  }
}
