import Foundation
import Testing
import WalkWorthyCore

@Suite("History", .timeLimit(.minutes(5)))
struct HistoryTests {
  let entries = syntheticEntries(count: 60)
  let start = instant("2026-11-17T12:00:00Z")

  @Test("newest first, and only the last 50")
  func capped() {
    var history = History()
    for (n, entry) in entries.enumerated() {
      history.record(VerseCard(entry, in: .bsb), at: start.addingTimeInterval(Double(n)))
    }
    #expect(history.entries.count == History.capacity)
    #expect(history.entries.first?.verseID == "test-59")
    #expect(history.entries.last?.verseID == "test-10")
  }

  @Test("a verse seen again is listed once: its entry moves to the top, refreshed, with the same id")
  func eachVerseOnce() throws {
    var history = History()
    history.record(VerseCard(entries[0], in: .bsb), at: start)
    let id = try #require(history.entries.first?.id)
    history.record(VerseCard(entries[0], in: .kjv), at: start.addingTimeInterval(60))
    #expect(history.entries.count == 1)
    #expect(history.entries[0].id == id)
    #expect((history.entries[0].text, history.entries[0].translation) == ("KJV 0", "KJV"))
    #expect(history.entries[0].seenAt == start.addingTimeInterval(60))
    // Next, then Previous: the first verse again, not a second copy of it.
    history.record(VerseCard(entries[1], in: .bsb), at: start.addingTimeInterval(120))
    history.record(VerseCard(entries[0], in: .bsb), at: start.addingTimeInterval(180))
    #expect(history.entries.map(\.verseID) == ["test-0", "test-1"])
    #expect(history.entries[0].id == id && history.entries[0].seenAt == start.addingTimeInterval(180))
    history.record(VerseCard(entries[2], in: .bsb), at: start.addingTimeInterval(240))
    #expect(Set(history.entries.map(\.id)).count == 3)
  }

  @Test("a refreshed encouragement numbered by the server is the verse already seen on Home, not a second one")
  func refreshedHandOut() async throws {
    let library = EncouragementLibrary.bundled
    let entry = try #require(library.encouragement(id: "ww-isaiah-41-13"))
    var state = OnDeviceState()
    state.history.record(VerseCard(entry, in: .bsb), at: start)
    let card = VerseCard(entry, in: .bsb)
    let handOut = EncouragementPayload(
      id: "ww-isaiah-41-13.7", ref: card.ref, text: card.text, encouragement: card.encouragement,
      translation: card.label, expiresAt: "2026-11-18T06:00:00Z")
    await state.refresh(
      api: ScriptedAPI(NextResponse(shouldNotify: true, payload: handOut)), library: library, mode: .local,
      now: start.addingTimeInterval(60), timeZone: utc, text: english)
    #expect(state.lastRefresh?.kind == .scheduled)
    #expect(state.history.entries.map(\.verseID) == ["ww-isaiah-41-13"])
    #expect(state.history.entries[0].seenAt == start.addingTimeInterval(60))
  }

  @Test("a refresh arrives in the device's translation: notification, history and the home card")
  func refreshInChosenTranslation() async throws {
    var state = OnDeviceState()
    state.translation = .web
    state.currentID = "somewhere-else"
    await state.refresh(
      api: MockAPIClient(), library: .bundled, mode: .local, now: start, timeZone: utc, text: english)
    let web = VerseCard(try #require(EncouragementLibrary.bundled.encouragement(id: "ww-isaiah-41-13")), in: .web)
    #expect(state.lastRefresh?.notification?.title == "Isaiah 41:13 (WEB)")
    #expect(state.history.entries.first?.text == web.text && state.history.entries.first?.translation == "WEB")
    #expect(state.currentID == "ww-isaiah-41-13")
  }

  @Test("a pushed encouragement joins the history in the device's translation, and its entry is what a tap opens")
  func pushedOpensItsEntry() async throws {
    let library = EncouragementLibrary.bundled
    var state = OnDeviceState()
    state.translation = .kjv
    state.history.record(
      VerseCard(try #require(library.encouragement(id: "ww-2-corinthians-12-9")), in: .bsb), at: start)
    let opened = try #require(await state.pushing(api: MockAPIClient(), library: library, at: start))
    let entry = try #require(state.history.entry(id: opened))
    #expect(entry.verseID == "ww-isaiah-41-13" && entry.translation == "KJV")
    #expect(state.currentID == "ww-isaiah-41-13")
    // Sent again after the push service asked to wait: the same entry, not a second one.
    #expect(await state.pushing(api: MockAPIClient(), library: library, at: start.addingTimeInterval(5)) == opened)
    #expect(state.history.entries.count == 2)
    // Nothing handed out, nothing kept.
    var quiet = OnDeviceState()
    #expect(
      await quiet.pushing(
        api: ScriptedAPI(NextResponse(shouldNotify: false, payload: nil)), library: library, at: start) == nil)
    #expect(quiet.history.entries.isEmpty)
  }

  @Test("a detail screen finds its entry, as shown at the time")
  func detail() throws {
    var history = History()
    history.record(VerseCard(entries[4], in: .web), at: start)
    let entry = try #require(history.entry(id: history.entries[0].id))
    #expect(entry.ref == "Psalm 5:1")
    #expect(entry.text == "WEB 4" && entry.translation == "WEB")
    #expect(entry.encouragement == "For you, 4.")
    #expect(history.entry(id: 999) == nil)
  }

  @Test("an API payload is recorded with its own label")
  func payload() {
    var history = History()
    let payload = EncouragementPayload(
      id: "p", ref: "John 1:5", text: "The Light shines", encouragement: "You too.", translation: nil, expiresAt: nil)
    history.record(payload, at: start)
    #expect(history.entries[0].verseID == "p" && history.entries[0].translation == nil)
  }

  @Test("saved and restored, it carries on without reusing an id")
  func restored() throws {
    var history = History()
    history.record(VerseCard(entries[0], in: .bsb), at: start)
    history.record(VerseCard(entries[1], in: .bsb), at: start)
    var restored = try JSONDecoder().decode(History.self, from: JSONEncoder().encode(history))
    #expect(restored == history)
    restored.record(VerseCard(entries[2], in: .bsb), at: start)
    #expect(Set(restored.entries.map(\.id)).count == 3)
  }
}
