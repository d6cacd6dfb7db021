import Foundation
import Logging
import OrchardDatabase
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKitTesting
import Synchronization
import Testing

@Suite("The durable job queue, on SQLite and PostgreSQL", .timeLimit(.minutes(5)))
struct JobQueueTests {
  static let logger = Logger(label: "test")
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// A fresh, migrated database with a queue on a clock the test moves.
  func withQueue(
    _ engine: TestDatabase, _ body: @Sendable (JobQueue, ManualClock, Database) async throws -> Void
  ) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner([JobQueue.migration]).run(on: database.sql, logger: Self.logger)
      let clock = ManualClock(Self.start)
      try await body(JobQueue(database: database.sql, clock: clock, random: .seeded(11)), clock, database)
    }
  }

  @Test("a key enqueued twice is one job", arguments: TestDatabase.available)
  func idempotentByKey(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, _, _ in
      let first = try await queue.enqueue("mail", key: "reset:42", payload: #"{"to":"a"}"#)
      let again = try await queue.enqueue("mail", key: "reset:42", payload: #"{"to":"b"}"#)
      #expect(first == again)
      let other = try await queue.enqueue("deletion", key: "reset:42")
      #expect(other != first)
      let jobs = try await queue.list()
      #expect(jobs.count == 2)
      #expect(try await queue.job(first)?.payload == #"{"to":"a"}"#)
    }
  }

  @Test("a claimed job is held by its worker, and done once completed", arguments: TestDatabase.available)
  func claimAndComplete(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, _, _ in
      let id = try await queue.enqueue("mail", key: "k1", value: ["to": "ada@example.com"])
      let claimed = try await queue.claim("mail", limit: 5, worker: "w1", lease: 60)
      #expect(claimed.map(\.id) == [id])
      #expect(claimed.first?.attempt == 1)
      #expect(try claimed.first?.decode([String: String].self) == ["to": "ada@example.com"])
      #expect(try await queue.claim("mail", limit: 5, worker: "w2", lease: 60).isEmpty)
      #expect(try await queue.complete(claimed[0]))
      let record = try #require(try await queue.job(id))
      #expect(record.state == .done && record.finishedAt == Self.start && record.leaseUntil == nil)
      #expect(try await queue.claim("mail", limit: 5, worker: "w2", lease: 60).isEmpty)
    }
  }

  @Test("a job is not claimed before its time, and only by its own kind", arguments: TestDatabase.available)
  func dueAndKind(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, clock, _ in
      try await queue.enqueue("mail", key: "later", runAt: Self.start.addingTimeInterval(30))
      #expect(try await queue.claim("mail", limit: 5, worker: "w", lease: 60).isEmpty)
      clock.advance(by: 30)
      #expect(try await queue.claim("render", limit: 5, worker: "w", lease: 60).isEmpty)
      #expect(try await queue.claim("mail", limit: 5, worker: "w", lease: 60).count == 1)
    }
  }

  @Test(
    "a failed run is tried again after its wait, and the last allowed failure is dead",
    arguments: TestDatabase.available)
  func retriesThenDead(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, clock, _ in
      let id = try await queue.enqueue("mail", key: "flaky", maxAttempts: 2)
      let first = try await queue.claim("mail", limit: 1, worker: "w", lease: 60)[0]
      #expect(try await queue.fail(first, error: "smtp: 451 try later", retryAfter: 10))
      #expect(try await queue.job(id)?.state == .queued)
      #expect(try await queue.claim("mail", limit: 1, worker: "w", lease: 60).isEmpty)
      clock.advance(by: 10)
      let second = try await queue.claim("mail", limit: 1, worker: "w", lease: 60)[0]
      #expect(second.attempt == 2)
      #expect(try await queue.fail(second, error: "smtp: 550 no such user", retryAfter: 10))
      let record = try #require(try await queue.job(id))
      #expect(record.state == .dead && record.attempts == 2 && record.lastError == "smtp: 550 no such user")
      clock.advance(by: 3_600)
      #expect(try await queue.claim("mail", limit: 1, worker: "w", lease: 60).isEmpty)
    }
  }

  @Test(
    "a job whose worker stopped is claimed again once the lease has passed; the old run no longer counts",
    arguments: TestDatabase.available)
  func leaseExpiry(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, clock, _ in
      let id = try await queue.enqueue("render", key: "r1", maxAttempts: 3)
      let lost = try await queue.claim("render", limit: 1, worker: "crashed", lease: 60)[0]
      clock.advance(by: 59)
      #expect(try await queue.claim("render", limit: 1, worker: "survivor", lease: 60).isEmpty)
      clock.advance(by: 2)
      let taken = try await queue.claim("render", limit: 1, worker: "survivor", lease: 60)
      #expect(taken.map(\.attempt) == [2])
      #expect(try await !queue.complete(lost))
      #expect(try await queue.complete(taken[0]))
      #expect(try await queue.job(id)?.worker == "survivor")
    }
  }

  @Test("a job whose worker stopped on its last attempt is dead, not run again", arguments: TestDatabase.available)
  func diedOnLastAttempt(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, clock, _ in
      let id = try await queue.enqueue("render", key: "r1", maxAttempts: 1)
      _ = try await queue.claim("render", limit: 1, worker: "crashed", lease: 60)
      clock.advance(by: 61)
      #expect(try await queue.claim("render", limit: 1, worker: "survivor", lease: 60).isEmpty)
      #expect(try await queue.job(id)?.state == .dead)
    }
  }

  @Test("an operator retries a dead job and cancels a queued one", arguments: TestDatabase.available)
  func operators(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, _, _ in
      let dead = try await queue.enqueue("mail", key: "d", maxAttempts: 1)
      let job = try await queue.claim("mail", limit: 1, worker: "w", lease: 60)[0]
      try await queue.fail(job, error: "boom", retryAfter: 1)
      #expect(try await queue.list(state: .dead).map(\.id) == [dead])
      #expect(try await queue.retry(dead))
      #expect(try await queue.job(dead)?.state == .queued)
      #expect(try await queue.job(dead)?.attempts == 0)
      #expect(try await !queue.retry(dead))
      #expect(try await queue.cancel(dead))
      #expect(try await queue.claim("mail", limit: 1, worker: "w", lease: 60).isEmpty)
      #expect(try await !queue.cancel(dead))
      #expect(try await queue.list(state: .cancelled, kind: "mail").count == 1)
    }
  }

  @Test("a job enqueued in a transaction that rolls back never existed", arguments: TestDatabase.available)
  func transactional(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, _, database in
      try await database.sql.withSession { session in
        try await session.raw("BEGIN").run()
        try await queue.enqueue("mail", key: "rolled-back", on: session)
        try await session.raw("ROLLBACK").run()
      }
      #expect(try await queue.list().isEmpty)
    }
  }

  @Test(
    "four workers claiming at once never share a job; every job is claimed exactly once",
    arguments: TestDatabase.available)
  func concurrentClaims(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, _, _ in
      for index in 0..<120 { try await queue.enqueue("mail", key: "m\(index)") }
      let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
        for worker in 0..<4 {
          group.addTask {
            var mine: [String] = []
            while true {
              let jobs = try await queue.claim("mail", limit: 7, worker: "w\(worker)", lease: 60)
              if jobs.isEmpty { return mine }
              mine += jobs.map(\.id)
              for job in jobs { try await queue.complete(job) }
            }
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      #expect(claimed.count == 120)
      #expect(Set(claimed).count == 120)
    }
  }

  @Test(
    "the worker runs each due job, retries a failure after its wait, and cuts off a run past its timeout",
    arguments: TestDatabase.available)
  func worker(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, clock, _ in
      let runs = Mutex<[String]>([])
      let kinds = [
        JobKind("mail", concurrency: 2) { job in runs.withLock { $0.append(job.key) } },
        JobKind("flaky", firstRetry: 5) { job in
          runs.withLock { $0.append(job.key) }
          if job.attempt < 2 { throw TestFailure() }
        },
        JobKind("slow", timeout: .milliseconds(50)) { _ in try await Task.sleep(for: .seconds(30)) },
      ]
      let worker = JobWorker(queue: queue, kinds: kinds, name: "test", logger: Self.logger)
      for key in ["a", "b", "c"] { try await queue.enqueue("mail", key: key) }
      let flaky = try await queue.enqueue("flaky", key: "f", maxAttempts: 3)
      let slow = try await queue.enqueue("slow", key: "s", maxAttempts: 1)
      #expect(try await worker.drain() == 5)
      #expect(runs.withLock { $0.sorted() } == ["a", "b", "c", "f"])
      #expect(try await queue.job(slow)?.state == .dead)
      #expect(try await queue.job(slow)?.lastError?.contains("timed out") == true)
      let waiting = try #require(try await queue.job(flaky))
      #expect(waiting.state == .queued)
      #expect(
        waiting.runAfter >= Self.start.addingTimeInterval(5) && waiting.runAfter <= Self.start.addingTimeInterval(6))
      clock.advance(by: 6)
      #expect(try await worker.drain() == 1)
      #expect(try await queue.job(flaky)?.state == .done)
      #expect(try await queue.list(state: .done).count == 4)
    }
  }

  @Test(
    "a run that says when to try again waits that long, not its kind's backoff", arguments: TestDatabase.available)
  func retryLater(engine: TestDatabase) async throws {
    try await withQueue(engine) { queue, clock, _ in
      let kinds = [
        JobKind("push", firstRetry: 5) { job in
          if job.attempt == 1 { throw RetryLater(after: 120, reason: "the push service is busy") }
        }
      ]
      let worker = JobWorker(queue: queue, kinds: kinds, name: "test", logger: Self.logger)
      let id = try await queue.enqueue("push", key: "p")
      #expect(try await worker.drain() == 1)
      let waiting = try #require(try await queue.job(id))
      #expect(waiting.state == .queued)
      #expect(waiting.runAfter == Self.start.addingTimeInterval(120))
      #expect(waiting.lastError == "the push service is busy; again in 120 s")
      clock.advance(by: 119)
      #expect(try await worker.drain() == 0)
      clock.advance(by: 1)
      #expect(try await worker.drain() == 1)
      #expect(try await queue.job(id)?.state == .done)
    }
  }

  struct TestFailure: Error {}
}
