import DangdaiCore
import Foundation
import OrchardIdentity

/// What Dangdai keeps for an account, for its export and its deletion: settings, every quiz with
/// its answers, the review queue, and the learner's own word lists.
struct DangdaiAccountData: AccountData {
  let store: DangdaiStore

  var name: String { "dangdai" }

  func export(account: String) async throws -> any Encodable & Sendable {
    let settings = try await store.settings(of: account)
    let quizzes = try await store.quizzes(of: account)
    let reviews = try await store.reviews(of: account)
    let lists = try await store.lists(of: account)
    return Export(
      settings: settings,
      quizzes: quizzes.map { quiz in
        Export.Quiz(
          id: quiz.id, chapter: quiz.lesson?.rawValue, kind: quiz.kind.rawValue, createdAt: quiz.createdAt,
          finishedAt: quiz.finishedAt, questions: quiz.questions.count,
          answers: quiz.answers.map {
            .init(question: $0.question, verdict: $0.verdict.rawValue, answeredAt: $0.answeredAt)
          })
      },
      review: reviews.map { .init(hanzi: $0.hanzi, chapter: $0.lesson.rawValue, due: $0.card.due) },
      wordLists: lists.sorted { $0.key < $1.key }.map { lesson, kept in
        Export.List(
          chapter: lesson.rawValue, importedAt: kept.at,
          words: ImportedList.decode(kept.list).flatMap(\.items).map { item in
            .init(
              hanzi: item.hanzi, otherForms: item.otherForms, readings: item.readings.map(PinyinText.marked),
              partsOfSpeech: item.partsOfSpeech, glosses: item.glosses)
          })
      })
  }

  func delete(account: String) async throws { try await store.erase(account) }

  struct Export: Encodable, Sendable {
    struct Quiz: Encodable, Sendable {
      struct Answer: Encodable, Sendable {
        let question: Int
        let verdict: String
        let answeredAt: Date
      }

      let id: String
      let chapter: Int?
      let kind: String
      let createdAt: Date
      let finishedAt: Date?
      let questions: Int
      let answers: [Answer]
    }

    struct Word: Encodable, Sendable {
      let hanzi: String
      let chapter: Int
      let due: Date
    }

    struct List: Encodable, Sendable {
      struct Word: Encodable, Sendable {
        let hanzi: String
        let otherForms: [String]
        let readings: [String]
        let partsOfSpeech: [String]
        let glosses: [String: String]
      }

      let chapter: Int
      let importedAt: Date
      let words: [Word]
    }

    let settings: DangdaiSettings?
    let quizzes: [Quiz]
    let review: [Word]
    let wordLists: [List]
  }
}
