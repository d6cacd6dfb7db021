import DangdaiCore
import Foundation
import OrchardDatabase
import SQLKit

/// A learner's own word lists, lesson by lesson (over the operator's lists and the companion
/// words, for that learner alone), and a list read but not yet confirmed.
extension DangdaiStore {
  static let learnerLists = "dangdai_learner_lists"
  static let pendingLists = "dangdai_pending_lists"

  /// A learner's lists, and a list waiting for the learner to confirm it after reading its summary.
  static let listsMigration = Migration("dangdai-0004-learner-lists") { database in
    try await database.create(table: learnerLists)
      .column("account_id", type: .text, .notNull)
      .column("lesson", type: .bigint, .notNull)
      .column("list", type: .text, .notNull)
      .column("imported_at", type: .epochSeconds, .notNull)
      .primaryKey("account_id", "lesson")
      .run()
    try await database.create(table: pendingLists)
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("account_id", type: .text, .notNull)
      .column("report", type: .text, .notNull)
      .column("created_at", type: .epochSeconds, .notNull)
      .run()
    try await database.create(index: "dangdai_pending_lists_by_account").on(pendingLists).column("account_id").run()
  }

  /// The learner's lists by lesson, as they are kept (``ImportedList``), with when each came.
  public func lists(of account: String) async throws -> [LessonID: (list: String, at: Date)] {
    let rows: [LearnerListRow] = try await database.select().columns("lesson", "list", "imported_at")
      .from(Self.learnerLists).where("account_id", .equal, SQLBind(account)).all(decoding: LearnerListRow.self)
    var lists: [LessonID: (list: String, at: Date)] = [:]
    for row in rows {
      guard let lesson = LessonID(rawValue: Int(row.lesson)) else { continue }
      lists[lesson] = (row.list, Date(timeIntervalSince1970: row.imported_at))
    }
    return lists
  }

  /// Puts `lists` in place of the learner's lists of those lessons (their other lessons keep
  /// theirs), and forgets the list that waited for it, in one transaction.
  public func saveLists(
    _ lists: [LessonID: String], of account: String, confirming pending: String, at now: Date
  )
    async throws
  {
    try await database.inTransaction { database in
      for (lesson, list) in lists.sorted(by: { $0.key < $1.key }) {
        try await database.insert(into: Self.learnerLists).columns("account_id", "lesson", "list", "imported_at")
          .values(
            SQLBind(account), SQLBind(Int64(lesson.rawValue)), SQLBind(list), SQLBind(now.timeIntervalSince1970)
          )
          .onConflict(with: ["account_id", "lesson"]) {
            $0.set(excludedValueOf: "list").set(excludedValueOf: "imported_at")
          }
          .run()
      }
      try await database.delete(from: Self.pendingLists).where("account_id", .equal, SQLBind(account)).run()
    }
  }

  /// Removes every list of the learner's; safe to repeat.
  public func removeLists(of account: String) async throws {
    try await database.delete(from: Self.learnerLists).where("account_id", .equal, SQLBind(account)).run()
  }

  /// Keeps a list read for the learner until they confirm it, in place of any list that waited.
  public func savePending(_ report: String, id: String, of account: String, at now: Date) async throws {
    try await database.inTransaction { database in
      try await database.delete(from: Self.pendingLists).where("account_id", .equal, SQLBind(account)).run()
      try await database.insert(into: Self.pendingLists).columns("id", "account_id", "report", "created_at")
        .values(SQLBind(id), SQLBind(account), SQLBind(report), SQLBind(now.timeIntervalSince1970)).run()
    }
  }

  /// The learner's waiting list `id`, and when it was read; nil for another's, or none.
  public func pending(_ id: String, of account: String) async throws -> (report: String, at: Date)? {
    let row = try await database.select().columns("report", "created_at").from(Self.pendingLists)
      .where("id", .equal, SQLBind(id)).where("account_id", .equal, SQLBind(account))
      .first(decoding: PendingListRow.self)
    return row.map { ($0.report, Date(timeIntervalSince1970: $0.created_at)) }
  }

  /// Forgets the list waiting for the learner, if any.
  public func discardPending(of account: String) async throws {
    try await database.delete(from: Self.pendingLists).where("account_id", .equal, SQLBind(account)).run()
  }
}

private struct LearnerListRow: Decodable {
  let lesson: Int64
  let list: String
  let imported_at: Double
}

private struct PendingListRow: Decodable {
  let report: String
  let created_at: Double
}
