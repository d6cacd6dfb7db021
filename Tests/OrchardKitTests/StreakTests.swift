import Foundation
import OrchardKit
import Testing

@Suite("Streak", .timeLimit(.minutes(5)))
struct StreakTests {
  private let today = day("2026-03-10")

  /// Days kept, written as how many days before `today` (0 is today).
  private func streak(_ daysAgo: [Int], freezes: FreezePolicy? = nil) -> Streak {
    Streak(kept: daysAgo.map { today.adding(days: -$0) }, today: today, freezes: freezes)
  }

  @Test("no kept days means no streak")
  func nothingKept() {
    let s = streak([])
    #expect((s.current, s.longest, s.freezesHeld, s.currentStart) == (0, 0, 0, nil))
  }

  @Test("a run through today counts today")
  func runThroughToday() {
    let s = streak([0, 1, 2])
    #expect((s.current, s.longest, s.currentStart) == (3, 3, day("2026-03-08")))
  }

  @Test("today not yet kept does not break a streak that ran through yesterday")
  func todayPending() {
    #expect(streak([1, 2, 3]).current == 3)
  }

  @Test("a streak that last ran the day before yesterday is broken")
  func missedYesterdayBreaks() {
    let s = streak([2, 3, 4])
    #expect((s.current, s.longest, s.currentStart) == (0, 3, nil))
  }

  @Test("the longest streak remembers an earlier, longer run")
  func longestRemembersEarlierRun() {
    let s = streak([0, 1, 5, 6, 7, 8])
    #expect((s.current, s.longest) == (2, 4))
  }

  @Test("duplicate and unsorted kept days count once")
  func duplicatesCountOnce() {
    #expect(streak([2, 0, 1, 0, 2]).current == 3)
  }

  @Test("days after today are ignored")
  func futureIgnored() {
    let s = streak([-2, -1, 0])
    #expect((s.current, s.longest) == (1, 1))
  }

  @Test("a streak runs across a month end like any other days")
  func acrossMonthEnd() {
    let kept = ["2026-02-27", "2026-02-28", "2026-03-01"].map(day)
    #expect(Streak(kept: kept, today: day("2026-03-01")).current == 3)
  }

  @Test("a missed day consumes a freeze instead of breaking the streak, and does not lengthen it")
  func freezeBridgesMissedDay() {
    // Kept 5 and 4 days ago earn a freeze, spent on the miss 3 days ago; 2 and 1 earn it back.
    let s = streak([0, 1, 2, 4, 5], freezes: FreezePolicy(earnEvery: 2, cap: 1))
    #expect((s.current, s.longest, s.freezesHeld, s.currentStart) == (5, 5, 1, day("2026-03-05")))
  }

  @Test("without a freeze the same missed day breaks the streak")
  func noFreezeBreaks() {
    let s = streak([0, 1, 2, 4, 5], freezes: FreezePolicy(earnEvery: 3, cap: 1))
    #expect((s.current, s.longest) == (3, 3))
  }

  @Test("freezes are earned one per N kept days and never beyond the cap")
  func earningIsCapped() {
    #expect(streak([0, 1, 2, 3, 4, 5], freezes: FreezePolicy(earnEvery: 2, cap: 2)).freezesHeld == 2)
    #expect(streak([0, 1, 2, 3, 4], freezes: FreezePolicy(earnEvery: 2, cap: 5)).freezesHeld == 2)
    #expect(streak([0, 1, 2, 3, 4, 5], freezes: FreezePolicy(earnEvery: 1, cap: 0)).freezesHeld == 0)
  }

  @Test("at the cap kept days earn no progress towards the next freeze")
  func noProgressBankedAtCap() {
    // earnEvery 2, cap 1. Kept 9 and 8 days ago: a freeze. Kept 7 days ago at the cap: nothing.
    // Missed 6: the freeze is used. Kept 5: progress 1 of 2, no freeze. Missed 4: broken.
    // (Counting every kept day, or banking progress at the cap, would have earned a freeze on the
    // 5th day ago and stretched that run to 5.)
    let s = streak([9, 8, 7, 5, 3, 0], freezes: FreezePolicy(earnEvery: 2, cap: 1))
    #expect((s.current, s.longest) == (1, 4))
  }

