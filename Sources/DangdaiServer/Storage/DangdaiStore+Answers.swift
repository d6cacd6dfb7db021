import DangdaiCore
import Foundation
import OrchardKit
import SQLKit
import ServerKit

/// An answer on its way to the database, judged already against the quiz's questions.
public struct AnswerWrite: Sendable {
  public let quiz: QuizContent
  public let answer: StoredAnswer
  /// The word the question asked, for the review queue (and the lesson that teaches it); nil
  /// for a grammar question.
  public let word: (lesson: LessonID, hanzi: String)?

  public init(quiz: QuizContent, answer: StoredAnswer, word: (lesson: LessonID, hanzi: String)?) {
    self.quiz = quiz
    self.answer = answer
    self.word = word
  }
}

/// What recording an answer did.
public enum Recorded: Sendable, Equatable {
  /// Stored now, with the learner's points after it. When it finished a chapter's quiz, `best`
  /// holds the chapter's best scores after it.
  case stored(StoredQuiz, StoredAnswer, points: Int, best: [QuizKind: Int]?)
  /// The same answer again: the one stored first.
  case repeated(StoredQuiz, StoredAnswer)
  /// The question was answered under another id, or the id answered another question or
  /// another way.
  case conflict
  case noSuchQuestion
  case noSuchQuiz
}

extension DangdaiStore {
  /// The most answers one transaction stores.
  static let batchLimit = 256

  /// Stores `writes` in one transaction, each as the core's ``QuizAttempt`` decides and in the
  /// order given, as if each were alone: the first answer to a question is kept, the same answer
  /// again changes nothing, another is refused. Each stored answer moves its quiz's counts and the
  /// learner's points, a word's answer moves its card in the review queue (``ReviewSchedule``),
  /// and an answer that finishes a chapter's quiz flags the chapter's first mastery.
  ///
  /// A handful of statements serve the whole batch, whatever its size: answers arriving together
  /// share one commit (and on PostgreSQL one flush of the log).
  public func record(_ writes: [AnswerWrite]) async throws -> [Recorded] {
    precondition(writes.count <= Self.batchLimit, "a batch is at most \(Self.batchLimit) answers")
    guard !writes.isEmpty else { return [] }
    return try await database.inTransaction { database in
      try await Self.record(writes, on: database)
    }
  }

