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

extension DangdaiProblem {
  /// The refusal the API and the web give for a quota the learner reached.
  static func quota(_ refusal: QuizQuota.Refusal) -> OrchardError {
    var error: OrchardError
    switch refusal {
    case .tooManyUnfinished(let limit):
      error = OrchardError(
        status: .conflict, code: "UNFINISHED_QUIZ_LIMIT", title: "Finish a quiz first",
        detail:
          "You have \(limit) quizzes started and not finished. Finish one (Continue resumes the latest) before starting another."
      )
      error.values = ["limit": limit]
    case .full(let limit):
      error = OrchardError(
        status: .conflict, code: "QUIZ_QUOTA_REACHED", title: "No room for more quizzes",
        detail: "You keep \(limit) quizzes, the most one learner can, so no new quiz can be started.")
      error.values = ["limit": limit]
    }
    return error
  }
}
