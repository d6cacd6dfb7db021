import DangdaiCore
import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit
import ServerKit

/// What a quiz is, from the moment it is made: its questions with their keys never change, so a
/// process may remember them.
public struct QuizContent: Sendable, Equatable {
  public let id: String
  public let accountID: String
  public let lesson: LessonID?
  public let kind: QuizKind
  public let language: Language
  public let questions: [Question]
  public let createdAt: Date

  /// The quiz as a learner now reading `language` sees it (``Course/localized(_:madeIn:for:)``):
  /// the same questions and keys, their meanings in that language.
  public func localized(for language: Language, in course: Course) -> QuizContent {
    guard language != self.language else { return self }
    return QuizContent(
      id: id, accountID: accountID, lesson: lesson, kind: kind, language: language,
      questions: questions.map { course.localized($0, madeIn: self.language, for: language) }, createdAt: createdAt)
  }
}

/// A quiz as stored: its questions with their keys (``content``, whose members it shows as its
/// own), and every answer given so far.
@dynamicMemberLookup
public struct StoredQuiz: Sendable, Equatable {
  public let content: QuizContent
  public let answers: [StoredAnswer]
  public let finishedAt: Date?
  /// Whether finishing it mastered its chapter for the first time.
  public let firstMastery: Bool

  public init(content: QuizContent, answers: [StoredAnswer], finishedAt: Date?, firstMastery: Bool) {
    self.content = content
    self.answers = answers
    self.finishedAt = finishedAt
    self.firstMastery = firstMastery
  }

  public subscript<Value>(dynamicMember path: KeyPath<QuizContent, Value>) -> Value { content[keyPath: path] }

  /// The answers as the core's attempt, which decides what a new answer does.
  public var attempt: QuizAttempt {
    var attempt = QuizAttempt(questionCount: content.questions.count)
    for answer in answers.sorted(by: { $0.answeredAt < $1.answeredAt }) {
      _ = attempt.record(id: answer.id, question: answer.question, correct: answer.isCorrect)
    }
    return attempt
  }

  public var correct: Int { answers.filter(\.isCorrect).count }
}

/// One answer as stored, with the verdict it was given (kept as the core's code).
public struct StoredAnswer: Sendable, Equatable, Codable {
  public let id: String
  public let question: Int
  public let response: Response
  public let verdict: Verdict.Code
  public let toneErrors: [Int]
  public let sandhiHint: Bool
  public let answeredAt: Date

  /// `response` to question `question` as the core judged it; nil for a verdict that judged
  /// nothing (no tones, the wrong shape), which is never stored.
  public init?(id: String, question: Int, response: Response, judged: Verdict, at answeredAt: Date) {
    guard let code = judged.code else { return nil }
    self.init(
      id: id, question: question, response: response, verdict: code, toneErrors: judged.toneErrors,
      sandhiHint: judged.sandhiHint, answeredAt: answeredAt)
  }

  public init(
    id: String, question: Int, response: Response, verdict: Verdict.Code, toneErrors: [Int], sandhiHint: Bool,
    answeredAt: Date
  ) {
    self.id = id
    self.question = question
    self.response = response
    self.verdict = verdict
    self.toneErrors = toneErrors
    self.sandhiHint = sandhiHint
    self.answeredAt = answeredAt
  }

  public var isCorrect: Bool { verdict.isCorrect }

  /// The verdict as the core tells it.
  public var judged: Verdict { Verdict(code: verdict, toneErrors: toneErrors, sandhiHint: sandhiHint) }
}

/// A finished quiz, as history and progress read it.
public struct FinishedQuiz: Sendable, Equatable {
  public let id: String
  public let lesson: LessonID?
  public let kind: QuizKind
  public let correct: Int
  public let total: Int
  public let finishedAt: Date

  public var score: QuizScore { QuizScore(correct: correct, total: total) }
}

/// A word in the learner's review queue, scheduled by FSRS.
public struct ReviewEntry: Sendable, Equatable {
  public let lesson: LessonID
  public let hanzi: String
  public let card: ReviewCard
}

/// Dangdai's rows, the same on SQLite and PostgreSQL: settings, quizzes with their questions,
/// answers (each stored as it is given), the review queue, and imported vocabulary (the
/// operator's for everyone, and each learner's own).
public struct DangdaiStore: Sendable {
  public let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  static let settings = "dangdai_settings"
  static let quizzes = "dangdai_quizzes"
  static let answers = "dangdai_answers"
  static let reviews = "dangdai_reviews"
  static let imports = "dangdai_imports"
  static let learners = "dangdai_learners"
  static let best = "dangdai_best"

