import DangdaiCore
import Foundation
import OrchardIdentity
import ServerKit

/// A learner's own word lists: read from a file they have, shown to them as a summary, and put in
/// use once they confirm it. A list is theirs alone (their quizzes and their review queue), kept
/// with their account, in its export and gone with its deletion.
extension DangdaiService {
  /// A list read for the learner and waiting for them to confirm it.
  public struct PendingList: Sendable {
    public let id: String
    public let report: VocabularyImport.Report
    public let readAt: Date
  }

  /// How long a list read waits for the learner to confirm it.
  public static let pendingFor: TimeInterval = 3_600

  /// Lists one learner may read: far above anyone choosing a file, well below a script's.
  static let listReads = RateRule("dangdai-list-reads", burst: 10, perMinute: 10)

  /// The words of each lesson the learner's own lists cover.
  public func ownLists(of account: Account) async throws -> [LessonID: Int] {
    try await courses.lists.fetch(account.id) { try await .read(account.id, store: store) }.words
  }

  /// Reads the file `bytes` for the learner and keeps what it holds until they confirm it (in
  /// place of any list that waited); a file that holds no list is refused with why.
  public func readList(_ bytes: [UInt8], for account: Account) async throws -> PendingList {
    try limiter?.check(Self.listReads, for: account.id)
    guard bytes.count <= VocabularyImport.maximumBytes else { throw DangdaiError.listRefused(.tooLarge) }
    guard let text = VocabularyImport.text(of: bytes) else { throw DangdaiError.listNotText }
    let report: VocabularyImport.Report
    switch VocabularyImport.read(text) {
    case .success(let read): report = read
    case .failure(let refusal): throw DangdaiError.listRefused(refusal.code)
    }
    let pending = PendingList(id: random.id().description, report: report, readAt: clock.now)
    try await store.savePending(try StoredJSON.encode(report), id: pending.id, of: account.id, at: pending.readAt)
    return pending
  }

  /// The learner's list `id`, waiting to be confirmed; `LIST_NOT_FOUND` for another's, one
  /// confirmed or discarded, or one read more than ``pendingFor`` ago.
  public func pendingList(_ id: String, of account: Account) async throws -> PendingList {
    guard let kept = try await store.pending(id, of: account.id),
      clock.now.timeIntervalSince(kept.at) < Self.pendingFor,
      let report = try? StoredJSON.decode(VocabularyImport.Report.self, from: kept.report)
    else { throw DangdaiError.listNotFound }
    return PendingList(id: id, report: report, readAt: kept.at)
  }

  /// Puts the learner's waiting list `id` in use: each lesson it has words for then asks them
  /// (their other lessons keep what they had).
  @discardableResult
  public func confirmList(_ id: String, for account: Account) async throws -> PendingList {
    let pending = try await pendingList(id, of: account)
    try await store.saveLists(
      DangdaiImport.lists(pending.report.sections), of: account.id, confirming: id, at: clock.now)
    try await forgetLists(of: account)
    return pending
  }

  /// Forgets the list waiting for the learner, if any.
  public func discardList(of account: Account) async throws { try await store.discardPending(of: account.id) }

  /// Removes every list of the learner's: their quizzes go back to the course's words.
  public func removeLists(of account: Account) async throws {
    try await store.removeLists(of: account.id)
    try await forgetLists(of: account)
  }

  /// What is remembered of the learner's course and dashboard, here and in every process.
  func forgetLists(of account: Account) async throws {
    try await courses.lists.forget(account.id)
    try await learners.forget(account.id)
  }
}
