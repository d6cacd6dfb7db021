import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit
import ServiceLifecycle

/// The server's database: one `any SQLDatabase` that repositories are written against, over SQLite
/// (a file in the data directory, WAL mode) or PostgreSQL.
///
/// PostgreSQL's connection pool is a long-running service: the application runs it beside the HTTP
/// server, and ``withRunningServices(_:)`` runs it for a command-line task or a test.
public struct Database: Sendable {
  /// The SQL interface every repository uses.
  public let sql: any SQLDatabase
  /// `"sqlite"` or `"postgresql"`, for logs and health output.
  public let engine: String
  /// Whether other server processes may change rows under this one: several servers can share a
  /// PostgreSQL database, while a SQLite file belongs to the one server that opened it. Caches may
  /// trust what they last wrote only when this is false.
  public var isShared: Bool { engine == "postgresql" }
  /// Services that must run while the database is in use (PostgreSQL's pool).
  public let services: [any Service]
  /// Upkeep that runs beside the server and stops before the database closes (SQLite's
  /// checkpoints).
  public var maintenance: [any Service] = []
  private let closeConnections: @Sendable () async throws -> Void
  /// Empties SQLite's write-ahead log into the file (nothing on PostgreSQL or in memory).
  public let checkpoint: @Sendable () async throws -> Void

  /// Opens the database the location names, creating the SQLite file and its directory if needed.
  public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> Database {
    switch location {
    case .sqliteFile(let path):
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let pool = try await SQLitePool.open(storage: .file(path: path), size: 4, logger: logger)
      return Database(
        sql: pool, engine: "sqlite", services: [],
        maintenance: [WALCheckpoints(pool: pool, log: path + "-wal", logger: logger)],
        closeConnections: pool.close, checkpoint: pool.checkpoint)
    case .sqliteMemory:
      // Separate in-memory connections would be separate databases, so memory gets exactly one.
      let pool = try await SQLitePool.open(storage: .memory, size: 1, logger: logger)
      return Database(sql: pool, engine: "sqlite", services: [], closeConnections: pool.close, checkpoint: {})
    case .postgres(let url):
      guard let configuration = try? SQLPostgresConfiguration(url: url) else {
        throw DatabaseError.invalidURL
      }
      let client = PostgresClient(
        configuration: .init(configuration.coreConfiguration), backgroundLogger: logger)
      return Database(
        sql: PostgresClientDatabase(client: client, logger: logger), engine: "postgresql",
        services: [client], closeConnections: {}, checkpoint: {})
    }
  }

  /// Closes SQLite connections; PostgreSQL's pool closes when its service is cancelled.
  public func close() async throws { try await closeConnections() }

  /// Runs `body` while the database's services run, then stops them: for commands and tests that use
  /// the database without the HTTP server.
  public func withRunningServices<R: Sendable>(
    _ body: @Sendable (Database) async throws -> R
  ) async throws -> R {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for service in services { group.addTask { try await service.run() } }
      defer { group.cancelAll() }
      return try await body(self)
    }
  }
}

/// Checkpoints SQLite's write-ahead log once a minute while the server runs, when a burst of
/// writes (one large transaction) left its file larger than SQLite cuts it back to by itself, so
/// the log shrinks back instead of staying at its largest. A log within that size is left alone:
/// emptying it waits for a turn to write, and for the readers, in every write's path.
struct WALCheckpoints: Service {
  let pool: SQLitePool
  /// The log's file.
  let log: String
  let logger: Logger
  static let interval = Duration.seconds(60)

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: Self.interval)
        let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        guard size > SQLitePool.journalSizeLimit else { continue }
        do {
          try await pool.checkpoint()
        } catch {
          logger.warning("WAL checkpoint did not finish", metadata: ["error": "\(error)"])
        }
      }
    }
  }
}

/// Failures opening or using the database, with messages an operator can act on.
public enum DatabaseError: Error, CustomStringConvertible {
  case invalidURL
  case closed

  public var description: String {
    switch self {
    case .invalidURL: "ORCHARD_DATABASE_URL could not be parsed as a PostgreSQL URL"
    case .closed: "the database was used after it was closed"
    }
  }
}

extension PostgresClient.Configuration {
  /// PostgresClient takes no URLs, so the URL is parsed by PostgresKit and translated here.
  init(_ connection: PostgresConnection.Configuration) {
    let tls: PostgresClient.Configuration.TLS =
      switch (connection.tls.isEnforced, connection.tls.isAllowed) {
      case (true, _): .require(connection.tls.sslContext!.configuration)
      case (_, true): .prefer(connection.tls.sslContext!.configuration)
      default: .disable
      }
    self.init(
      host: connection.host ?? "127.0.0.1", port: connection.port ?? 5432, username: connection.username,
      password: connection.password, database: connection.database, tls: tls)
  }
}
