import Foundation
import Logging
import OrchardDatabase
import OrchardIdentity
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Synchronization
import Testing

@Suite("The mail outbox, on SQLite and PostgreSQL", .timeLimit(.minutes(5)))
struct OutboxTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static let message = MailMessage(
    from: "Dangdai <no-reply@orchard.test>", to: "ada@example.com", subject: "Réinitialiser votre mot de passe",
    text: "Bonjour Ada,\nvoici votre lien.", html: "<p>Bonjour Ada,</p><p>voici votre lien.</p>")

  func withOutbox(
    _ engine: TestDatabase, _ body: @Sendable (Outbox, JobQueue, ManualClock, Database) async throws -> Void
  ) async throws {
    try await engine.withFreshDatabase { database in
      try await MigrationRunner(IdentitySchema.migrations + [JobQueue.migration])
        .run(on: database.sql, logger: Logger(label: "test"))
      let clock = ManualClock(Self.start)
      let queue = JobQueue(database: database.sql, clock: clock, random: .seeded(1))
      try await body(Outbox(queue: queue, clock: clock, random: .seeded(2)), queue, clock, database)
    }
  }

  @Test("a message is kept only with the change that called for it", arguments: TestDatabase.available)
  func transactional(engine: TestDatabase) async throws {
    try await withOutbox(engine) { outbox, queue, _, database in
      struct Abandoned: Error {}
      await #expect(throws: Abandoned.self) {
        try await database.sql.inTransaction { session in
          try await outbox.enqueue(Self.message, app: "dangdai", account: "a1", on: session)
          throw Abandoned()
        }
      }
      #expect(try await queue.list().isEmpty)
      try await database.sql.inTransaction { session in
        try await outbox.enqueue(Self.message, app: "dangdai", account: "a1", on: session)
      }
      #expect(try await queue.list(kind: Outbox.kind).count == 1)
    }
  }

  @Test(
    "the mail job writes the message once, as text and HTML; a failed send is tried again later",
    arguments: TestDatabase.available)
  func sends(engine: TestDatabase) async throws {
    try await withOutbox(engine) { outbox, queue, clock, database in
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mail-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let files = FileMailer(directory: directory)
      let mailer = FlakyMailer(failures: 1, then: files)
      let worker = JobWorker(queue: queue, kinds: [outbox.job(mailer)], name: "test", logger: Logger(label: "test"))
      let id = try await database.sql.inTransaction { session in
        try await outbox.enqueue(Self.message, app: "dangdai", account: "a1", on: session)
      }
      #expect(try await worker.drain() == 1)
      #expect(try files.messages().isEmpty)
      clock.advance(by: 12)
      #expect(try await worker.drain() == 1)
      let kept = try files.messages()
      #expect(kept.count == 1 && kept[0].name.hasSuffix("-\(id).eml"))
      let text = kept[0].text
      #expect(text.contains("Subject: =?UTF-8?B?" + Data(Self.message.subject.utf8).base64EncodedString() + "?=\r\n"))
      #expect(text.contains("To: ada@example.com\r\n"))
      #expect(text.contains("Content-Type: text/plain; charset=utf-8"))
      #expect(text.contains(Data(Self.message.text.utf8).base64EncodedString()))
      #expect(text.contains(Data(Self.message.html.utf8).base64EncodedString()))
      #expect(try await worker.drain() == 0)
      #expect(try files.messages().count == 1)
      #expect(try await queue.list(kind: Outbox.kind).first?.state == .done)
    }
  }

  /// Refuses the first `failures` messages, then hands them on.
  final class FlakyMailer: Mailer {
    let left: Mutex<Int>
    let then: any Mailer
    init(failures: Int, then: any Mailer) {
      left = Mutex(failures)
      self.then = then
    }
    func send(_ message: MailMessage, id: String, at date: Date) async throws {
      struct Unavailable: Error {}
      if left.withLock({ left in
        defer { left -= 1 }
        return left > 0
      }) {
        throw Unavailable()
      }
      try await then.send(message, id: id, at: date)
    }
  }
}
