import DangdaiCore
import Foundation

/// Answers arriving together are stored together. Each answer waits its turn here; whenever the
/// database is free, every answer waiting (up to ``DangdaiStore/batchLimit``) goes in one
/// transaction, each decided as if it were alone (``DangdaiStore/record(_:)``). One learner
/// answering waits for one short transaction, as before; sixty-four at once share a commit
/// instead of queueing for sixty-four.
actor AnswerBatches {
  let store: DangdaiStore
  /// Runs after a batch commits and before any of its answers is told: what is remembered of
  /// these learners is forgotten, so their next read sees their answers.
  let committed: @Sendable (Set<String>) async -> Void
  private var waiting: [(write: AnswerWrite, reply: CheckedContinuation<Recorded, any Error>)] = []
  private var writing = false

  init(store: DangdaiStore, committed: @escaping @Sendable (Set<String>) async -> Void) {
    self.store = store
    self.committed = committed
  }

  /// Stores `write` with whatever else is waiting, and says what storing it did.
  func record(_ write: AnswerWrite) async throws -> Recorded {
    try await withCheckedThrowingContinuation { reply in
      waiting.append((write, reply))
      if !writing {
        writing = true
        // Ahead of the requests waiting for it: every answer waits on the batch.
        Task(priority: .high) { await drain() }
      }
    }
  }

  private func drain() async {
    while !waiting.isEmpty {
      let batch = Array(waiting.prefix(DangdaiStore.batchLimit))
      waiting.removeFirst(batch.count)
      do {
        let results = try await store.record(batch.map(\.write))
        await committed(Set(batch.map(\.write.quiz.accountID)))
        for (item, result) in zip(batch, results) { item.reply.resume(returning: result) }
      } catch {
        // One answer's failure must not sink the others: each is tried again alone.
        for item in batch {
          do {
            let result = try await store.record([item.write])
            await committed([item.write.quiz.accountID])
            item.reply.resume(returning: result.first ?? .noSuchQuiz)
          } catch {
            item.reply.resume(throwing: error)
          }
        }
      }
    }
    writing = false
  }
}
