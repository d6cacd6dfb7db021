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

/// Where a quiz stands after an answer: its answers as the core's attempt, and when it finished.
public struct QuizProgress: Sendable, Equatable {
  public let attempt: QuizAttempt
  public let finishedAt: Date?
  /// Whether finishing it mastered its chapter for the first time.
  public let firstMastery: Bool

  public var correct: Int { attempt.score.correct }
}

/// What recording an answer did.
public enum Recorded: Sendable, Equatable {
  /// Stored now, with the quiz just after it and the learner's correct answers ever (their
  /// points are the core's to work out). When it finished a chapter's quiz, `best` holds the
  /// chapter's best scores after it.
  case stored(StoredAnswer, QuizProgress, correctAnswers: Int, best: [QuizKind: Int]?)
  /// The same answer again: the one stored first, and the quiz as it stands.
  case repeated(StoredAnswer, QuizProgress)
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
  /// learner's count of correct answers, a word's answer moves its card in the review queue (``ReviewSchedule``),
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
    for row in try await database.select().columns("id", "account_id", "question_count", "finished_at", "first_mastery")
      .from(quizzes).where("id", .in, SQLBind.group(quizIDs)).orderBy("id").for(.update)
      .all(decoding: QuizStateRow.self)
    {
      held[row.id] = HeldQuiz(
        account: row.account_id, attempt: QuizAttempt(questionCount: max(1, Int(row.question_count))),
        firstMastery: row.first_mastery == 1, finishedAt: row.finished_at)
    }
    // Their answers so far, as stored (their JSON is read only for an answer sent again).
    for row in try await database.select()
      .columns((["quiz_id"] + AnswerRow.columns).map { SQLColumn($0) })
      .from(answers).where("quiz_id", .in, SQLBind.group(quizIDs)).orderBy("answered_at")
      .all(decoding: HeldAnswerRow.self)
    {
      guard var quiz = held[row.quiz_id] else { continue }
      _ = quiz.attempt.record(id: row.answer_id, question: Int(row.question), correct: try row.verdict().isCorrect)
      quiz.answers[row.answer_id] = row
      held[row.quiz_id] = quiz
    }

    // First pass: what the attempt makes of each answer, in order.
    var outcomes: [Outcome] = []
    var recorded: [(write: AnswerWrite, finished: Bool)] = []
    var finishes: [(write: AnswerWrite, correct: Int)] = []
    var rows: [HeldAnswerRow] = []
    for write in writes {
      guard var quiz = held[write.quiz.id], quiz.account == write.quiz.accountID else {
        outcomes.append(.done(.noSuchQuiz))
        continue
      }
      let answer = write.answer
      let row = try HeldAnswerRow(write)
      switch quiz.attempt.record(id: answer.id, question: answer.question, correct: answer.isCorrect) {
      case .outOfRange: outcomes.append(.done(.noSuchQuestion))
      case .conflict: outcomes.append(.done(.conflict))
      case .repeated:
        guard let stored = quiz.answers[answer.id], stored.response == row.response else {
          outcomes.append(.done(.conflict))
          continue
        }
        outcomes.append(.repeated(try stored.answer()))
      case .recorded:
        let finished = quiz.attempt.isFinished
        if finished { quiz.finishedAt = answer.answeredAt.timeIntervalSince1970 }
        quiz.answers[answer.id] = row
        held[write.quiz.id] = quiz
        rows.append(row)
        outcomes.append(.recorded(quiz.attempt))
        recorded.append((write, finished))
        if finished { finishes.append((write, quiz.attempt.score.correct)) }
      }
    }

    // What the recorded answers move: correct answers, cards, best scores and first mastery. The
    // count comes first: its upsert holds each learner's row until the commit, so another process's batch
    // for the same learner reads their best scores only once this one's are in.
    let correctAnswers = try await addCorrectAnswers(for: recorded.map(\.write), on: database)
    let cards = try await moveCards(for: recorded.map(\.write), on: database)
    let mastery = try await flagMastery(for: finishes, on: database)
    for (quizID, first) in mastery.firstMastery { held[quizID]?.firstMastery = first }