  @Test("progress towards a freeze survives a day bridged by a freeze")
  func progressKeptWhenFreezeUsed() {
    // earnEvery 3, cap 2. Kept 11...5 days ago: two freezes (the 7th day earns nothing at the
    // cap). Missed 4: one used. Kept 3 and 2: progress 2. Missed 1: the other used, progress
    // stays 2. Kept today: the 3rd step earns a freeze.
    let s = streak([11, 10, 9, 8, 7, 6, 5, 3, 2, 0], freezes: FreezePolicy(earnEvery: 3, cap: 2))
    #expect((s.current, s.freezesHeld) == (10, 1))
  }

  @Test("two missed days with one freeze break the streak")
  func oneFreezeCoversOneDay() {
    let s = streak([0, 3, 4], freezes: FreezePolicy(earnEvery: 2, cap: 3))
    #expect((s.current, s.longest) == (1, 2))
  }

  @Test("today not yet kept consumes no freeze")
  func todayPendingKeepsFreeze() {
    let s = streak([1, 2], freezes: FreezePolicy(earnEvery: 2, cap: 1))
    #expect((s.current, s.freezesHeld) == (2, 1))
  }

  @Test("a freeze policy read from JSON is validated like one built in code")
  func freezePolicyDecoding() throws {
    let policy = try JSONDecoder().decode(FreezePolicy.self, from: Data(#"{"earnEvery":7,"cap":2}"#.utf8))
    #expect(policy == FreezePolicy(earnEvery: 7, cap: 2))
    for bad in [#"{"earnEvery":0,"cap":2}"#, #"{"earnEvery":3,"cap":-1}"#] {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(FreezePolicy.self, from: Data(bad.utf8))
      }
    }
  }
}

@Suite("Streak transitions", .timeLimit(.minutes(5)))
struct StreakTransitionTests {
  private func streak(_ kept: [String], today: String) -> Streak {
    Streak(kept: kept.map(day), today: day(today))
  }

  @Test("keeping a first day starts a streak")
  func started() {
    let before = streak([], today: "2026-03-10")
    let after = streak(["2026-03-10"], today: "2026-03-10")
    #expect(before.transitions(to: after) == [.started])
  }

  @Test("keeping today after yesterday extends the streak")
  func extended() {
    let before = streak(["2026-03-08", "2026-03-09"], today: "2026-03-10")
    let after = streak(["2026-03-08", "2026-03-09", "2026-03-10"], today: "2026-03-10")
    #expect(before.transitions(to: after) == [.extended(to: 3)])
  }

  @Test("a day passing unkept breaks the streak")
  func broken() {
    let kept = ["2026-03-08", "2026-03-09"]
    #expect(
      streak(kept, today: "2026-03-10").transitions(to: streak(kept, today: "2026-03-11")) == [
        .broken(after: 2)
      ])
  }

  @Test("a break and a new start between far-apart snapshots are both reported, in order")
  func brokenThenStarted() {
    let before = streak(["2026-03-08", "2026-03-09"], today: "2026-03-10")
    let after = streak(["2026-03-08", "2026-03-09", "2026-03-14"], today: "2026-03-14")
    #expect(before.transitions(to: after) == [.broken(after: 2), .started])
  }

  @Test("nothing to report when nothing changed")
  func unchanged() {
    let kept = ["2026-03-09", "2026-03-10"]
    #expect(streak(kept, today: "2026-03-10").transitions(to: streak(kept, today: "2026-03-10")) == [])
    #expect(streak([], today: "2026-03-10").transitions(to: streak([], today: "2026-03-11")) == [])
  }

  @Test("filling in a day before the streak extends it rather than breaking it")
  func backfillExtends() {
    let before = streak(["2026-03-09", "2026-03-10"], today: "2026-03-10")
    let after = streak(["2026-03-08", "2026-03-09", "2026-03-10"], today: "2026-03-10")
    #expect(before.transitions(to: after) == [.extended(to: 3)])
  }

  @Test("a day bridged by a freeze is no break")
  func freezeIsNoBreak() {
    let kept = ["2026-03-07", "2026-03-08"].map(day)
    let policy = FreezePolicy(earnEvery: 2, cap: 1)
    let before = Streak(kept: kept, today: day("2026-03-09"), freezes: policy)
    let after = Streak(kept: kept, today: day("2026-03-10"), freezes: policy)
    #expect(before.transitions(to: after) == [])
    #expect(after.freezesHeld == 0)
  }
}
