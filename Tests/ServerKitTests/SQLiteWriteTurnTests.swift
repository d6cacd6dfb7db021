import Foundation
import Logging
import SQLKit
import Testing

@testable import ServerKit

@Suite("SQLite writes take turns in the process")
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
