import Foundation
import Logging
import OrchardKit
import ServiceLifecycle
import Synchronization

/// One kind of job and how it runs: how many at once in this process, how long a run may take,
/// and how long to wait between tries. (How many tries a job gets is stored with the job when it
/// is enqueued, so it holds across restarts and for the worker that finds a crashed run.)
public struct JobKind: Sendable {
  public let name: String
  /// Runs of this kind at once, in each process.
  public var concurrency: Int
  /// A run taking longer is cancelled and counts as a failure.
  public var timeout: Duration
  /// The wait before the second run; each later one waits twice as long, up to `longestWait`.
  public var firstRetry: TimeInterval
  public var longestWait: TimeInterval
  /// Seconds a claim outlasts the run's timeout, for recording the outcome: a job whose worker
  /// died is taken up again this long after its run would have timed out.
  public var leaseMargin: TimeInterval
  /// Whether a finished job's row is removed rather than kept as `done`: for work whose payload
  /// names what must not outlive it (an account being deleted).
  public var forgetsWhenDone: Bool
  /// The work. It must be safe to repeat: a run cut off by a crash is run again after its lease.
  public let run: @Sendable (ClaimedJob) async throws -> Void

  public init(
    _ name: String, concurrency: Int = 1, timeout: Duration = .seconds(60), firstRetry: TimeInterval = 5,
    longestWait: TimeInterval = 3_600, leaseMargin: TimeInterval = 30, forgetsWhenDone: Bool = false,
    run: @escaping @Sendable (ClaimedJob) async throws -> Void
  ) {
    precondition(concurrency >= 1, "a kind runs")
    self.name = name
    self.concurrency = concurrency
    self.timeout = timeout
    self.firstRetry = firstRetry
    self.longestWait = longestWait
    self.leaseMargin = leaseMargin
    self.forgetsWhenDone = forgetsWhenDone
    self.run = run
  }

  /// How long a claim holds a job: the run's timeout, and a margin for recording the outcome.
  var lease: TimeInterval {
    Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18 + leaseMargin
  }

  /// The wait after the `attempt`-th run failed, with up to a fifth more at random so that jobs
  /// failing together do not all return together.
  func wait(after attempt: Int, jitter: Double) -> TimeInterval {
    let doubled = firstRetry * pow(2, Double(max(0, attempt - 1)))
    return min(longestWait, doubled) * (1 + 0.2 * jitter)
  }
}

/// Thrown by a run that could not finish now and knows when to try again (a service that answered
/// "busy, come back in a minute"): the job waits that long instead of its kind's backoff.
public struct RetryLater: Error, CustomStringConvertible {
  public let after: TimeInterval
  public let reason: String

  public init(after: TimeInterval, reason: String) {
    self.after = after
    self.reason = reason
  }

  public var description: String { "\(reason); again in \(Int(after.rounded(.up))) s" }
}

/// A job's run took longer than its kind allows.
public struct JobTimedOut: Error, CustomStringConvertible {
  public let after: Duration
  public var description: String { "timed out after \(after)" }
}

/// Runs jobs from the queue inside `orchard serve`, beside the HTTP server: it claims what is due,
/// up to each kind's concurrency, runs it, records the outcome, and looks again as soon as a run
/// ends or the poll interval passes. On shutdown it stops claiming and lets the runs under way
/// finish (each within its timeout).
public final class JobWorker: Service, Sendable {
  public let queue: JobQueue
  public let kinds: [JobKind]
  /// This process's name in the `worker` column.
  public let name: String
  let pollInterval: Duration
  /// Rung when work is queued in this process: the worker looks at once.
  let bell: JobBell?
  let logger: Logger
  private let running: Mutex<[String: Int]>
  private let wakeups: AsyncStream<Void>
  private let wakeup: AsyncStream<Void>.Continuation

  public init(
    queue: JobQueue, kinds: [JobKind], name: String, pollInterval: Duration = .seconds(1), bell: JobBell? = nil,
    logger: Logger
  ) {
    precondition(Set(kinds.map(\.name)).count == kinds.count, "one handler a kind")
    self.queue = queue
    self.kinds = kinds
    self.name = name
    self.pollInterval = pollInterval
    self.bell = bell
    self.logger = logger
    running = Mutex([:])
    (wakeups, wakeup) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  public func run() async throws {
    let (wakeup, pollInterval) = (wakeup, pollInterval)
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: pollInterval)
        wakeup.yield()
      }
    }
    let listener = Task { [bell] in
      guard let bell else { return }
      for await _ in bell.rings() { wakeup.yield() }
    }
    defer {
      ticker.cancel()
      listener.cancel()
    }
    await withDiscardingTaskGroup { group in
      await claimDue(into: &group)
      for await _ in wakeups.cancelOnGracefulShutdown() {
        await claimDue(into: &group)
      }
    }
  }

  /// Claims and runs, until nothing of any kind is due: for tests and `orchard jobs run`. Returns
  /// the runs made.
  @discardableResult
  public func drain() async throws -> Int {
    var runs = 0
    while true {
      var claimed: [(JobKind, ClaimedJob)] = []
      for kind in kinds {
        let jobs = try await queue.claim(kind.name, limit: kind.concurrency, worker: name, lease: kind.lease)
        claimed += jobs.map { (kind, $0) }
      }
      guard !claimed.isEmpty else { return runs }
      await withDiscardingTaskGroup { group in
        for (kind, job) in claimed { group.addTask { await self.execute(job, of: kind) } }
      }
      runs += claimed.count
    }
  }

  private func claimDue(into group: inout DiscardingTaskGroup) async {
    for kind in kinds {
      let free = kind.concurrency - running.withLock { $0[kind.name, default: 0] }
      guard free > 0 else { continue }
      do {
        let jobs = try await queue.claim(kind.name, limit: free, worker: name, lease: kind.lease)
        for job in jobs {
          running.withLock { $0[kind.name, default: 0] += 1 }
          group.addTask {
            await self.execute(job, of: kind)
            self.running.withLock { $0[kind.name, default: 0] -= 1 }
            self.wakeup.yield()
          }
        }
      } catch {
        logger.error("could not claim jobs", metadata: ["kind": "\(kind.name)", "error": "\(error)"])
      }
    }
  }

  /// Runs one claimed job within its kind's timeout and records how it went.
  func execute(_ job: ClaimedJob, of kind: JobKind) async {
    let metadata: Logger.Metadata = ["job": "\(job.id)", "kind": "\(kind.name)", "attempt": "\(job.attempt)"]
    do {
      try await Self.withTimeout(kind.timeout) { try await kind.run(job) }
      if try await !queue.complete(job, forget: kind.forgetsWhenDone) {
        logger.warning("a job finished after its lease passed to another worker", metadata: metadata)
      }
    } catch {
      var generator = queue.random.generator
      let jitter = Double(generator.next() % 1_000) / 1_000
      let wait = (error as? RetryLater)?.after ?? kind.wait(after: job.attempt, jitter: jitter)
      logger.warning("a job failed", metadata: metadata.merging(["error": "\(error)"]) { $1 })
      do {
        try await queue.fail(job, error: String(describing: error), retryAfter: wait)
      } catch {
        logger.error("could not record a failed job", metadata: metadata.merging(["error": "\(error)"]) { $1 })
      }
    }
  }

  static func withTimeout(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try await Task.sleep(for: limit)
        throw JobTimedOut(after: limit)
      }
      defer { group.cancelAll() }
      try await group.next()
    }
  }
}
