import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit

/// `SQLDatabase` over PostgresNIO's `PostgresClient` pool: each statement leases a connection, and
/// ``withSession(_:)`` keeps one connection for a transaction.
struct PostgresClientDatabase: SQLDatabase {
  let client: PostgresClient
  let logger: Logger

  var eventLoop: any EventLoop { MultiThreadedEventLoopGroup.singleton.any() }
  var dialect: any SQLDialect { PostgresDialect() }
  var queryLogLevel: Logger.Level? { .debug }

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
    try await client.withConnection { connection in
      try await connection.sql(logger: logger).execute(sql: query, onRow)
    }
  }

  func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
    var result: R?
    try await client.withConnection { connection in
      result = try await closure(connection.sql(logger: logger))
    }
    return result!
  }
}
