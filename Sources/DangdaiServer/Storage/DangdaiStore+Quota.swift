import DangdaiCore
import SQLKit
import ServerKit

extension DangdaiStore {
  /// How many quizzes `account` keeps, and how many of them are not finished (both counted on
  /// the account's indexes).
  public func quizzesKept(by account: String) async throws -> QuizzesKept {
    let stored = try await database.raw(
      "SELECT COUNT(*) AS total FROM dangdai_quizzes WHERE account_id = \(bind: account)"
    ).first(decoding: TotalRow.self)
    let unfinished = try await database.raw(
      "SELECT COUNT(*) AS total FROM dangdai_quizzes WHERE account_id = \(bind: account) AND finished_at IS NULL"
    ).first(decoding: TotalRow.self)
    return QuizzesKept(stored: Int(stored?.total ?? 0), unfinished: Int(unfinished?.total ?? 0))
  }
}
