import SQLKit

extension SQLDatabase {
  /// Runs `body` in one transaction on one connection: everything it writes is kept together, or,
  /// when it throws, none of it. On SQLite the transaction takes the write lock as it begins
  /// (`BEGIN IMMEDIATE`, waiting out the busy timeout): a transaction that reads and then writes
  /// would otherwise fail outright (`SQLITE_BUSY_SNAPSHOT`) whenever another connection wrote
  /// between its read and its write.
  public func inTransaction<R: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> R
  )
    async throws -> R
  {
    let begin: SQLQueryString = dialect.name == "sqlite" ? "BEGIN IMMEDIATE" : "BEGIN"
    return try await withSession { session in
      try await session.raw(begin).run()
      do {
        let result = try await body(session)
        try await session.raw("COMMIT").run()
        return result
      } catch {
        // Ended even when the task is cancelled (a cancelled statement is skipped): otherwise the
        // connection would go back to the pool inside the transaction, holding SQLite's write
        // lock, and every other write would wait out the busy timeout behind it.
        await Task { try? await session.raw("ROLLBACK").run() }.value
        throw error
      }
    }
  }
}

/// How many times a compare-and-set change is tried before the request is told to try again
/// (409 `CONFLICT`): each round one writer wins, so this lets well over 50 requests changing one
/// row at one moment each have their turn.
public enum CompareAndSet {
  public static let maxAttempts = 64
}