  public static let migrations = [
    Migration("dangdai-0001-learning") { database in
      try await database.create(table: settings)
        .column("account_id", type: .text, .primaryKey(autoIncrement: false))
        .column("language", type: .text, .notNull)
        .column("reading_display", type: .text, .notNull)
        .column("time_zone", type: .text, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
      try await database.create(table: quizzes)
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("account_id", type: .text, .notNull)
        .column("lesson", type: .bigint)
        .column("kind", type: .text, .notNull)
        .column("language", type: .text, .notNull)
        .column("questions", type: .text, .notNull)
        .column("question_count", type: .bigint, .notNull)
        .column("answered", type: .bigint, .notNull)
        .column("correct", type: .bigint, .notNull)
        .column("first_mastery", type: .bigint, .notNull)
        .column("created_at", type: .epochSeconds, .notNull)
        .column("finished_at", type: .epochSeconds)
        .run()
      try await database.create(index: "dangdai_quizzes_by_account").on(quizzes).column("account_id")
        .column("created_at").run()
      try await database.create(index: "dangdai_quizzes_finished").on(quizzes).column("account_id")
        .column("finished_at").run()
      try await database.create(table: answers)
        .column("quiz_id", type: .text, .notNull, .references(quizzes, "id", onDelete: .cascade))
        .column("question", type: .bigint, .notNull)
        .column("answer_id", type: .text, .notNull)
        .column("response", type: .text, .notNull)
        .column("verdict", type: .text, .notNull)
        .column("tone_errors", type: .text, .notNull)
        .column("sandhi_hint", type: .bigint, .notNull)
        .column("answered_at", type: .epochSeconds, .notNull)
        .primaryKey("quiz_id", "question")
        .unique("quiz_id", "answer_id")
        .run()
      try await database.create(table: reviews)
        .column("account_id", type: .text, .notNull)
        .column("hanzi", type: .text, .notNull)
        .column("lesson", type: .bigint, .notNull)
        .column("card", type: .text, .notNull)
        .column("due", type: .epochSeconds, .notNull)
        .primaryKey("account_id", "hanzi")
        .run()
      try await database.create(index: "dangdai_reviews_due").on(reviews).column("account_id").column("due").run()
      try await database.create(table: imports)
        .column("lesson", type: .bigint, .primaryKey(autoIncrement: false))
        .column("list", type: .text, .notNull)
        .column("imported_at", type: .epochSeconds, .notNull)
        .run()
    },
    // Each learner's count of correct answers (their points) and best score of each kind on each
    // lesson, kept with every answer, so neither an answer nor the dashboard goes over every quiz
    // again.
    Migration("dangdai-0002-learners") { database in
      try await database.create(table: learners)
        .column("account_id", type: .text, .primaryKey(autoIncrement: false))
        .column("correct_answers", type: .bigint, .notNull)
        .run()
      try await database.raw(
        """
        INSERT INTO dangdai_learners (account_id, correct_answers)
        SELECT account_id, SUM(correct) FROM dangdai_quizzes GROUP BY account_id
        """
      ).run()
      try await database.create(table: best)
        .column("account_id", type: .text, .notNull)
        .column("lesson", type: .bigint, .notNull)
        .column("kind", type: .text, .notNull)
        .column("best", type: .bigint, .notNull)
        .primaryKey("account_id", "lesson", "kind")
        .run()
      try await backfillBest(on: database)
    },
    // Sound and the look follow the learner from device to device.
    Migration("dangdai-0003-preferences") { database in
      try await database.raw("ALTER TABLE dangdai_settings ADD COLUMN sound BIGINT NOT NULL DEFAULT 1").run()
      try await database.raw("ALTER TABLE dangdai_settings ADD COLUMN theme TEXT NOT NULL DEFAULT 'system'").run()
    },
    listsMigration,
  ]

  /// Every learner's best scores from the quizzes they finished before the scores were kept, as
  /// the core picks them.
  static func backfillBest(on database: any SQLDatabase) async throws {
    let rows: [FinishedScoreRow] = try await database.select()
      .columns("account_id", "lesson", "kind", "correct", "question_count").from(quizzes)
      .where("finished_at", .isNot, SQLLiteral.null).all(decoding: FinishedScoreRow.self)
    let byAccount = Dictionary(grouping: rows.compactMap(\.finished)) { $0.account }
    for (account, finished) in byAccount.sorted(by: { $0.key < $1.key }) {
      let best = BestScores(finished: finished.map { ($0.lesson, $0.kind, $0.score) })
      for (lesson, kinds) in best.percents.sorted(by: { $0.key < $1.key }) {
        for (kind, percent) in kinds.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
          try await database.insert(into: Self.best).columns("account_id", "lesson", "kind", "best")
            .values(SQLBind(account), SQLBind(Int64(lesson.rawValue)), SQLBind(kind.rawValue), SQLBind(Int64(percent)))
            .run()
        }
      }
    }
  }

