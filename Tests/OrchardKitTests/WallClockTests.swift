import Foundation
import OrchardKit
import Testing

@Suite("Wall clocks", .timeLimit(.minutes(5)))
struct WallClockTests {
  private let start = Date(timeIntervalSince1970: 1_772_953_200)

  @Test("the system clock reads the machine's current time")
  func systemClockIsNow() {
    let before = Date()
    let now = SystemClock().now
    let after = Date()
    #expect(before <= now && now <= after)
  }

  @Test("a fixed clock never moves")
  func fixedClockStands() {
    let clock = FixedClock(start)
    #expect(clock.now == start)
    #expect(clock.now == start)
  }

  @Test("a manual clock reads its start until moved, then moves by exactly the given amount")
  func manualClockAdvancesExactly() {
    let clock = ManualClock(start)
    #expect(clock.now == start)
    clock.advance(by: 7 * 86_400)
    #expect(clock.now == start.addingTimeInterval(604_800))
    clock.advance(by: -1)
    #expect(clock.now == start.addingTimeInterval(604_799))
  }

  @Test("setting a manual clock jumps straight to the date")
  func manualClockSets() {
    let clock = ManualClock(start)
    let later = Date(timeIntervalSince1970: 1_793_512_800)
    clock.set(later)
    #expect(clock.now == later)
  }

  @Test("a manual clock shared across tasks loses no advance")
  func manualClockIsSafeAcrossTasks() async {
    let clock = ManualClock(start)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<200 {
        group.addTask { clock.advance(by: 1) }
      }
    }
    #expect(clock.now == start.addingTimeInterval(200))
  }

  @Test("a rule can take any clock through the protocol")
  func clocksAreInterchangeable() {
    let clocks: [any WallClock] = [FixedClock(start), ManualClock(start)]
    #expect(clocks.allSatisfy { $0.now == start })
  }
}
