// orchard-job-probe: real processes for the job queue's crash and sharing tests (scripts/test).
//
//   orchard-job-probe enqueue --database D --count N     N probe jobs (and the tables they need)
//   orchard-job-probe work --database D --name W [--run-seconds S] [--timeout T]
//                                                      runs probe jobs until none is left
//   orchard-job-probe report --database D              JSON: jobs by state, runs and effects
//
// D is a SQLite file path or a postgres:// URL. A probe job records that it started (a row in
// `probe_runs`, kept even if the process dies), works for S seconds, then records its effect once
// (`probe_effects`, keyed by the job): the effect of a job run twice is still one row, as every
// real job's must be.

import ArgumentParser
import Foundation
import Logging
import OrchardDatabase
import OrchardJobs
import OrchardKit
import SQLKit

@main
struct JobProbe: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "orchard-job-probe", subcommands: [Enqueue.self, Work.self, Report.self])
}

struct Target: ParsableArguments {
  @Option(help: "A SQLite file, or a postgres:// URL.") var database: String

  var location: DatabaseLocation {
    database.hasPrefix("postgres") ? .postgres(url: database) : .sqliteFile(path: database)
  }

  func with<R: Sendable>(_ body: @Sendable @escaping (Database) async throws -> R) async throws -> R {
    let database = try await Database.open(location, logger: Logger(label: "probe"))
    do {
      let result = try await database.withRunningServices { database in
        try await MigrationRunner([JobQueue.migration, probeTables]).run(
          on: database.sql, logger: Logger(label: "probe"))
        return try await body(database)
      }
      try await database.close()
      return result
    } catch {
      try? await database.close()
      throw error
    }
  }
}

let probeTables = Migration("probe-0001-tables") { database in
  try await database.create(table: "probe_runs").ifNotExists()
    .column("job_id", type: .text, .notNull).column("worker", type: .text, .notNull).run()
  try await database.create(table: "probe_effects").ifNotExists()
    .column("job_id", type: .text, .primaryKey(autoIncrement: false)).run()
}

struct Enqueue: AsyncParsableCommand {
  @OptionGroup var target: Target
  @Option var count = 1

  func run() async throws {
    let count = count
    try await target.with { database in
      let queue = JobQueue(database: database.sql, clock: SystemClock(), random: probeRandom)
      for index in 0..<count { try await queue.enqueue("probe", key: "probe-\(index)", maxAttempts: 5) }
    }
  }
}

struct Work: AsyncParsableCommand {
  @OptionGroup var target: Target
  @Option var name: String
  @Option(help: "How long each run works.") var runSeconds = 0.0
  @Option(help: "The kind's timeout; a claim outlasts it by one second.") var timeout = 5.0

  func run() async throws {
    let (name, runSeconds, timeout) = (name, runSeconds, timeout)
    try await target.with { database in
      let sql = database.sql
      let queue = JobQueue(database: sql, clock: SystemClock(), random: probeRandom)
      let kind = JobKind(
        "probe", concurrency: 4, timeout: .milliseconds(Int(timeout * 1_000)), firstRetry: 0.1, longestWait: 1,
        leaseMargin: 1
      ) { job in
        try await sql.insert(into: "probe_runs").columns("job_id", "worker")
          .values(SQLBind(job.id), SQLBind(name)).run()
        FileHandle.standardOutput.write(Data("started \(job.id)\n".utf8))
        if runSeconds > 0 { try await Task.sleep(for: .milliseconds(Int(runSeconds * 1_000))) }
        try await sql.insert(into: "probe_effects").columns("job_id").values(SQLBind(job.id))
          .ignoringConflicts(with: ["job_id"]).run()
      }
      let worker = JobWorker(queue: queue, kinds: [kind], name: name, logger: Logger(label: "probe"))
      // Until nothing is left to do: a job whose worker died waits for its lease to pass first.
      while true {
        try await worker.drain()
        let open = try await queue.list(state: .queued).count + queue.list(state: .running).count
        if open == 0 { return }
        try await Task.sleep(for: .milliseconds(100))
      }
    }
  }
}

struct Report: AsyncParsableCommand {
  @OptionGroup var target: Target

  struct Row: Decodable {
    let job_id: String
    let runs: Int64
  }

  func run() async throws {
    let text = try await target.with { database -> String in
      let sql = database.sql
      let jobs = try await JobQueue(database: sql, clock: SystemClock(), random: probeRandom).list(limit: 100_000)
      let runs = try await sql.raw("SELECT job_id, COUNT(*) AS runs FROM probe_runs GROUP BY job_id")
        .all(decoding: Row.self)
      let effects = try await sql.raw("SELECT job_id FROM probe_effects").all().count
      let states = Dictionary(grouping: jobs, by: \.state.rawValue).mapValues(\.count)
      let report: [String: any Sendable] = [
        "jobs": jobs.count, "states": states, "attempts": jobs.map(\.attempts),
        "runs": runs.map(\.runs).reduce(0, +), "most_runs_of_one_job": runs.map(\.runs).max() ?? 0,
        "jobs_run": runs.count, "effects": effects,
        "workers": Array(
          Set(
            try await sql.raw("SELECT worker FROM probe_runs").all().map {
              try $0.decode(column: "worker", as: String.self)
            })
        ).sorted(),
      ]
      let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
      return String(decoding: data, as: UTF8.self)
    }
    print(text)
  }
}

/// Job ids for this probe: several probes enqueue into one database at once, so each draws from
/// the system's generator rather than a seed they would share.
let probeRandom = RandomSource(SystemRandomNumberGenerator())