  // MARK: Settings

  public func settings(of account: String) async throws -> DangdaiSettings? {
    let row = try await database.select().columns("language", "reading_display", "time_zone", "sound", "theme")
      .from(Self.settings).where("account_id", .equal, SQLBind(account)).first(decoding: SettingsRow.self)
    return row.map {
      DangdaiSettings(
        language: Language(rawValue: $0.language),
        readingDisplay: DangdaiSettings.ReadingDisplay(rawValue: $0.reading_display) ?? .pinyin,
        timeZone: $0.time_zone, sound: $0.sound != 0, theme: DangdaiSettings.Theme(rawValue: $0.theme) ?? .system)
    }
  }

  public func save(_ settings: DangdaiSettings, of account: String, at now: Date) async throws {
    try await database.insert(into: Self.settings)
      .columns("account_id", "language", "reading_display", "time_zone", "sound", "theme", "updated_at")
      .values(
        SQLBind(account), SQLBind(settings.language.rawValue), SQLBind(settings.readingDisplay.rawValue),
        SQLBind(settings.timeZone), SQLBind(settings.sound ? 1 : 0), SQLBind(settings.theme.rawValue),
        SQLBind(now.timeIntervalSince1970)
      )
      .onConflict(with: ["account_id"]) {
        $0.set(excludedValueOf: "language").set(excludedValueOf: "reading_display")
          .set(excludedValueOf: "time_zone").set(excludedValueOf: "sound").set(excludedValueOf: "theme")
          .set(excludedValueOf: "updated_at")
      }
      .run()
  }

  // MARK: Quizzes

  /// Stores a new quiz, with no answers yet, when the learner's quota leaves room for it
  /// (otherwise `UNFINISHED_QUIZ_LIMIT` or `QUIZ_QUOTA_REACHED`, and nothing is stored).
  public func insert(_ quiz: QuizContent, within quota: QuizQuota = .standard) async throws {
    if let refusal = quota.refusal(try await quizzesKept(by: quiz.accountID)) {
      throw DangdaiError.quota(refusal)
    }
    try await database.insert(into: Self.quizzes)
      .columns(
        "id", "account_id", "lesson", "kind", "language", "questions", "question_count", "answered", "correct",
        "first_mastery", "created_at"
      )
      .values(
        SQLBind(quiz.id), SQLBind(quiz.accountID), SQLBind(quiz.lesson.map { Int64($0.rawValue) }),
        SQLBind(quiz.kind.rawValue), SQLBind(quiz.language.rawValue), SQLBind(try StoredJSON.encode(quiz.questions)),
        SQLBind(Int64(quiz.questions.count)), SQLBind(Int64(0)), SQLBind(Int64(0)), SQLBind(Int64(0)),
        SQLBind(quiz.createdAt.timeIntervalSince1970)
      )
      .run()
  }

  /// What `account`'s quiz `id` asks; nil when there is none (or it is someone else's).
  public func content(_ id: String, of account: String) async throws -> QuizContent? {
    try await database.select().columns(QuizRow.columns.map { SQLColumn($0) }).from(Self.quizzes)
      .where("id", .equal, SQLBind(id)).where("account_id", .equal, SQLBind(account))
      .first(decoding: QuizRow.self)?.quiz(answers: []).content
  }

  /// `account`'s quiz `id` with its answers; nil when there is none (or it is someone else's).
  public func quiz(_ id: String, of account: String) async throws -> StoredQuiz? {
    try await quiz(id, of: account, on: database)
  }