    if !recorded.isEmpty {
      let insert = database.insert(into: answers).columns(
        "quiz_id", "question", "answer_id", "response", "verdict", "tone_errors", "sandhi_hint", "answered_at")
      for row in rows {
        let answer = row.row
        insert.values(
          SQLBind(row.quiz_id), SQLBind(answer.question), SQLBind(answer.answer_id), SQLBind(answer.response),
          SQLBind(answer.verdict), SQLBind(answer.tone_errors), SQLBind(answer.sandhi_hint),
          SQLBind(answer.answered_at))
      }
      try await insert.run()
      try await cards.save(on: database)
      try await mastery.save(on: database)
      try await updateQuizzes(recorded, held: held, on: database)
    }

    // The answers, each with its quiz as it stood just after it and the correct answers it brought.
    var correctLeft = correctAnswers
    var results = [Recorded](repeating: .noSuchQuiz, count: writes.count)
    for index in writes.indices.reversed() {
      let write = writes[index]
      let quiz = held[write.quiz.id]
      switch outcomes[index] {
      case .done(let recorded):
        results[index] = recorded
      case .repeated(let stored):
        guard let quiz else { continue }
        results[index] = .repeated(stored, quiz.progress)
      case .recorded(let attempt):
        guard let quiz else { continue }
        let account = write.quiz.accountID
        let total = correctLeft[account] ?? 0
        if write.answer.isCorrect { correctLeft[account] = total - 1 }
        let finished = attempt.isFinished
        let progress = QuizProgress(
          attempt: attempt, finishedAt: finished ? write.answer.answeredAt : nil,
          firstMastery: finished && quiz.firstMastery)
        results[index] = .stored(
          write.answer, progress, correctAnswers: total,
          best: finished ? write.quiz.lesson.map { mastery.best[account]?.percents[$0] ?? [:] } : nil)
      }
    }
    return results
  }

  /// Every changed quiz's counts, as the core's attempt holds them, and the finish time and first
  /// mastery of those just finished: one statement for the batch.
  private static func updateQuizzes(
    _ recorded: [(write: AnswerWrite, finished: Bool)], held: [String: HeldQuiz], on database: any SQLDatabase
  ) async throws {
    let changed = Set(recorded.map(\.write.quiz.id)).sorted()
    let finished = recorded.filter(\.finished)
    var update: SQLQueryString = "UPDATE dangdai_quizzes SET answered = CASE id"
    for id in changed {
      update += " WHEN \(bind: id) THEN \(bind: Int64(held[id]?.attempt.answers.count ?? 0))"
    }
    update += " ELSE answered END, correct = CASE id"
    for id in changed {
      update += " WHEN \(bind: id) THEN \(bind: Int64(held[id]?.attempt.score.correct ?? 0))"
    }
    update += " ELSE correct END"
    if !finished.isEmpty {
      update += " , finished_at = CASE id"
      for item in finished {
        update += " WHEN \(bind: item.write.quiz.id) THEN \(bind: item.write.answer.answeredAt.timeIntervalSince1970)"
      }
      update += " ELSE finished_at END, first_mastery = CASE id"
      for item in finished {
        update +=
          " WHEN \(bind: item.write.quiz.id) THEN \(bind: Int64(held[item.write.quiz.id]?.firstMastery == true ? 1 : 0))"
      }
      update += " ELSE first_mastery END"
    }
    update += " WHERE id IN (\(binds: changed))"
    try await database.raw(update).run()
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

  /// The best scores of every learner finishing a chapter's quiz, as the core moves them with
  /// each finish in order, and for each finished quiz whether it was its chapter's first mastery.
  private static func flagMastery(
    for finishes: [(write: AnswerWrite, correct: Int)], on database: any SQLDatabase
  ) async throws -> Mastery {
    var mastery = Mastery()
    for (write, correct) in finishes {
      let quiz = write.quiz
      let account = quiz.accountID
      if mastery.best[account] == nil {
        mastery.best[account] = BestScores(try await DangdaiStore(database: database).bestScores(of: account))
      }
      let score = QuizScore(correct: correct, total: quiz.questions.count)
      guard let finish = mastery.best[account]?.finish(quiz.kind, on: quiz.lesson, scoring: score) else { continue }
      mastery.firstMastery[quiz.id] = finish.firstMastery
      if finish.raised, let lesson = quiz.lesson {
        mastery.changed.insert(BestKey(account: account, lesson: lesson, kind: quiz.kind))
      }
    }
    return mastery
  }

  /// Adds the correct answers among `writes` to each learner's count, and returns the counts after.
  private static func addCorrectAnswers(
    for writes: [AnswerWrite], on database: any SQLDatabase
  ) async throws -> [String: Int] {
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
  var attempt: QuizAttempt
  var firstMastery: Bool
  var finishedAt: Double?
  /// Its stored answers by id.
  var answers: [String: HeldAnswerRow] = [:]

  init(account: String, attempt: QuizAttempt, firstMastery: Bool, finishedAt: Double?) {
    self.account = account
    self.attempt = attempt
    self.firstMastery = firstMastery
    self.finishedAt = finishedAt
  }

  var progress: QuizProgress {
    QuizProgress(
      attempt: attempt, finishedAt: finishedAt.map(Date.init(timeIntervalSince1970:)),
      firstMastery: finishedAt != nil && firstMastery)
  }
}

private enum Outcome {
  case done(Recorded)
  case repeated(StoredAnswer)
  case recorded(QuizAttempt)
}

private struct BestKey: Hashable {
  let account: String
  let lesson: LessonID
  let kind: QuizKind
}

/// Best scores read for a batch, the ones it raised, and which quizzes first mastered a chapter.
private struct Mastery {
  var best: [String: BestScores] = [:]
  var firstMastery: [String: Bool] = [:]
  var changed: Set<BestKey> = []

  func save(on database: any SQLDatabase) async throws {
    guard !changed.isEmpty else { return }
    let insert = database.insert(into: DangdaiStore.best).columns("account_id", "lesson", "kind", "best")
    for key in changed.sorted(by: {
      ($0.account, $0.lesson, $0.kind.rawValue) < ($1.account, $1.lesson, $1.kind.rawValue)
    }) {
      guard let score = best[key.account]?.percents[key.lesson]?[key.kind] else { continue }
      insert.values(
        SQLBind(key.account), SQLBind(Int64(key.lesson.rawValue)), SQLBind(key.kind.rawValue), SQLBind(Int64(score)))
    }
    // The core raised these; the learner's row, held since their count moved, keeps another
    // process from writing theirs in between.
    try await insert.onConflict(with: ["account_id", "lesson", "kind"]) { $0.set(excludedValueOf: "best") }.run()
  }
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
  let question_count: Int64
  let finished_at: Double?
  let first_mastery: Int64
}

/// A stored answer as read for a batch, with its quiz: its JSON kept as text until it is needed.
private struct HeldAnswerRow: Decodable {
  let quiz_id: String
  let row: AnswerRow

  var answer_id: String { row.answer_id }
  var question: Int64 { row.question }
  var response: String { row.response }
  func verdict() throws -> Verdict.Code { try row.verdictCode() }

  init(_ write: AnswerWrite) throws {
    let answer = write.answer
    quiz_id = write.quiz.id
    row = AnswerRow(
      answer_id: answer.id, question: Int64(answer.question), response: try StoredJSON.encode(answer.response),
      verdict: answer.verdict.rawValue, tone_errors: try StoredJSON.encode(answer.toneErrors),
      sandhi_hint: answer.sandhiHint ? 1 : 0, answered_at: answer.answeredAt.timeIntervalSince1970)
  }

  init(from decoder: any Decoder) throws {
    quiz_id = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .quiz_id)
    row = try AnswerRow(from: decoder)
  }

  enum Key: CodingKey { case quiz_id }

  func answer() throws -> StoredAnswer { try row.answer() }
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
