import Foundation
import OrchardDatabase
import SQLKit
import ServerKitTesting
import Testing

@testable import OrchardIdentity

@Suite("Recover does the same work whether or not an account has the email", .timeLimit(.minutes(5)))
struct ResetRequestTests {
  @Test(
    "a request writes one reset job and nothing else, for an account's email and a stranger's alike",
    arguments: TestDatabase.available)
  func sameWork(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.signUp("ada@example.com")
      // The first request from an address starts its budget; the ones compared come after.
      #expect(try await harness.recover("carl@example.com").status == .ok)
      var changes: [String: [String: Int]] = [:]
      for email in ["ada@example.com", "bea@example.com"] {
        let before = try await harness.rowCounts()
        let answer = try await harness.recover(email)
        #expect(answer.status == .ok)
        let after = try await harness.rowCounts()
        var change: [String: Int] = [:]
        for (table, rows) in after where rows != before[table] { change[table] = rows - (before[table] ?? 0) }
        changes[email] = change
      }
      #expect(changes["ada@example.com"] == ["jobs": 1])
      #expect(changes["ada@example.com"] == changes["bea@example.com"])
      let kinds: [String] = try await harness.database.sql.select().column("kind").from("jobs").all()
        .map { try $0.decode(column: "kind", as: String.self) }
      #expect(kinds == Array(repeating: ResetRequests.kind, count: 3))
    }
  }

  @Test(
    "once its job has run, an account's email has its link and a stranger's nothing, and no job row names either",
    arguments: TestDatabase.available)
  func jobMailsOnlyAnAccount(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.signUp("ada@example.com")
      _ = try await harness.recover("ada@example.com")
      _ = try await harness.recover("bea@example.com")
      #expect(try await harness.count("email_links") == 0)
      #expect(try await harness.links(to: "ada@example.com").isEmpty)

      try await harness.runJobs()
      #expect(try await harness.count("email_links") == 1)
      #expect(try await harness.links(to: "ada@example.com").count == 1)
      #expect(try await harness.links(to: "bea@example.com").isEmpty)
      let left = try await harness.database.sql.select().column("payload").from("jobs")
        .where("kind", .equal, SQLBind(ResetRequests.kind)).all()
      #expect(left.isEmpty)
    }
  }

  @Test("a malformed email is refused plainly and queues nothing", arguments: TestDatabase.available)
  func malformed(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      let answer = try await harness.recover("not an address")
      #expect(answer.status == .badRequest)
      #expect(answer.code == "email_address_invalid")
      #expect(try await harness.count("jobs") == 0)
    }
  }

  @Test("the web form queues the same job as the API", arguments: TestDatabase.available)
  func webForm(engine: TestDatabase) async throws {
    try await AuthHarness.run(engine) { harness in
      _ = try await harness.signUp("ada@example.com")
      var browser = AccountBrowser(harness)
      for email in ["ada@example.com", "bea@example.com"] {
        _ = try await browser.post("/wearbloom/account/forgot", [("email", email)])
      }
      #expect(try await harness.count("jobs") == 2)
      #expect(try await harness.count("email_links") == 0)
      try await harness.runJobs()
      #expect(try await harness.links(to: "ada@example.com").count == 1)
      #expect(try await harness.links(to: "bea@example.com").isEmpty)
    }
  }
}

extension AuthHarness {
  func recover(_ email: String, app: String = "wearbloom") async throws -> JSONAPIClient.Answer {
    try await api.send(.post, path(app, "recover"), json: ["email": email])
  }

  func count(_ table: String) async throws -> Int {
    let row = try await database.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
      .from(table).first()
    return try row?.decode(column: "n", as: Int.self) ?? 0
  }

  /// The number of rows in every table.
  func rowCounts() async throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for table in Set(try await textColumns().map(\.table)) { counts[table] = try await count(table) }
    return counts
  }
}