  func quiz(_ id: String, of account: String, on database: any SQLDatabase) async throws -> StoredQuiz? {
    guard
      let row = try await database.select().columns(QuizRow.columns.map { SQLColumn($0) }).from(Self.quizzes)
        .where("id", .equal, SQLBind(id)).where("account_id", .equal, SQLBind(account))
        .first(decoding: QuizRow.self)
    else { return nil }
    let answers = try await database.select().columns(AnswerRow.columns.map { SQLColumn($0) }).from(Self.answers)
      .where("quiz_id", .equal, SQLBind(id)).orderBy("answered_at").all(decoding: AnswerRow.self)
    return try row.quiz(answers: answers.map { try $0.answer() })
  }

  /// The best score in percent of each kind of quiz finished on each lesson (reviews aside).
  public func bestScores(
    of account: String, on database: (any SQLDatabase)? = nil
  ) async throws
    -> [LessonID: [QuizKind: Int]]
  {
    let rows = try await (database ?? self.database).select().columns("lesson", "kind", "best").from(Self.best)
      .where("account_id", .equal, SQLBind(account)).all(decoding: BestRow.self)
    var best: [LessonID: [QuizKind: Int]] = [:]
    for row in rows {
      guard let lesson = LessonID(rawValue: Int(row.lesson)), let kind = QuizKind(rawValue: row.kind) else { continue }
      best[lesson, default: [:]][kind] = Int(row.best)
    }
    return best
  }

  /// Correct answers the learner has ever given (the core counts their points).
  public func correctAnswers(of account: String) async throws -> Int {
    let row = try await database.select().column(SQLAlias(SQLColumn("correct_answers"), as: "total"))
      .from(Self.learners).where("account_id", .equal, SQLBind(account)).first(decoding: TotalRow.self)
    return Int(row?.total ?? 0)
  }

  /// When each of the learner's quizzes finished.
  public func finishTimes(of account: String) async throws -> [Date] {
    try await database.select().column("finished_at").from(Self.quizzes)
      .where("account_id", .equal, SQLBind(account)).where("finished_at", .isNot, SQLLiteral.null)
      .all(decoding: FinishedAtRow.self).map { Date(timeIntervalSince1970: $0.finished_at) }
  }

  /// Finished quizzes, newest first, from before `cursor` (a finish time and an id).
  public func history(of account: String, before cursor: (Date, String)?, limit: Int) async throws -> [FinishedQuiz] {
    var query = database.select().columns(QuizRow.summaryColumns.map { SQLColumn($0) }).from(Self.quizzes)
      .where("account_id", .equal, SQLBind(account)).where("finished_at", .isNot, SQLLiteral.null)
    if let (at, id) = cursor {
      let seconds = at.timeIntervalSince1970
      query = query.where {
        $0.where("finished_at", .lessThan, SQLBind(seconds)).orWhere {
          $0.where("finished_at", .equal, SQLBind(seconds)).where("id", .lessThan, SQLBind(id))
        }
      }
    }
    return try await query.orderBy("finished_at", .descending).orderBy("id", .descending).limit(limit)
      .all(decoding: SummaryRow.self).compactMap(\.finished)
  }

  /// The learner's latest quiz not yet finished, if any.
  public func latestUnfinished(of account: String) async throws -> StoredQuiz? {
    guard
      let row = try await database.select().column("id").from(Self.quizzes)
        .where("account_id", .equal, SQLBind(account)).where("finished_at", .is, SQLLiteral.null)
        .orderBy("created_at", .descending).limit(1).first(decoding: IDRow.self)
    else { return nil }
    return try await quiz(row.id, of: account)
  }

  /// The learner's quizzes of `lesson` not yet finished, the newest of each kind, with how many of
  /// its questions are answered.
  public func unfinished(of account: String, lesson: LessonID) async throws -> [QuizKind: (quiz: String, answered: Int)]
  {
    let rows: [UnfinishedRow] = try await database.select().columns("id", "kind", "answered").from(Self.quizzes)
      .where("account_id", .equal, SQLBind(account)).where("lesson", .equal, SQLBind(Int64(lesson.rawValue)))
      .where("finished_at", .is, SQLLiteral.null).orderBy("created_at", .descending).limit(Self.unfinishedShown)
      .all(decoding: UnfinishedRow.self)
    var found: [QuizKind: (quiz: String, answered: Int)] = [:]
    for row in rows {
      guard let kind = QuizKind(rawValue: row.kind), found[kind] == nil else { continue }
      found[kind] = (row.id, Int(row.answered))
    }
    return found
  }

