import Logging
import NIOCore
import NIOPosix
import OrchardKit
import SQLKit
import SQLiteKit
import Synchronization

/// A small fixed pool of SQLite connections presented as one `SQLDatabase`.
///
/// Each statement leases a connection for its duration, so a transaction run through
/// ``withSession(_:)`` never interleaves with another request's statements. Every connection is set
/// up for a server: WAL journal (readers never wait for the writer), a busy timeout instead of
/// immediate `SQLITE_BUSY`, and foreign keys on.
///
/// SQLite lets one connection write at a time, and a connection waiting for the write lock blocks
/// a thread of the small pool every connection runs on. So writes take turns in this process
/// before they reach SQLite (``writes``): a statement that is not a read, and every session (a
/// transaction), waits here, in order, without holding a thread. Reads go straight to an idle
/// connection. Without the turn, a burst of transactions could block every thread in SQLite's
/// busy wait while the one holding the lock had none left to finish on.
final class SQLitePool: SQLDatabase {
  /// The size the write-ahead log's file is cut back to when the log restarts.
  static let journalSizeLimit = 16 << 20
  let logger: Logger
  private let leases: Leases
  /// SQLite's one writer at a time, taken in this process before a write reaches SQLite.
  private let writes = ConcurrencyLimit(width: 1)

  var eventLoop: any EventLoop { MultiThreadedEventLoopGroup.singleton.any() }
  var dialect: any SQLDialect { SQLiteDialect() }
  var queryLogLevel: Logger.Level? { .debug }

  private init(connections: [SQLiteConnection], logger: Logger) {
    self.leases = Leases(connections)
    self.logger = logger
  }

  static func open(storage: SQLiteConnection.Storage, size: Int, logger: Logger) async throws -> SQLitePool {
    var connections: [SQLiteConnection] = []
    for _ in 0..<size {
      let connection = try await SQLiteConnection.open(storage: storage, logger: logger)
      // After a checkpoint resets the write-ahead log, its file is cut back to 16 MiB at most.
      // Each connection keeps up to 8 MiB of pages (SQLite's default is 2 MiB), so a working
      // set's pages are read from memory instead of from the file at every statement. The commit
      // that takes the log past 250 pages (1 MiB) copies it into the database: SQLite's 1,000
      // made each such commit four times as long, and every write waiting behind it too.
      for pragma in [
        "PRAGMA busy_timeout = 5000", "PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL",
        "PRAGMA journal_size_limit = \(Self.journalSizeLimit)", "PRAGMA cache_size = -8192",
        "PRAGMA wal_autocheckpoint = 250",
      ] {
        _ = try await connection.query(pragma)
      }
      connections.append(connection)
    }
    // The journal mode is stored in the file, so setting it once is enough.
    _ = try await connections[0].query("PRAGMA journal_mode = WAL")
    return SQLitePool(connections: connections, logger: logger)
  }

  /// Copies the write-ahead log into the database and empties its file, so a burst of writes
  /// leaves no large log behind. Waits for readers in progress (up to the busy timeout); a
  /// checkpoint that cannot finish now is simply tried again next time.
  func checkpoint() async throws {
    try await withSession { session in try await session.raw("PRAGMA wal_checkpoint(TRUNCATE)").run() }
  }

  /// Closes every connection, once each is back from its lease; the first failure is reported
  /// after all were tried, so none is left open. Closing goes on when the caller is cancelled (a
  /// server stopping because something failed), so no connection is dropped open.
  func close() async throws {
    var failure: (any Error)?
    for connection in await leases.drain() {
      do {
        // The future-based close: the async one gives up when the task is cancelled.
        try await connection.close().get()
      } catch {
        failure = failure ?? error
      }
    }
    if let failure { throw failure }
  }

  func execute(
    sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
  )
    -> EventLoopFuture<Void>
  {
    eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
  }

  func execute(
    sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
  )
    async throws
  {
    if !WriteTurn.held, !isRead(query) {
      return try await inTurn { try await self.run(query, onRow) }
    }
    try await run(query, onRow)
  }

  private func run(_ query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
    let connection = try await leases.acquire()
    do {
      try await connection.sql().execute(sql: query, onRow)
      leases.release(connection)
    } catch {
      leases.release(connection)
      throw error
    }
  }

