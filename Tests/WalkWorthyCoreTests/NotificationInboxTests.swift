import Foundation
import Testing
import WalkWorthyCore

@Suite("Notification inbox", .timeLimit(.minutes(5)))
struct NotificationInboxTests {
  let start = instant("2026-11-17T12:00:00Z")

  func note(_ id: String, at seconds: TimeInterval = 0) -> NotificationRequest {
    NotificationRequest(id: id, kind: .test, fireAt: start.addingTimeInterval(seconds), title: id, body: "Body")
  }

  @Test("a notification shows once it arrives and stays until it is dismissed")
  func keptUntilDismissed() {
    var inbox = NotificationInbox()
    inbox.keep(note("walkworthy.test", at: 10))
    #expect(inbox.arrived(by: start).isEmpty)
    #expect(inbox.arrived(by: start.addingTimeInterval(10)).map(\.id) == ["walkworthy.test"])
    #expect(inbox.arrived(by: start.addingTimeInterval(86_400)).count == 1)
    let dismissed = inbox.dismiss(id: "walkworthy.test")
    #expect(dismissed && inbox.arrived(by: start.addingTimeInterval(86_400)).isEmpty)
    let again = inbox.dismiss(id: "walkworthy.test")
    #expect(!again)
  }

  @Test("the same notification sent again replaces the first; newest first, at most the capacity")
  func replacesAndCaps() {
    var inbox = NotificationInbox()
    inbox.keep(note("walkworthy.test"))
    inbox.keep(note("a"))
    inbox.keep(note("walkworthy.test", at: 5))
    #expect(inbox.items.map(\.id) == ["walkworthy.test", "a"])
    #expect(inbox.items[0].fireAt == start.addingTimeInterval(5))
    for n in 0..<20 { inbox.keep(note("n\(n)")) }
    #expect(inbox.items.count == NotificationInbox.capacity && inbox.items[0].id == "n19")
  }

  @Test("a refresh that schedules an encouragement puts it in the inbox; the device keeps it")
  func refreshKeepsIt() async throws {
    var state = OnDeviceState()
    await state.refresh(
      api: MockAPIClient(), library: .bundled, mode: .local, now: start, timeZone: utc, text: english)
    #expect(state.inbox.arrived(by: start).map(\.title) == ["Isaiah 41:13 (BSB)"])
    let restored = try JSONDecoder().decode(OnDeviceState.self, from: JSONEncoder().encode(state))
    #expect(restored.inbox == state.inbox)
  }
}