  /// Unfinished quizzes of a chapter looked at for its page: far more than its kinds.
  static let unfinishedShown = 40

  // MARK: Review

  /// The learner's words due by `now`, soonest first, at most `limit`; only `lesson`'s when one is named.
  public func due(of account: String, at now: Date, limit: Int, lesson: LessonID? = nil) async throws -> [ReviewEntry] {
    var query = database.select().columns("lesson", "hanzi", "card").from(Self.reviews)
      .where("account_id", .equal, SQLBind(account)).where("due", .lessThanOrEqual, SQLBind(now.timeIntervalSince1970))
    if let lesson { query = query.where("lesson", .equal, SQLBind(Int64(lesson.rawValue))) }
    return try await query.orderBy("due").orderBy("hanzi").limit(limit).all(decoding: ReviewRow.self)
      .compactMap { try $0.entry() }
  }

  public func reviewCount(of account: String) async throws -> Int {
    let row = try await database.raw(
      "SELECT COUNT(*) AS total FROM dangdai_reviews WHERE account_id = \(bind: account)"
    ).first(decoding: TotalRow.self)
    return Int(row?.total ?? 0)
  }

  // MARK: Imported vocabulary

  /// Every imported list, as each lesson's lines in the import format.
  public func importedLists() async throws -> [LessonID: String] {
    let rows = try await database.select().columns("lesson", "list").from(Self.imports).all(decoding: ImportRow.self)
    return Dictionary(
      uniqueKeysWithValues: rows.compactMap { row in LessonID(rawValue: Int(row.lesson)).map { ($0, row.list) } })
  }

  /// Replaces the imported lists of `lists`' lessons, all together.
  public func saveImported(_ lists: [LessonID: String], at now: Date) async throws {
    try await database.inTransaction { database in
      for (lesson, list) in lists.sorted(by: { $0.key < $1.key }) {
        try await database.insert(into: Self.imports).columns("lesson", "list", "imported_at")
          .values(SQLBind(Int64(lesson.rawValue)), SQLBind(list), SQLBind(now.timeIntervalSince1970))
          .onConflict(with: ["lesson"]) { $0.set(excludedValueOf: "list").set(excludedValueOf: "imported_at") }
          .run()
      }
    }
  }

  // MARK: An account's data

  /// Removes everything kept for `account`; safe to repeat.
  public func erase(_ account: String) async throws {
    try await database.inTransaction { database in
      try await database.raw(
        """
        DELETE FROM dangdai_answers WHERE quiz_id IN (SELECT id FROM dangdai_quizzes WHERE account_id = \(bind: account))
        """
      ).run()
      try await database.delete(from: Self.quizzes).where("account_id", .equal, SQLBind(account)).run()
      try await database.delete(from: Self.reviews).where("account_id", .equal, SQLBind(account)).run()
      try await database.delete(from: Self.settings).where("account_id", .equal, SQLBind(account)).run()
      try await database.delete(from: Self.learners).where("account_id", .equal, SQLBind(account)).run()
      try await database.delete(from: Self.best).where("account_id", .equal, SQLBind(account)).run()
      try await database.delete(from: Self.learnerLists).where("account_id", .equal, SQLBind(account)).run()
      try await database.delete(from: Self.pendingLists).where("account_id", .equal, SQLBind(account)).run()
    }
  }

  /// Every quiz of `account`'s, with its answers, oldest first.
  public func quizzes(of account: String) async throws -> [StoredQuiz] {
    let ids = try await database.select().column("id").from(Self.quizzes)
      .where("account_id", .equal, SQLBind(account)).orderBy("created_at").all(decoding: IDRow.self)
    var quizzes: [StoredQuiz] = []
    for row in ids {
      if let quiz = try await quiz(row.id, of: account) { quizzes.append(quiz) }
    }
    return quizzes
  }

  public func reviews(of account: String) async throws -> [ReviewEntry] {
    try await database.select().columns("lesson", "hanzi", "card").from(Self.reviews)
      .where("account_id", .equal, SQLBind(account)).orderBy("hanzi").all(decoding: ReviewRow.self)
      .compactMap { try $0.entry() }
  }
}

// MARK: Rows

private struct UnfinishedRow: Decodable {
  let id: String
  let kind: String
  let answered: Int64
}

private struct SettingsRow: Decodable {
  let language: String
  let reading_display: String
  let time_zone: String
  let sound: Int
  let theme: String
}