  private static func record(_ writes: [AnswerWrite], on database: any SQLDatabase) async throws -> [Recorded] {
    let quizIDs = Set(writes.map(\.quiz.id)).sorted()
    // The quizzes as they are now: on PostgreSQL locked, in id order, so another process's
    // answers to them wait (SQLite's writer holds the whole file already).
    var held: [String: HeldQuiz] = [:]
    for row in try await database.select().columns("id", "account_id", "finished_at", "first_mastery")
      .from(quizzes).where("id", .in, SQLBind.group(quizIDs)).orderBy("id").for(.update)
      .all(decoding: QuizStateRow.self)
    {
      held[row.id] = HeldQuiz(
        account: row.account_id, finishedAt: row.finished_at, firstMastery: row.first_mastery == 1)
    }
    for row in try await database.select().column("quiz_id").columns(AnswerRow.columns.map { SQLColumn($0) })
      .from(answers).where("quiz_id", .in, SQLBind.group(quizIDs)).orderBy("answered_at")
      .all(decoding: QuizAnswerRow.self)
    {
      held[row.quiz_id]?.answers.append(try row.answer.answer())
    }

    // First pass: what the attempt makes of each answer, in order.
    var outcomes: [Outcome] = []
    for write in writes {
      guard var quiz = held[write.quiz.id], quiz.account == write.quiz.accountID else {
        outcomes.append(.done(.noSuchQuiz))
        continue
      }
      var attempt = quiz.attempt(of: write.quiz)
      let answer = write.answer
      switch attempt.record(id: answer.id, question: answer.question, correct: answer.isCorrect) {
      case .outOfRange: outcomes.append(.done(.noSuchQuestion))
      case .conflict: outcomes.append(.done(.conflict))
      case .repeated:
        guard let stored = quiz.answers.first(where: { $0.id == answer.id }), stored.response == answer.response else {
          outcomes.append(.done(.conflict))
          continue
        }
        outcomes.append(.repeated(stored))
      case .recorded:
        quiz.answers.append(answer)
        if attempt.isFinished { quiz.finishedAt = answer.answeredAt.timeIntervalSince1970 }
        held[write.quiz.id] = quiz
        outcomes.append(.recorded(finished: attempt.isFinished, answered: quiz.answers))
      }
    }

    // What the recorded answers move: cards, best scores, points.
    var recorded: [(write: AnswerWrite, finished: Bool)] = []
    var finishes: [(write: AnswerWrite, answers: [StoredAnswer])] = []
    for (write, outcome) in zip(writes, outcomes) {
      guard case .recorded(let finished, let answered) = outcome else { continue }
      recorded.append((write, finished))
      if finished { finishes.append((write, answered)) }
    }
    let cards = try await moveCards(for: recorded.map(\.write), on: database)
    let mastery = try await flagMastery(for: finishes, on: database)
    for (quizID, first) in mastery.firstMastery { held[quizID]?.firstMastery = first }
    let points = try await addPoints(for: recorded.map(\.write), on: database)

    if !recorded.isEmpty {
      let insert = database.insert(into: answers).columns(
        "quiz_id", "question", "answer_id", "response", "verdict", "tone_errors", "sandhi_hint", "answered_at")
      for item in recorded {
        let answer = item.write.answer
        insert.values(
          SQLBind(item.write.quiz.id), SQLBind(Int64(answer.question)), SQLBind(answer.id),
          SQLBind(try StoredJSON.encode(answer.response)), SQLBind(answer.verdict),
          SQLBind(try StoredJSON.encode(answer.toneErrors)), SQLBind(Int64(answer.sandhiHint ? 1 : 0)),
          SQLBind(answer.answeredAt.timeIntervalSince1970))
      }
      try await insert.run()
      try await cards.save(on: database)
      // Every changed quiz's counts, from its answers as now stored.
      let changed = Set(recorded.map(\.write.quiz.id)).sorted()
      try await database.raw(
        """
        UPDATE dangdai_quizzes SET
          answered = (SELECT COUNT(*) FROM dangdai_answers a WHERE a.quiz_id = dangdai_quizzes.id),
          correct = (SELECT COUNT(*) FROM dangdai_answers a WHERE a.quiz_id = dangdai_quizzes.id AND a.verdict = 'correct')
        WHERE id IN (\(binds: changed))
        """
      ).run()
      for item in recorded where item.finished {
        let id = item.write.quiz.id
        try await database.update(quizzes)
          .set("finished_at", to: SQLBind(item.write.answer.answeredAt.timeIntervalSince1970))
          .set("first_mastery", to: SQLBind(Int64(held[id]?.firstMastery == true ? 1 : 0)))
          .where("id", .equal, SQLBind(id)).run()
      }
    }

    // The answers, each with the quiz as it stood just after it and the points it brought.
    var pointsLeft = points
    var results = [Recorded](repeating: .noSuchQuiz, count: writes.count)
    for index in writes.indices.reversed() {
      let write = writes[index]
      let quiz = held[write.quiz.id]
      switch outcomes[index] {
      case .done(let recorded):
        results[index] = recorded
      case .repeated(let stored):
        guard let quiz else { continue }
        results[index] = .repeated(quiz.stored(write.quiz), stored)
      case .recorded(let finished, let answered):
        guard let quiz else { continue }
        let total = pointsLeft[write.quiz.accountID] ?? 0
        if write.answer.isCorrect { pointsLeft[write.quiz.accountID] = total - 1 }
        let after = StoredQuiz(
          content: write.quiz, answers: answered, finishedAt: finished ? write.answer.answeredAt : nil,
          firstMastery: finished && quiz.firstMastery)
        results[index] = .stored(
          after, write.answer, points: total * QuizScore.pointsPerCorrectAnswer,
          best: finished ? write.quiz.lesson.map { mastery.best[write.quiz.accountID]?[$0] ?? [:] } : nil)
      }
    }
    return results
  }

  /// Moves each answered word's review card, in order (a word answered twice in one batch moves
  /// twice), and returns the cards to save.
  private static func moveCards(for writes: [AnswerWrite], on database: any SQLDatabase) async throws -> Cards {
    let words = writes.compactMap { write in write.word.map { (write, $0) } }
    var cards = Cards()
    guard !words.isEmpty else { return cards }
    let accounts = Set(words.map(\.0.quiz.accountID)).sorted()
    let hanzi = Set(words.map(\.1.hanzi)).sorted()
    for row in try await database.select().columns("account_id", "lesson", "hanzi", "card").from(reviews)
      .where("account_id", .in, SQLBind.group(accounts)).where("hanzi", .in, SQLBind.group(hanzi))
      .all(decoding: AccountReviewRow.self)
    {
      if let entry = try row.review.entry() { cards.held[CardKey(account: row.account_id, hanzi: entry.hanzi)] = entry }
    }
    for (write, word) in words {
      let key = CardKey(account: write.quiz.accountID, hanzi: word.hanzi)
      let before = cards.held[key]
      guard let card = ReviewSchedule.next(before?.card, correct: write.answer.isCorrect, at: write.answer.answeredAt)
      else { continue }
      cards.held[key] = ReviewEntry(lesson: before?.lesson ?? word.lesson, hanzi: word.hanzi, card: card)
      cards.changed.insert(key)
    }
    return cards
  }

