import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sends a batch of events to the server; the live implementation lives outside the core.
public protocol EventUploader: Sendable {
  /// Uploads `events` (at most ``OutboxState/batchSize``) and reports what became of each.
  func upload(_ events: [MIGAEvent]) async throws(UploadError) -> UploadReceipt
}

/// The server's answer for one batch, id by id.
public struct UploadReceipt: Sendable, Hashable, Codable {
  /// One refused event and the server's reason (an ``EventValidationError/code``).
  public struct Rejection: Sendable, Hashable, Codable {
    /// The refused event.
    public let id: IdempotencyID
    /// Why, as an ``EventValidationError/code``.
    public let code: String

    /// Creates a rejection.
    public init(id: IdempotencyID, code: String) {
      self.id = id
      self.code = code
    }

    enum CodingKeys: String, CodingKey {
      case id = "event_id"
      case code
    }
  }

  /// Stored now.
  public let accepted: [IdempotencyID]
  /// Already stored by an earlier attempt: delivered all the same.
  public let duplicates: [IdempotencyID]
  /// Refused for good; the outbox drops and counts them.
  public let rejected: [Rejection]

  /// Creates a receipt.
  public init(accepted: [IdempotencyID] = [], duplicates: [IdempotencyID] = [], rejected: [Rejection] = []) {
    self.accepted = accepted
    self.duplicates = duplicates
    self.rejected = rejected
  }
}

/// Why a whole batch failed: worth retrying later, or not.
public enum UploadError: Error, Sendable, Hashable {
  /// What went wrong in a way that may pass.
  public enum Transient: Sendable, Hashable {
    /// No connection, a timeout, a dropped response.
    case network
    /// HTTP 429.
    case rateLimited
    /// HTTP 5xx (or 408).
    case server(status: Int)
    /// The server answered but acknowledged none of the batch.
    case unacknowledged
  }

  /// Try again after a backoff, or after `retryAfter` seconds if the server said so.
  case retryable(Transient, retryAfter: TimeInterval? = nil)
  /// Trying again cannot help until something changes (signing in again, an app update); the
  /// events stay queued and no backoff is scheduled.
  case fatal(code: String)

  /// Classifies an HTTP status that was not a success.
  public static func http(status: Int, retryAfter: TimeInterval? = nil) -> UploadError {
    switch status {
    case 429: .retryable(.rateLimited, retryAfter: retryAfter)
    case 408, 500...599: .retryable(.server(status: status), retryAfter: retryAfter)
    default: .fatal(code: "HTTP_\(status)")
    }
  }
}

/// What one flush did; ``OutboxState/apply(_:now:using:)`` turns it into the next state.
public struct FlushReport: Sendable, Hashable {
  /// Stored by the server, newly or before.
  public internal(set) var delivered: Set<IdempotencyID> = []
  /// Refused by the server.
  public internal(set) var rejected: [UploadReceipt.Rejection] = []
  /// Batches the server answered.
  public internal(set) var batchesAnswered = 0
  /// The failure that ended the flush, if any.
  public internal(set) var failure: UploadError?
  /// False when the flush did nothing because the backoff had not passed.
  public internal(set) var wasDue = true
}

/// The upload queue as a value: what is pending and when to try next. Persist it as JSON.
///
/// Delivery is at least once (a batch whose answer was lost is sent again) and the server dedupes
/// on `event_id`, which makes it effectively once (research §E).
public struct OutboxState: Codable, Sendable, Hashable {
  /// The most events in one upload.
  public static let batchSize = 500
  /// The most events queued; beyond it the oldest are dropped and counted.
  public static let capacity = 10_000
  /// The first backoff ceiling, in seconds.
  public static let baseDelay: TimeInterval = 2
  /// The largest backoff, in seconds.
  public static let maxDelay: TimeInterval = 600

