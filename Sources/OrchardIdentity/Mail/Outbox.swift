import Foundation
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit

/// Mail waits in the outbox: a message is written in the same transaction as the change that
/// calls for it (a reset link with its token, an email change), with a job to send it, so either
/// both are kept or neither. The `mail` job sends it, retrying with backoff, and marks it sent; a
/// message already sent is never sent again.
public struct Outbox: Sendable {
  public static let kind = "mail"

  let queue: JobQueue
  let clock: any WallClock
  let random: RandomSource

  public init(queue: JobQueue, clock: any WallClock, random: RandomSource) {
    self.queue = queue
    self.clock = clock
    self.random = random
  }

  /// Puts `message` in the outbox on `connection` (a transaction's session), with its job. Returns
  /// the message's id.
  @discardableResult
  public func enqueue(
    _ message: MailMessage, app: String, account: String?, on connection: any SQLDatabase
  )
    async throws -> String
  {
    let id = random.id().description
    let now = clock.now
    try await connection.insert(into: "email_outbox")
      .columns("id", "app", "account_id", "to_address", "subject", "text_body", "html_body", "created_at")
      .values(
        SQLBind(id), SQLBind(app), SQLBind(account), SQLBind(message.to), SQLBind(message.subject),
        SQLBind(message.text), SQLBind(message.html), SQLBind(now.timeIntervalSince1970)
      ).run()
    try await queue.enqueue(
      Self.kind, key: id, value: Payload(id: id, from: message.from), maxAttempts: 10, on: connection)
    return id
  }

  /// The job that sends what the outbox holds through `mailer`.
  public func job(_ mailer: any Mailer) -> JobKind {
    let (database, clock) = (queue.database, clock)
    return JobKind(Self.kind, concurrency: 2, timeout: .seconds(60), firstRetry: 10, longestWait: 3_600) { job in
      let payload = try job.decode(Payload.self)
      let row: Row? = try await database.select().columns("to_address", "subject", "text_body", "html_body", "sent_at")
        .from("email_outbox").where("id", .equal, SQLBind(payload.id)).first(decoding: Row.self)
      // Gone (the account was deleted since) or already sent: nothing to do.
      guard let row, row.sent_at == nil else { return }
      let message = MailMessage(
        from: payload.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body)
      try await mailer.send(message, id: payload.id, at: clock.now)
      try await database.update("email_outbox").set("sent_at", to: SQLBind(clock.now.timeIntervalSince1970))
        .where("id", .equal, SQLBind(payload.id)).run()
    }
  }

  struct Payload: Codable {
    let id: String
    let from: String
  }

  struct Row: Decodable {
    let to_address: String
    let subject: String
    let text_body: String
    let html_body: String
    let sent_at: Double?
  }
}