  /// The best scores of every learner finishing a chapter's quiz, moved by each finish in order,
  /// and for each finished quiz whether it was its chapter's first mastery.
  private static func flagMastery(
    for finishes: [(write: AnswerWrite, answers: [StoredAnswer])], on database: any SQLDatabase
  ) async throws -> (best: [String: [LessonID: [QuizKind: Int]]], firstMastery: [String: Bool]) {
    var best: [String: [LessonID: [QuizKind: Int]]] = [:]
    var firstMastery: [String: Bool] = [:]
    for (write, answers) in finishes {
      let quiz = write.quiz
      guard let lesson = quiz.lesson, quiz.kind != .review else { continue }
      if best[quiz.accountID] == nil {
        best[quiz.accountID] = try await DangdaiStore(database: database).bestScores(of: quiz.accountID)
      }
      let before = best[quiz.accountID]?[lesson] ?? [:]
      var after = before
      let percent = QuizScore(correct: answers.filter(\.isCorrect).count, total: quiz.questions.count).percent
      after[quiz.kind] = max(after[quiz.kind] ?? 0, percent)
      firstMastery[quiz.id] = ChapterProgress.isFirstMastery(
        before: ChapterProgress(percents: before), after: ChapterProgress(percents: after))
      best[quiz.accountID]?[lesson] = after
    }
    return (best, firstMastery)
  }

  /// Adds the correct answers among `writes` to each learner's count, and returns the counts after.
  private static func addPoints(for writes: [AnswerWrite], on database: any SQLDatabase) async throws -> [String: Int] {
    var added: [String: Int] = [:]
    for write in writes { added[write.quiz.accountID, default: 0] += write.answer.isCorrect ? 1 : 0 }
    guard !added.isEmpty else { return [:] }
    let insert = database.insert(into: learners).columns("account_id", "correct_answers")
    for (account, count) in added.sorted(by: { $0.key < $1.key }) {
      insert.values(SQLBind(account), SQLBind(Int64(count)))
    }
    let rows = try await insert.onConflict(with: ["account_id"]) {
      $0.set("correct_answers", to: SQLRaw("dangdai_learners.correct_answers + excluded.correct_answers"))
    }
    .returning("account_id", "correct_answers").all(decoding: LearnerRow.self)
    return Dictionary(uniqueKeysWithValues: rows.map { ($0.account_id, Int($0.correct_answers)) })
  }
}

/// A quiz's state while a batch is recorded.
private struct HeldQuiz {
  let account: String
  var finishedAt: Double?
  var firstMastery: Bool
  var answers: [StoredAnswer] = []

  init(account: String, finishedAt: Double?, firstMastery: Bool) {
    self.account = account
    self.finishedAt = finishedAt
    self.firstMastery = firstMastery
  }

  func attempt(of content: QuizContent) -> QuizAttempt {
    StoredQuiz(content: content, answers: answers, finishedAt: nil, firstMastery: false).attempt
  }

  func stored(_ content: QuizContent) -> StoredQuiz {
    StoredQuiz(
      content: content, answers: answers, finishedAt: finishedAt.map(Date.init(timeIntervalSince1970:)),
      firstMastery: firstMastery)
  }
}

private enum Outcome {
  case done(Recorded)
  case repeated(StoredAnswer)
  case recorded(finished: Bool, answered: [StoredAnswer])
}

private struct CardKey: Hashable {
  let account: String
  let hanzi: String
}

/// Review cards read for a batch, and which of them it moved.
private struct Cards {
  var held: [CardKey: ReviewEntry] = [:]
  var changed: Set<CardKey> = []

  func save(on database: any SQLDatabase) async throws {
    guard !changed.isEmpty else { return }
    let insert = database.insert(into: DangdaiStore.reviews).columns("account_id", "hanzi", "lesson", "card", "due")
    for key in changed.sorted(by: { ($0.account, $0.hanzi) < ($1.account, $1.hanzi) }) {
      guard let entry = held[key] else { continue }
      insert.values(
        SQLBind(key.account), SQLBind(entry.hanzi), SQLBind(Int64(entry.lesson.rawValue)),
        SQLBind(try StoredJSON.encode(entry.card)), SQLBind(entry.card.due.timeIntervalSince1970))
    }
    try await insert
      .onConflict(with: ["account_id", "hanzi"]) { $0.set(excludedValueOf: "card").set(excludedValueOf: "due") }
      .run()
  }
}

private struct QuizStateRow: Decodable {
  let id: String
  let account_id: String
  let finished_at: Double?
  let first_mastery: Int64
}

private struct QuizAnswerRow: Decodable {
  let quiz_id: String
  let answer: AnswerRow

  init(from decoder: any Decoder) throws {
    quiz_id = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .quiz_id)
    answer = try AnswerRow(from: decoder)
  }

  enum Key: CodingKey { case quiz_id }
}

private struct AccountReviewRow: Decodable {
  let account_id: String
  let review: ReviewRow

  init(from decoder: any Decoder) throws {
    account_id = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .account_id)
    review = try ReviewRow(from: decoder)
  }

  enum Key: CodingKey { case account_id }
}

private struct LearnerRow: Decodable {
  let account_id: String
  let correct_answers: Int64
}