  /// Events not yet delivered, oldest first.
  public private(set) var pending: [MIGAEvent] = []
  /// No upload before this instant; `nil` means now.
  public private(set) var nextAttemptAt: Date?
  /// Retryable failures since the last answered batch.
  public private(set) var consecutiveFailures = 0
  /// Events dropped because the queue was full.
  public private(set) var droppedCount = 0
  /// Events the server refused and the outbox dropped.
  public private(set) var rejectedCount = 0

  /// An empty outbox.
  public init() {}

  /// Queues events not already pending, dropping the oldest beyond ``capacity``.
  public mutating func enqueue(_ events: some Sequence<MIGAEvent>) {
    var queued = Set(pending.map(\.id))
    for event in events where queued.insert(event.id).inserted {
      pending.append(event)
    }
    let overflow = pending.count - Self.capacity
    if overflow > 0 {
      pending.removeFirst(overflow)
      droppedCount += overflow
    }
  }

  /// Whether a flush at `now` would try to upload.
  public func isDue(at now: Date) -> Bool {
    nextAttemptAt.map { now >= $0 } ?? true
  }

  /// Uploads batches in order while they succeed; stops at the first failure. Does not change
  /// the state, so an actor can flush a copy and apply the report to its live state, which may
  /// have gained events meanwhile.
  public func deliver(now: Date, uploader: some EventUploader) async -> FlushReport {
    var report = FlushReport()
    guard isDue(at: now) else {
      report.wasDue = false
      return report
    }
    for start in stride(from: 0, to: pending.count, by: Self.batchSize) {
      let batch = Array(pending[start..<min(start + Self.batchSize, pending.count)])
      do throws(UploadError) {
        let receipt = try await uploader.upload(batch)
        let sent = Set(batch.map(\.id))
        let delivered = (receipt.accepted + receipt.duplicates).filter(sent.contains)
        let rejected = receipt.rejected.filter { sent.contains($0.id) }
        guard !delivered.isEmpty || !rejected.isEmpty else { throw .retryable(.unacknowledged) }
        report.delivered.formUnion(delivered)
        report.rejected += rejected
        report.batchesAnswered += 1
      } catch {
        report.failure = error
        break
      }
    }
    return report
  }

  /// Removes what was delivered or rejected and schedules the next attempt: after a retryable
  /// failure, a full-jitter backoff (a uniform delay up to ``backoffCeiling(failures:)``), never
  /// shorter than the server's `retryAfter` up to ``maxDelay``.
  public mutating func apply<G: RandomNumberGenerator>(_ report: FlushReport, now: Date, using generator: inout G) {
    guard report.wasDue else { return }
    let rejected = Set(report.rejected.map(\.id))
    pending.removeAll { report.delivered.contains($0.id) }
    let beforeRejects = pending.count
    pending.removeAll { rejected.contains($0.id) }
    rejectedCount += beforeRejects - pending.count
    if report.batchesAnswered > 0 {
      consecutiveFailures = 0
      nextAttemptAt = nil
    }
    guard case .retryable(_, let retryAfter) = report.failure else { return }
    consecutiveFailures += 1
    let ceiling = Self.backoffCeiling(failures: consecutiveFailures)
    let jitter = Double(generator.next() >> 11) * 0x1p-53 * ceiling
    let delay = max(jitter, min(retryAfter ?? 0, Self.maxDelay))
    nextAttemptAt = now.addingTimeInterval(delay)
  }

  /// Delivers and applies in one step, for an owner that can hold the state across the upload.
  @discardableResult
  public mutating func flush<G: RandomNumberGenerator>(
    now: Date, uploader: some EventUploader, rng generator: inout G
  ) async -> FlushReport {
    let report = await deliver(now: now, uploader: uploader)
    apply(report, now: now, using: &generator)
    return report
  }

  /// The longest backoff after `failures` consecutive failures: 2 s, 4 s, 8 s, … capped at 10 min.
  public static func backoffCeiling(failures: Int) -> TimeInterval {
    guard failures > 0 else { return 0 }
    return min(maxDelay, baseDelay * Double(1 << min(failures - 1, 20)))
  }
}
