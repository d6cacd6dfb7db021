import Foundation
import IdentityCore
import Testing

@Suite("Lockout and lifetimes", .timeLimit(.minutes(5)))
struct LockoutTests {
  let schedule = LockoutSchedule.standard
  let start = Date(timeIntervalSince1970: 1_790_000_000)

  @Test("five wrong passwords cost nothing; the sixth locks for 30 seconds, and each after doubles it")
  func doubling() {
    #expect((1...5).map(schedule.lock(afterFailures:)) == [0, 0, 0, 0, 0])
    #expect((6...10).map(schedule.lock(afterFailures:)) == [30, 60, 120, 240, 480])
  }

  @Test("the lock never passes an hour, however many failures")
  func ceiling() {
    #expect(schedule.lock(afterFailures: 13) == 3_600)
    #expect(schedule.lock(afterFailures: 1_000) == 3_600)
  }

  @Test("a locked account is refused until its lock ends, with the seconds left")
  func refusal() {
    var record = FailureRecord.clear
    for minute in 0..<6 { record = schedule.failed(record, at: start.addingTimeInterval(Double(minute))) }
    #expect(record.count == 6)
    let locked = start.addingTimeInterval(5)
    #expect(schedule.refusal(record, at: locked) == 30)
    #expect(schedule.refusal(record, at: locked.addingTimeInterval(29.5)) == 1)
    #expect(schedule.refusal(record, at: locked.addingTimeInterval(30)) == nil)
  }

  @Test("a guesser gets fewer than 100 tries an hour (ASVS 6.3.1), counting every lock")
  func hourlyCeiling() {
    var record = FailureRecord.clear
    var now = start
    var tries = 0
    while now < start.addingTimeInterval(3_600) {
      if let wait = schedule.refusal(record, at: now) {
        now = now.addingTimeInterval(Double(wait))
        continue
      }
      record = schedule.failed(record, at: now)
      tries += 1
    }
    #expect(tries < 100)
    #expect(tries == 12)
  }

  @Test("failures a day old are forgotten: the count starts again")
  func memory() {
    var record = FailureRecord.clear
    for second in 0..<5 { record = schedule.failed(record, at: start.addingTimeInterval(Double(second))) }
    record = schedule.failed(record, at: start.addingTimeInterval(86_400 + 10))
    #expect(record.count == 1)
    #expect(record.lockedUntil == nil)
  }

  @Test("a session ends after 30 days unused or 90 days in all, whichever comes first")
  func lifetimes() {
    let lifetimes = Lifetimes.standard
    #expect(lifetimes.accessToken == 900)
    let day = 86_400.0
    #expect(lifetimes.sessionHolds(createdAt: start, lastUsedAt: start, now: start.addingTimeInterval(30 * day - 1)))
    #expect(!lifetimes.sessionHolds(createdAt: start, lastUsedAt: start, now: start.addingTimeInterval(30 * day)))
    let busy = start.addingTimeInterval(89 * day)
    #expect(lifetimes.sessionHolds(createdAt: start, lastUsedAt: busy, now: busy.addingTimeInterval(day - 1)))
    #expect(!lifetimes.sessionHolds(createdAt: start, lastUsedAt: busy, now: busy.addingTimeInterval(day)))
  }
}