private struct QuizRow: Decodable {
  static let columns = [
    "id", "account_id", "lesson", "kind", "language", "questions", "created_at", "finished_at", "first_mastery",
  ]
  static let summaryColumns = ["id", "lesson", "kind", "correct", "question_count", "finished_at"]

  let id: String
  let account_id: String
  let lesson: Int64?
  let kind: String
  let language: String
  let questions: String
  let created_at: Double
  let finished_at: Double?
  let first_mastery: Int64

  func quiz(answers: [StoredAnswer]) throws -> StoredQuiz {
    guard let kind = QuizKind(rawValue: kind) else { throw StoredDataError.unreadable("quiz \(id) kind") }
    let content = QuizContent(
      id: id, accountID: account_id, lesson: lesson.flatMap { LessonID(rawValue: Int($0)) }, kind: kind,
      language: Language(rawValue: language), questions: try StoredJSON.decode([Question].self, from: questions),
      createdAt: Date(timeIntervalSince1970: created_at))
    return StoredQuiz(
      content: content, answers: answers, finishedAt: finished_at.map(Date.init(timeIntervalSince1970:)),
      firstMastery: first_mastery == 1)
  }

}

private struct SummaryRow: Decodable {
  let id: String
  let lesson: Int64?
  let kind: String
  let correct: Int64
  let question_count: Int64
  let finished_at: Double?

  var finished: FinishedQuiz? {
    guard let kind = QuizKind(rawValue: kind), let finished_at, question_count > 0 else { return nil }
    return FinishedQuiz(
      id: id, lesson: lesson.flatMap { LessonID(rawValue: Int($0)) }, kind: kind, correct: Int(correct),
      total: Int(question_count), finishedAt: Date(timeIntervalSince1970: finished_at))
  }
}

struct AnswerRow: Decodable {
  static let columns = ["answer_id", "question", "response", "verdict", "tone_errors", "sandhi_hint", "answered_at"]

  let answer_id: String
  let question: Int64
  let response: String
  let verdict: String
  let tone_errors: String
  let sandhi_hint: Int64
  let answered_at: Double

  /// The verdict's code as the core defines it.
  func verdictCode() throws -> Verdict.Code {
    guard let code = Verdict.Code(rawValue: verdict) else { throw StoredDataError.unreadable("verdict \(verdict)") }
    return code
  }

  func answer() throws -> StoredAnswer {
    StoredAnswer(
      id: answer_id, question: Int(question), response: try StoredJSON.decode(Response.self, from: response),
      verdict: try verdictCode(), toneErrors: try StoredJSON.decode([Int].self, from: tone_errors),
      sandhiHint: sandhi_hint == 1,
      answeredAt: Date(timeIntervalSince1970: answered_at))
  }
}

struct ReviewRow: Decodable {
  let lesson: Int64
  let hanzi: String
  let card: String

  func entry() throws -> ReviewEntry? {
    guard let lesson = LessonID(rawValue: Int(lesson)) else { return nil }
    return ReviewEntry(lesson: lesson, hanzi: hanzi, card: try StoredJSON.decode(ReviewCard.self, from: card))
  }
}

private struct FinishedScoreRow: Decodable {
  let account_id: String
  let lesson: Int64?
  let kind: String
  let correct: Int64
  let question_count: Int64

  var finished: (account: String, lesson: LessonID?, kind: QuizKind, score: QuizScore)? {
    guard let kind = QuizKind(rawValue: kind), question_count > 0, (0...question_count).contains(correct) else {
      return nil
    }
    return (
      account_id, lesson.flatMap { LessonID(rawValue: Int($0)) }, kind,
      QuizScore(correct: Int(correct), total: Int(question_count))
    )
  }
}

private struct BestRow: Decodable {
  let lesson: Int64
  let kind: String
  let best: Int64
}

struct TotalRow: Decodable { let total: Int64 }
private struct FinishedAtRow: Decodable { let finished_at: Double }
private struct IDRow: Decodable { let id: String }

private struct ImportRow: Decodable {
  let lesson: Int64
  let list: String
}

/// A stored row this build cannot read.
enum StoredDataError: Error {
  case unreadable(String)
}

/// How values are kept in text columns: compact JSON, keys sorted so equal values store equally.
enum StoredJSON {
  static func encode(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
    try JSONDecoder().decode(type, from: Data(text.utf8))
  }
}