  /// A statement that only reads: `SELECT` (and `WITH … SELECT`, `EXPLAIN`, a reading `PRAGMA`).
  private func isRead(_ query: any SQLExpression) -> Bool {
    var serializer = SQLSerializer(database: self)
    query.serialize(to: &serializer)
    let sql = serializer.sql
    // Only the first word is upper-cased on this path; the whole statement only for the rare ones.
    let head = sql.drop { $0.isWhitespace || $0 == "(" }.prefix(7).uppercased()
    if head.hasPrefix("SELECT") || head.hasPrefix("EXPLAIN") { return true }
    if head.hasPrefix("WITH") {
      return sql.range(
        of: #"\b(INSERT|UPDATE|DELETE|REPLACE)\b"#, options: [.regularExpression, .caseInsensitive]) == nil
    }
    if head.hasPrefix("PRAGMA") { return !sql.contains("=") && !sql.uppercased().contains("CHECKPOINT") }
    return false
  }

  func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
    if WriteTurn.held { return try await session(closure) }
    return try await inTurn { try await WriteTurn.$held.withValue(true) { try await self.session(closure) } }
  }

  /// Runs `body` in this process's turn to write.
  private func inTurn<R>(_ body: () async throws -> R) async throws -> R {
    try await writes.acquire()
    do {
      let result = try await body()
      writes.release()
      return result
    } catch {
      writes.release()
      throw error
    }
  }

  private func session<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
    let connection = try await leases.acquire()
    do {
      let result = try await closure(connection.sql())
      leases.release(connection)
      return result
    } catch {
      leases.release(connection)
      throw error
    }
  }

  /// Whether the running task already has the write turn: inside a session, what it runs goes
  /// ahead, as it always could.
  private enum WriteTurn {
    @TaskLocal static var held = false
  }

  /// Hands out idle connections and queues callers when all are busy, first come first served. A
  /// caller cancelled while it waits leaves the queue at once with `CancellationError` (a test
  /// past its time limit, a request gone) instead of waiting for a connection it no longer wants.
  private final class Leases: Sendable {
    private struct State {
      var idle: [SQLiteConnection]
      var waiting: [(ticket: Int, continuation: CheckedContinuation<SQLiteConnection, any Error>)] = []
      var nextTicket = 0
      var closed = false
      /// Waiting for the leased connections to come back before closing.
      var closing: CheckedContinuation<Void, Never>?
    }

    private let state: Mutex<State>
    private let size: Int

    init(_ connections: [SQLiteConnection]) {
      state = Mutex(State(idle: connections))
      size = connections.count
    }

    /// An idle connection, waiting for one if all are leased; an error once the pool is closed.
    func acquire() async throws -> SQLiteConnection {
      let ticket = state.withLock { state in
        defer { state.nextTicket += 1 }
        return state.nextTicket
      }
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SQLiteConnection, any Error>) in
          // A cancellation that came first has set the flag read here, under the lock its handler
          // takes: either the caller is refused now, or the handler finds it queued.
          let outcome: Result<SQLiteConnection, any Error>? = state.withLock { state in
            if state.closed { return .failure(DatabaseError.closed) }
            if Task.isCancelled { return .failure(CancellationError()) }
            if let connection = state.idle.popLast() { return .success(connection) }
            state.waiting.append((ticket, continuation))
            return nil
          }
          if let outcome { continuation.resume(with: outcome) }
        }
      } onCancel: {
        let left = state.withLock { state -> CheckedContinuation<SQLiteConnection, any Error>? in
          guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
          return state.waiting.remove(at: index).continuation
        }
        left?.resume(throwing: CancellationError())
      }
    }

    func release(_ connection: SQLiteConnection) {
      let (next, closing) = state.withLock {
        state -> (CheckedContinuation<SQLiteConnection, any Error>?, CheckedContinuation<Void, Never>?) in
        if !state.waiting.isEmpty { return (state.waiting.removeFirst().continuation, nil) }
        state.idle.append(connection)
        guard state.idle.count == size, let closing = state.closing else { return (nil, nil) }
        state.closing = nil
        return (nil, closing)
      }
      next?.resume(returning: connection)
      closing?.resume()
    }

    /// Every connection, once none is leased; later callers are refused.
    func drain() async -> [SQLiteConnection] {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state in
          state.closed = true
          guard state.idle.count < size else { return true }
          state.closing = continuation
          return false
        }
        if ready { continuation.resume() }
      }
      return state.withLock { state in
        defer { state.idle = [] }
        return state.idle
      }
    }
  }
}
