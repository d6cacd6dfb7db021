import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit

/// Where a job is in its life.
public enum JobState: String, Sendable, Codable, CaseIterable {
  /// Waiting for its time (`runAfter`) and a free worker.
  case queued
  /// Claimed by a worker, which holds it until its lease ends.
  case running
  /// Finished.
  case done
  /// Failed as many times as its kind allows; kept for an operator to read, retry or cancel.
  case dead
  /// Called off by an operator before it finished.
  case cancelled
}

/// One durable job as stored: what to do (`kind`, `payload`), the key that makes it idempotent,
/// and how its runs went.
public struct JobRecord: Sendable, Equatable, Codable {
  public let id: String
  public let kind: String
  /// Unique within the kind: enqueueing the same key again finds the job already there.
  public let key: String
  /// The kind's own JSON.
  public let payload: String
  public let state: JobState
  /// Runs started so far (the one under way included).
  public let attempts: Int
  public let maxAttempts: Int
  public let runAfter: Date
  public let leaseUntil: Date?
  public let worker: String?
  public let lastError: String?
  public let createdAt: Date
  public let finishedAt: Date?
}

/// The durable job queue, in the server's database (SQLite or PostgreSQL, the same code).
///
/// A job is claimed by one worker at a time under a lease: a worker that dies mid-job (a crash, a
/// `kill -9`) simply stops renewing nothing, and once the lease has passed the job is claimed again.
/// On PostgreSQL, claims take rows `FOR UPDATE SKIP LOCKED`, so any number of server processes
/// share the queue and never run one job twice at once; SQLite has one writer, which does the same.
/// A run counts only if its worker still holds the job when it finishes.
public struct JobQueue: Sendable {
  public let database: any SQLDatabase
  let clock: any WallClock
  let random: RandomSource

  public init(database: any SQLDatabase, clock: any WallClock, random: RandomSource) {
    self.database = database
    self.clock = clock
    self.random = random
  }

