import OrchardKit
import PropertyBased
import Testing

@Suite("Streak properties", .timeLimit(.minutes(5)))
struct StreakPropertyTests {
  private static let base = day("2026-01-01")

  /// Kept days as offsets from `base`, a today offset, and an optional policy.
  private static let keptOffsets = Gen.int(in: 0...45).array(of: 0...40)
  private static let todayOffset = Gen.int(in: 0...50)
  private static let policy = zip(Gen.int(in: 1...5), Gen.int(in: 0...3)).map {
    FreezePolicy(earnEvery: $0, cap: $1)
  }.optional

  private func streak(_ offsets: [Int], today: Int, _ policy: FreezePolicy?) -> Streak {
    Streak(
      kept: offsets.map { Self.base.adding(days: $0) }, today: Self.base.adding(days: today), freezes: policy)
  }

  @Test("the current streak never exceeds the longest, and has a start exactly when it is alive")
  func currentAtMostLongest() async {
    await propertyCheck(input: Self.keptOffsets, Self.todayOffset, Self.policy) { offsets, today, policy in
      let s = streak(offsets, today: today, policy)
      #expect(s.current <= s.longest)
      #expect((s.current > 0) == (s.currentStart != nil))
    }
  }

  @Test("freezes held never exceed the cap")
  func freezesWithinCap() async {
    await propertyCheck(input: Self.keptOffsets, Self.todayOffset, Self.policy) { offsets, today, policy in
      #expect(streak(offsets, today: today, policy).freezesHeld <= policy?.cap ?? 0)
    }
  }

  @Test("keeping one more day never lowers the longest or current streak, nor the freezes held")
  func keepingMoreNeverHurts() async {
    await propertyCheck(input: Self.keptOffsets, Self.todayOffset, Self.policy, Gen.int(in: 0...50)) {
      offsets, today, policy, extra in
      let before = streak(offsets, today: today, policy)
      let after = streak(offsets + [extra], today: today, policy)
      #expect(after.longest >= before.longest)
      #expect(after.current >= before.current)
      #expect(after.freezesHeld >= before.freezesHeld)
    }
  }

  @Test("without freezes the streak is the run of consecutive kept days up to today or yesterday")
  func matchesCountingBackwards() async {
    await propertyCheck(input: Self.keptOffsets, Self.todayOffset) { offsets, today in
      let kept = Set(offsets.filter { $0 <= today })
      var end = kept.contains(today) ? today : today - 1
      var current = 0
      while kept.contains(end) {
        current += 1
        end -= 1
      }
      let longest =
        kept.map { start in
          kept.contains(start - 1) ? 0 : (start...).prefix { kept.contains($0) }.count
        }.max() ?? 0
      let s = streak(offsets, today: today, nil)
      #expect((s.current, s.longest) == (current, longest))
    }
  }
}
