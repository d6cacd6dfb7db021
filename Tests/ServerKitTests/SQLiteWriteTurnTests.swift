import Foundation
import Logging
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKitTesting
import Testing

@testable import ServerKit

@Suite("SQLite writes take turns in the process", .timeLimit(.minutes(5)))
struct SQLiteWriteTurnTests {
  /// Each of 48 tasks reads, then writes in a transaction, then writes alone, all at once, on a
  /// four-connection pool over two threads: without turns, the connections waiting for SQLite's
  /// write lock blocked every thread and the holder could not finish ("database is locked").
  @Test("a burst of read-then-write transactions and single writes all succeed")
  func burst() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orchard-turns-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("orchard.sqlite").path
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let database = try await Database.open(.sqliteFile(path: path), logger: Logger(label: "test"))
    do {
      try await burst(on: database.sql)
      try await database.close()
    } catch {
      try? await database.close()
      throw error
    }
  }

  func burst(on sql: any SQLDatabase) async throws {
    try await sql.create(table: "counters").column("id", type: .int, .primaryKey(autoIncrement: false))
      .column("n", type: .int, .notNull).run()
    try await sql.insert(into: "counters").columns("id", "n").values(SQLBind(1), SQLBind(0)).run()
    try await sql.create(table: "marks").column("task", type: .int, .notNull).run()
    struct Row: Decodable { let n: Int }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<48 {
        group.addTask {
          try await sql.inTransaction { session in
            let row = try await session.select().column("n").from("counters").where("id", .equal, SQLBind(1))
              .first(decoding: Row.self)
            try await Task.sleep(for: .milliseconds(2))
            try await session.update("counters").set("n", to: SQLBind((row?.n ?? 0) + 1))
              .where("id", .equal, SQLBind(1)).run()
          }
          try await sql.insert(into: "marks").columns("task").values(SQLBind(task)).run()
        }
      }
      try await group.waitForAll()
    }
    let counter = try await sql.select().column("n").from("counters").first(decoding: Row.self)
    #expect(counter?.n == 48)
    let marks = try await sql.raw("SELECT count(*) AS n FROM marks").first(decoding: Row.self)
    #expect(marks?.n == 48)
  }
}

@Suite("A task cancelled while it waits its turn stops waiting", .timeLimit(.minutes(5)))
struct WaitingCancellationTests {
  /// A writer holds the turn until told; a second writer waits behind it, and is cancelled (a test
  /// past its time limit, a request gone): it must leave with `CancellationError` at once, and
  /// the turn must still pass on afterwards.
  @Test("a write waiting for SQLite's turn leaves when cancelled, and the next write still runs")
  func cancelledWrite() async throws {
    let database = try await Database.open(.sqliteMemory, logger: Logger(label: "test"))
    let sql = database.sql
    try await sql.create(table: "marks").column("n", type: .int, .notNull).run()
    let (held, holding) = AsyncStream.makeStream(of: Void.self)
    let (release, releasing) = AsyncStream.makeStream(of: Void.self)
    let holder = Task {
      try await sql.inTransaction { session in
        try await session.insert(into: "marks").columns("n").values(SQLBind(1)).run()
        holding.yield()
        for await _ in release { break }
      }
    }
    for await _ in held { break }
    let waiter = Task { try await sql.insert(into: "marks").columns("n").values(SQLBind(2)).run() }
    // Should the waiter not leave, the holder lets go after a minute: the test then fails, not hangs.
    let deadline = Task {
      try await Task.sleep(for: .seconds(60))
      releasing.yield()
    }
    defer { deadline.cancel() }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    releasing.yield()
    try await value(of: holder)
    try await sql.insert(into: "marks").columns("n").values(SQLBind(3)).run()
    struct Row: Decodable { let n: Int }
    let rows: [Row] = try await sql.select().column("n").from("marks").orderBy("n").all(decoding: Row.self)
    #expect(rows.map(\.n) == [1, 3])
    try await database.close()
  }

  /// Rounds of transactions and single writes on a file pool, a third of them cancelled at
  /// varied moments: every task ends, no transaction is left open on a connection (a cancelled
  /// rollback once left SQLite's write lock held, so every later write waited out the busy
  /// timeout), and the pool goes on writing.
  @Test("writes cancelled at any moment all end, and leave no transaction open behind them")
  func cancelledAtAnyMoment() async throws {
    try await withTemporarySQLite { location in
      let database = try await Database.open(location, logger: Logger(label: "test"))
      let sql = database.sql
      try await sql.create(table: "marks").column("n", type: .int, .notNull).run()
      for round in 0..<300 {
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<24 {
          tasks.append(
            Task {
              if index.isMultiple(of: 2) {
                try await sql.inTransaction { session in
                  try await session.insert(into: "marks").columns("n").values(SQLBind(index)).run()
                }
              } else {
                try await sql.insert(into: "marks").columns("n").values(SQLBind(index)).run()
              }
            })
        }
        for (index, task) in tasks.enumerated() where (index + round).isMultiple(of: 3) {
          for _ in 0..<(index % 7) { await Task.yield() }
          task.cancel()
        }
        // A write nobody cancelled must succeed; the first that does not ends the test.
        var failed = false
        for (index, task) in tasks.enumerated() {
          let result = await withTaskCancellationHandler {
            await task.result
          } onCancel: {
            task.cancel()
          }
          if !(index + round).isMultiple(of: 3), case .failure(let error) = result {
            Issue.record("round \(round): write \(index), never cancelled, failed: \(error)")
            failed = true
          }
        }
        if failed { break }
      }
      // A transaction left open would hold SQLite's write lock: this one would then fail.
      try await sql.inTransaction { session in
        try await session.insert(into: "marks").columns("n").values(SQLBind(-1)).run()
      }
      struct Row: Decodable { let n: Int }
      let last: [Row] = try await sql.select().column("n").from("marks").where("n", .equal, SQLBind(-1))
        .all(decoding: Row.self)
      #expect(last.count == 1)
      try await database.close()
    }
  }

  @Test("a body waiting for a concurrency limit leaves when cancelled; the running ones go on")
  func cancelledTurn() async throws {
    let limit = ConcurrencyLimit(width: 1)
    let (started, starting) = AsyncStream.makeStream(of: Void.self)
    let (release, releasing) = AsyncStream.makeStream(of: Void.self)
    let running = Task {
      try await limit.run {
        starting.yield()
        for await _ in release { break }
        return 1
      }
    }
    for await _ in started { break }
    let waiting = Task { try await limit.run { 2 } }
    try await waitUntil("the second body to queue") { limit.load.waiting == 1 }
    let deadline = Task {
      try await Task.sleep(for: .seconds(60))
      releasing.yield()
    }
    defer { deadline.cancel() }
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(limit.load.waiting == 0)
    releasing.yield()
    #expect(try await value(of: running) == 1)
    #expect(try await limit.run { 3 } == 3)
    #expect(limit.load.running == 0)
  }
}