  public static let migration = Migration("jobs-0001-jobs") { database in
    try await database.create(table: "jobs")
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("kind", type: .text, .notNull)
      .column("job_key", type: .text, .notNull)
      .column("payload", type: .text, .notNull)
      .column("state", type: .text, .notNull)
      .column("attempts", type: .bigint, .notNull)
      .column("max_attempts", type: .bigint, .notNull)
      .column("run_after", type: .epochSeconds, .notNull)
      .column("lease_until", type: .epochSeconds)
      .column("worker", type: .text)
      .column("last_error", type: .text)
      .column("created_at", type: .epochSeconds, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .column("finished_at", type: .epochSeconds)
      .unique("kind", "job_key")
      .run()
    try await database.create(index: "jobs_due").on("jobs").column("state").column("kind").column("run_after").run()
  }

  // MARK: Producers

  /// Adds a job unless one of this kind with this key exists, on `connection` (pass a transaction's
  /// session to enqueue together with the change that calls for the job). Returns the job's id,
  /// new or existing.
  @discardableResult
  public func enqueue(
    _ kind: String, key: String, payload: String = "{}", runAt: Date? = nil, maxAttempts: Int = 8,
    on connection: (any SQLDatabase)? = nil
  ) async throws -> String {
    let now = clock.now
    let id = random.id().description
    let connection = connection ?? database
    let inserted: [IDRow] = try await connection.insert(into: "jobs")
      .columns(
        "id", "kind", "job_key", "payload", "state", "attempts", "max_attempts", "run_after", "created_at", "updated_at"
      )
      .values(
        SQLBind(id), SQLBind(kind), SQLBind(key), SQLBind(payload), SQLBind(JobState.queued.rawValue),
        SQLBind(Int64(0)), SQLBind(Int64(maxAttempts)), SQLBind((runAt ?? now).timeIntervalSince1970),
        SQLBind(now.timeIntervalSince1970), SQLBind(now.timeIntervalSince1970)
      )
      .ignoringConflicts(with: ["kind", "job_key"]).returning("id").all(decoding: IDRow.self)
    if let row = inserted.first { return row.id }
    let existing: IDRow? = try await connection.select().column("id").from("jobs")
      .where("kind", .equal, SQLBind(kind)).where("job_key", .equal, SQLBind(key)).first(decoding: IDRow.self)
    guard let existing else { throw JobQueueError.vanished(kind: kind, key: key) }
    return existing.id
  }

  /// Adds a job whose payload is `value` as JSON.
  @discardableResult
  public func enqueue<Payload: Encodable>(
    _ kind: String, key: String, value: Payload, runAt: Date? = nil, maxAttempts: Int = 8,
    on connection: (any SQLDatabase)? = nil
  ) async throws -> String {
    let payload = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    return try await enqueue(kind, key: key, payload: payload, runAt: runAt, maxAttempts: maxAttempts, on: connection)
  }

  // MARK: Workers

  /// Claims up to `limit` jobs of `kind` that are due (or whose worker's lease has passed) for
  /// `worker`, holding each for `lease` seconds. Jobs that died with their worker as often as they
  /// may run are moved to `dead` instead.
  public func claim(_ kind: String, limit: Int, worker: String, lease: TimeInterval) async throws -> [ClaimedJob] {
    guard limit > 0 else { return [] }
    let now = clock.now.timeIntervalSince1970
    try await database.raw(
      """
      UPDATE jobs SET state = \(bind: JobState.dead.rawValue), lease_until = NULL, finished_at = \(bind: now),
        updated_at = \(bind: now), last_error = \(bind: "its worker stopped before it finished, on every attempt")
      WHERE kind = \(bind: kind) AND state = \(bind: JobState.running.rawValue) AND lease_until < \(bind: now)
        AND attempts >= max_attempts
      """
    ).run()
    let lock = database.dialect.name == "postgresql" ? " FOR UPDATE SKIP LOCKED" : ""
    let rows: [ClaimRow] = try await database.raw(
      """
      UPDATE jobs SET state = \(bind: JobState.running.rawValue), attempts = attempts + 1,
        lease_until = \(bind: now + lease), worker = \(bind: worker), updated_at = \(bind: now)
      WHERE id IN (
        SELECT id FROM jobs
        WHERE kind = \(bind: kind) AND (
          (state = \(bind: JobState.queued.rawValue) AND run_after <= \(bind: now))
          OR (state = \(bind: JobState.running.rawValue) AND lease_until < \(bind: now)))
        ORDER BY run_after, created_at LIMIT \(bind: Int64(limit))\(unsafeRaw: lock))
      RETURNING id, job_key, payload, attempts, max_attempts
      """
    ).all(decoding: ClaimRow.self)
    return rows.map {
      ClaimedJob(
        id: $0.id, kind: kind, key: $0.job_key, payload: $0.payload, attempt: Int($0.attempts),
        maxAttempts: Int($0.max_attempts), worker: worker)
    }
  }

  /// Marks the run finished, if `job`'s worker still holds it; false when the lease had passed and
  /// another worker took the job over (its run is the one that counts). With `forget`, the row is
  /// removed instead, payload and all.
  @discardableResult
  public func complete(_ job: ClaimedJob, forget: Bool = false) async throws -> Bool {
    guard forget else { return try await finish(job, as: .done, error: nil) }
    let rows: [IDRow] = try await database.delete(from: "jobs").where("id", .equal, SQLBind(job.id))
      .where("state", .equal, SQLBind(JobState.running.rawValue)).where("worker", .equal, SQLBind(job.worker))
      .where("attempts", .equal, SQLBind(Int64(job.attempt))).returning("id").all(decoding: IDRow.self)
    return !rows.isEmpty
  }

  /// Records a failed run: the job is queued again after `retryAfter` seconds, or, on its last
  /// allowed attempt, becomes `dead`. False when the worker no longer held the job.
  @discardableResult
  public func fail(_ job: ClaimedJob, error: String, retryAfter: TimeInterval) async throws -> Bool {
    let message = String(error.prefix(2_000))
    guard job.attempt < job.maxAttempts else { return try await finish(job, as: .dead, error: message) }
    return try await finish(job, as: .queued, error: message, runAfter: clock.now.addingTimeInterval(retryAfter))
  }

  /// Moves a held job on to `state`, as a compare-and-set on the worker and attempt that hold it.
  private func finish(
    _ job: ClaimedJob, as state: JobState, error: String?, runAfter: Date? = nil
  ) async throws
    -> Bool
  {
    let now = clock.now.timeIntervalSince1970
    var update = database.update("jobs").set("state", to: SQLBind(state.rawValue))
      .set("lease_until", to: SQLLiteral.null).set("updated_at", to: SQLBind(now))
    if state == .done || state == .dead { update = update.set("finished_at", to: SQLBind(now)) }
    if let runAfter { update = update.set("run_after", to: SQLBind(runAfter.timeIntervalSince1970)) }
    if let error { update = update.set("last_error", to: SQLBind(error)) }
    let rows: [IDRow] = try await update.where("id", .equal, SQLBind(job.id))
      .where("state", .equal, SQLBind(JobState.running.rawValue)).where("worker", .equal, SQLBind(job.worker))
      .where("attempts", .equal, SQLBind(Int64(job.attempt))).returning("id").all(decoding: IDRow.self)
    return !rows.isEmpty
  }

  // MARK: Operators

  /// Jobs, newest first, optionally of one state or kind.
  public func list(state: JobState? = nil, kind: String? = nil, limit: Int = 100) async throws -> [JobRecord] {
    var query = database.select().columns(JobRow.columns.map { SQLColumn($0) }).from("jobs")
    if let state { query = query.where("state", .equal, SQLBind(state.rawValue)) }
    if let kind { query = query.where("kind", .equal, SQLBind(kind)) }
    let rows: [JobRow] = try await query.orderBy("created_at", .descending).orderBy("id").limit(limit)
      .all(decoding: JobRow.self)
    return rows.map(\.record)
  }

  /// One job by id.
  public func job(_ id: String) async throws -> JobRecord? {
    let row: JobRow? = try await database.select().columns(JobRow.columns.map { SQLColumn($0) }).from("jobs")
      .where("id", .equal, SQLBind(id)).first(decoding: JobRow.self)
    return row?.record
  }

  /// Queues a dead or cancelled job again, now, with its attempts counted afresh. False when the
  /// job is not dead or cancelled (a queued or running job needs no retry, a done one none).
  @discardableResult
  public func retry(_ id: String) async throws -> Bool {
    let now = clock.now.timeIntervalSince1970
    let rows: [IDRow] = try await database.raw(
      """
      UPDATE jobs SET state = \(bind: JobState.queued.rawValue), attempts = 0, run_after = \(bind: now),
        finished_at = NULL, lease_until = NULL, worker = NULL, updated_at = \(bind: now)
      WHERE id = \(bind: id) AND state IN (\(bind: JobState.dead.rawValue), \(bind: JobState.cancelled.rawValue))
      RETURNING id
      """
    ).all(decoding: IDRow.self)
    return !rows.isEmpty
  }

  /// Calls off a job that has not finished. A run under way may still complete its work, but the
  /// job will not be run again. False when the job had already ended.
  @discardableResult
  public func cancel(_ id: String) async throws -> Bool {
    let now = clock.now.timeIntervalSince1970
    let rows: [IDRow] = try await database.raw(
      """
      UPDATE jobs SET state = \(bind: JobState.cancelled.rawValue), lease_until = NULL, finished_at = \(bind: now),
        updated_at = \(bind: now)
      WHERE id = \(bind: id) AND state IN (\(bind: JobState.queued.rawValue), \(bind: JobState.running.rawValue),
        \(bind: JobState.dead.rawValue))
      RETURNING id
      """
    ).all(decoding: IDRow.self)
    return !rows.isEmpty
  }

  struct IDRow: Decodable { let id: String }

  struct ClaimRow: Decodable {
    let id: String
    let job_key: String
    let payload: String
    let attempts: Int64
    let max_attempts: Int64
  }

  struct JobRow: Decodable {
    static let columns = [
      "id", "kind", "job_key", "payload", "state", "attempts", "max_attempts", "run_after", "lease_until", "worker",
      "last_error", "created_at", "finished_at",
    ]
    let id: String
    let kind: String
    let job_key: String
    let payload: String
    let state: String
    let attempts: Int64
    let max_attempts: Int64
    let run_after: Double
    let lease_until: Double?
    let worker: String?
    let last_error: String?
    let created_at: Double
    let finished_at: Double?

    var record: JobRecord {
      JobRecord(
        id: id, kind: kind, key: job_key, payload: payload, state: JobState(rawValue: state) ?? .dead,
        attempts: Int(attempts), maxAttempts: Int(max_attempts), runAfter: Date(timeIntervalSince1970: run_after),
        leaseUntil: lease_until.map(Date.init(timeIntervalSince1970:)), worker: worker, lastError: last_error,
        createdAt: Date(timeIntervalSince1970: created_at),
        finishedAt: finished_at.map(Date.init(timeIntervalSince1970:)))
    }
  }
}

/// A job a worker holds: run it, then ``JobQueue/complete(_:)`` or ``JobQueue/fail(_:error:retryAfter:)``.
public struct ClaimedJob: Sendable, Equatable {
  public let id: String
  public let kind: String
  public let key: String
  public let payload: String
  /// Which run this is, from 1.
  public let attempt: Int
  public let maxAttempts: Int
  public let worker: String

  /// The payload decoded as JSON.
  public func decode<Payload: Decodable>(_ type: Payload.Type = Payload.self) throws -> Payload {
    try JSONDecoder().decode(Payload.self, from: Data(payload.utf8))
  }
}

public enum JobQueueError: Error, CustomStringConvertible {
  case vanished(kind: String, key: String)
  public var description: String {
    switch self {
    case .vanished(let kind, let key): "job \(kind)/\(key) was neither inserted nor found"
    }
  }
}
