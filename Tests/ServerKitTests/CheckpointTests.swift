import Foundation
import Logging
import OrchardDatabase
import SQLKit
import Testing

@testable import ServerKit

@Suite("SQLite's write-ahead log shrinks back after a burst", .timeLimit(.minutes(5)))
struct CheckpointTests {
  @Test("a 24 MB transaction grows the log; a checkpoint empties it and keeps every row")
  func checkpoint() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orchard-wal-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("orchard.sqlite").path
    let database = try await Database.open(.sqliteFile(path: path), logger: Logger(label: "test"))
    try await database.sql.create(table: "burst").column("body", type: .text).run()
    let row = String(repeating: "x", count: 4096)
    try await database.sql.withSession { session in
      try await session.raw("BEGIN").run()
      for _ in 0..<6_000 { try await session.insert(into: "burst").columns("body").values(SQLBind(row)).run() }
      try await session.raw("COMMIT").run()
    }
    let wal = path + "-wal"
    func size() throws -> Int { (try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0 }
    #expect(try size() > 20_000_000)
    try await database.checkpoint()
    #expect(try size() == 0)
    struct Count: Decodable { let n: Int }
    let count = try await database.sql.raw("SELECT count(*) AS n FROM burst").first(decoding: Count.self)
    #expect(count?.n == 6_000)
    try await database.close()
  }
}
