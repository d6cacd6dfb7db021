import OrchardKit
import Testing
import WalkWorthyCore

@Suite("The home verse card", .timeLimit(.minutes(5)))
struct HomeFeedTests {
  @Test("Next and Previous cycle the local list, wrapping at both ends")
  func cycling() throws {
    var feed = try #require(HomeFeed(entries: syntheticEntries(count: 3)))
    #expect(feed.current.id == "test-0")
    #expect([feed.next().id, feed.next().id, feed.next().id] == ["test-1", "test-2", "test-0"])
    #expect(feed.previous().id == "test-2")
    #expect(feed.previous().id == "test-1")
  }

  @Test("a reopened feed starts on the card it showed; an unknown id starts at the first")
  func reopening() throws {
    #expect(HomeFeed(entries: syntheticEntries(count: 3), currentID: "test-2")?.current.id == "test-2")
    #expect(HomeFeed(entries: syntheticEntries(count: 3), currentID: "gone")?.current.id == "test-0")
    #expect(HomeFeed(entries: []) == nil)
  }

  @Test("changing translation changes the text and the label together, and Next keeps the translation")
  func translationSwitch() throws {
    var feed = try #require(HomeFeed(entries: EncouragementLibrary.bundled.entries))
    let before = feed.current
    let after = feed.select(.kjv)
    #expect(after.id == before.id)
    #expect((before.label, after.label) == ("BSB", "KJV"))
    #expect(after.text != before.text)
    #expect(after.text.hasPrefix("And David said to Solomon his son"))
    #expect(feed.next().label == "KJV")
  }

  @Test("after any sequence of Next, Previous and translation changes, the label matches the text")
  func labelAlwaysMatches() throws {
    var generator = SeededRandomNumberGenerator(seed: 42)
    var feed = try #require(HomeFeed(entries: syntheticEntries(count: 5)))
    for _ in 0..<500 {
      let card: VerseCard
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: card = feed.next()
      case 1: card = feed.previous()
      default: card = feed.select(Translation.allCases.randomElement(using: &generator)!)
      }
      #expect(card == feed.current)
      #expect(card.text == "\(card.label) \(feed.position)")
      #expect(card.label == feed.translation.abbreviation)
    }
  }
}

@Suite("What fills Home", .timeLimit(.minutes(5)))
struct TodayEntriesTests {
  let library = EncouragementLibrary.bundled

  @Test("Home leads with the sent card, then today's exam and deadline entries, at most listSize")
  func moments() throws {
    let lead = try #require(library.entries.first { !$0.moments.contains(.exam) })
    let exam = TodayCanvas(assignmentsToday: [], examsToday: [Exam(title: "Midterm", when: "2026-11-17T19:00:00Z")])
    let withExam = HomeFeed.todayEntries(from: library, leadingID: lead.id, canvas: exam)
    #expect(withExam.first?.id == lead.id)
    #expect(withExam.count == HomeFeed.listSize)
    #expect(withExam.dropFirst().allSatisfy { $0.moments.contains(.exam) })
    let both = TodayCanvas(
      assignmentsToday: [Assignment(title: "Essay", due_at: "2026-11-17T23:00:00Z", points: nil)],
      examsToday: exam.examsToday)
    #expect(
      HomeFeed.todayEntries(from: library, leadingID: nil, canvas: both).allSatisfy {
        $0.moments.contains(.exam) || $0.moments.contains(.deadline)
      })
  }

  @Test("with no canvas, or nothing due today, Home holds everyday and heavy-day entries")
  func ordinaryDay() {
    for canvas in [nil, TodayCanvas(assignmentsToday: [], examsToday: [])] {
      let entries = HomeFeed.todayEntries(from: library, leadingID: nil, canvas: canvas)
      #expect(!entries.isEmpty && entries.count <= HomeFeed.listSize)
      #expect(entries.allSatisfy { $0.moments.contains(.everyday) || $0.moments.contains(.heavyDay) })
    }
  }
}
