import ArgumentParser
import Foundation
import OrchardDatabase
import OrchardJobs
import OrchardKit
import ServerKit

/// `orchard jobs …`: see the durable job queue and act on it.
struct JobsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "jobs", abstract: "List the job queue, retry a dead job, or cancel one.",
    subcommands: [List.self, Retry.self, Cancel.self])

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List jobs, newest first: id, kind, key, state, attempts, and the last error.")

    @Option(help: "Only jobs in this state: \(JobState.allCases.map(\.rawValue).joined(separator: ", ")).")
    var state: String?

    @Option(help: "Only jobs of this kind.")
    var kind: String?

    @Option(help: "At most this many.")
    var limit = 100

    @OptionGroup var options: ServerOptions

    func validate() throws {
      if let state, JobState(rawValue: state) == nil {
        throw ValidationError("--state must be one of \(JobState.allCases.map(\.rawValue).joined(separator: ", ")).")
      }
      if limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
      let (state, kind, limit) = (state.flatMap(JobState.init(rawValue:)), kind, limit)
      let jobs = try await withMigratedDatabase(options) { database in
        try await queue(database).list(state: state, kind: kind, limit: limit)
      }
      for job in jobs {
        let error = job.lastError.map { "\t" + $0.replacingOccurrences(of: "\n", with: " ") } ?? ""
        print("\(job.id)\t\(job.kind)\t\(job.key)\t\(job.state.rawValue)\t\(job.attempts)/\(job.maxAttempts)\(error)")
      }
      print(jobs.count == 1 ? "1 job" : "\(jobs.count) jobs")
    }
  }

  struct Retry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Queue a dead or cancelled job again, now.")

    @Argument(help: "The job's id.")
    var id: String

    @OptionGroup var options: ServerOptions

    func run() async throws {
      let id = id
      let done = try await withMigratedDatabase(options) { try await queue($0).retry(id) }
      guard done else { throw ValidationError("No dead or cancelled job has the id \(id).") }
      print("Queued \(id) again.")
    }
  }

  struct Cancel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Call off a job that has not finished.")

    @Argument(help: "The job's id.")
    var id: String

    @OptionGroup var options: ServerOptions

    func run() async throws {
      let id = id
      let done = try await withMigratedDatabase(options) { try await queue($0).cancel(id) }
      guard done else { throw ValidationError("No unfinished job has the id \(id).") }
      print("Cancelled \(id).")
    }
  }
}

private func queue(_ database: Database) -> JobQueue {
  JobQueue(database: database.sql, clock: SystemClock(), random: RandomSource(SystemRandomNumberGenerator()))
}
