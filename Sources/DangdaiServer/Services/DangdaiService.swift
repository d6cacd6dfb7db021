import DangdaiCore
import Foundation
import OrchardDatabase
import OrchardIdentity
import OrchardKit
import SQLKit
import ServerKit
import Synchronization

/// Dangdai's server side, one for the API and the web alike: it makes quizzes from the course,
/// judges and stores answers, and reads progress back. Every rule is the core's; this decides only
/// what to read and write. A refusal is the core's ``DangdaiError``, which each face says its own
/// way (the API as a problem document, the web as a page).
public struct DangdaiService: Sendable {
  let store: DangdaiStore
  let clock: any WallClock
  let random: RandomSource
  let limiter: RateLimiter?
  let courses: CourseSource
  /// The optional language-model tier for grammar questions.
  let languageModel: LanguageModelTier?
  /// What each quiz asks, remembered: its questions never change once made.
  let quizzes: Cache<String, QuizContent>
  /// What the dashboard shows of each learner, until their next write.
  let learners: Cache<String, LearnerSnapshot>
  let answers: AnswerBatches

  /// `quizzes`, `learners` and `lists` are the process's caches (the server's share revocations
  /// with every process on the database); by default each is this service's own.
  public init(
    store: DangdaiStore, clock: any WallClock, random: RandomSource, limiter: RateLimiter? = nil,
    languageModel: LanguageModelTier? = nil, quizzes: Cache<String, QuizContent>? = nil,
    learners: Cache<String, LearnerSnapshot>? = nil, lists: Cache<String, LearnerLists>? = nil
  ) {
    self.store = store
    self.clock = clock
    self.random = random
    self.limiter = limiter
    self.courses = CourseSource(
      store: store, clock: clock, lists: lists ?? Cache("dangdai-lists", capacity: Self.learnersKept, clock: clock))
    self.languageModel = languageModel
    self.quizzes = quizzes ?? Cache("dangdai-quizzes", capacity: Self.quizzesKept, clock: clock)
    let learners = learners ?? Cache("dangdai-learners", capacity: Self.learnersKept, clock: clock)
    self.learners = learners
    self.answers = AnswerBatches(store: store) { accounts in
      for account in accounts { try? await learners.forget(account) }
    }
  }

  static let quizzesKept = 20_000
  static let learnersKept = 20_000

  /// Quizzes one learner may start: far above any real pace, well below a script's.
  static let quizStarts = RateRule("dangdai-quiz-starts", burst: 60, perMinute: 60)

  // MARK: Settings

  /// The learner's settings; a new learner's speak the account's language.
  public func settings(of account: Account) async throws -> DangdaiSettings {
    if let known = try await learners.value(for: account.id) { return known.settings }
    if let settings = try await store.settings(of: account.id) { return settings }
    return .newLearner(speaking: account.language)
  }

  /// What the dashboard shows of the learner: remembered, or read now.
  public func snapshot(of account: Account) async throws -> LearnerSnapshot {
    try await learners.fetch(account.id) {
      try await LearnerSnapshot.read(account, store: store, settings: try await settings(of: account))
    }
  }

  public func updateSettings(
    of account: Account, language: Language?, readingDisplay: DangdaiSettings.ReadingDisplay?, timeZone: String?,
    sound: Bool? = nil, theme: DangdaiSettings.Theme? = nil
  ) async throws -> DangdaiSettings {
    var settings = try await settings(of: account)
    if let sound { settings.sound = sound }
    if let theme { settings.theme = theme }
    if let language {
      guard DangdaiTexts.all.languages.contains(language) else { throw DangdaiError.unsupportedLanguage }
      settings.language = language
    }
    if let readingDisplay { settings.readingDisplay = readingDisplay }
    if let timeZone {
      guard let zone = try? IANAZone(timeZone) else { throw DangdaiError.invalidTimeZone }
      settings.timeZone = zone.identifier
    }
    try await store.save(settings, of: account.id, at: clock.now)
    try await learners.forget(account.id)
    return settings
  }

  // MARK: Content

  /// The course for a visitor not signed in: the companion lessons, with the operator's lists.
  public func course() async throws -> Course { try await courses.current() }

  /// The course `account` learns from: with their own word lists in place, where they have some.
  public func course(for account: Account) async throws -> Course {
    try await courses.edition(for: account.id).course
  }

  /// A lesson of `course` by the id a path or a request names, or `CHAPTER_NOT_FOUND`.
  public func lesson(_ id: LessonID?, of course: Course) throws -> Lesson {
    guard let id, let lesson = course.lesson(id) else { throw DangdaiError.chapterNotFound }
    return lesson
  }

  // MARK: Quizzes

  /// A new quiz of `kind` on `lesson`, stored before it is returned. A review asks the words due
  /// of every lesson, or of the chapter named. `listening`: the learner's device has a Mandarin
  /// voice, so word questions may be heard.
  public func startQuiz(
    for account: Account, kind: QuizKind, lesson id: LessonID?, chapterGiven: Bool, listening: Bool = false
  ) async throws
    -> StoredQuiz
  {
    try limiter?.check(Self.quizStarts, for: account.id)
    let settings = try await settings(of: account)
    let course = try await course(for: account)
    let generator = QuizGenerator(course: course, language: settings.language, listening: listening)
    var source = random.generator
    var seeded = SeededRandomNumberGenerator(seed: source.next())
    let questions: [Question]
    var lesson: LessonID?
    if kind == .review {
      if chapterGiven { lesson = try self.lesson(id, of: course).id }
      let due = try await store.due(of: account.id, at: clock.now, limit: QuizGenerator.reviewLimit, lesson: lesson)
      questions = generator.review(due.map { (lesson: $0.lesson, hanzi: $0.hanzi) }, using: &seeded)
      guard !questions.isEmpty else { throw DangdaiError.nothingToReview }
    } else {
      guard chapterGiven else { throw DangdaiError.chapterRequired }
      let chapter = try self.lesson(id, of: course)
      lesson = chapter.id
      let made = generator.quiz(kind, lesson: chapter.id, using: &seeded) ?? []
      guard !made.isEmpty else { throw DangdaiError.chapterNotFound }
      questions = await withLanguageModel(made, lesson: chapter, generator: generator)
    }
    let content = QuizContent(
      id: random.id().description, accountID: account.id, lesson: lesson, kind: kind, language: settings.language,
      questions: questions, createdAt: Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down)))
    try await store.insert(content)
    quizzes.store(content, for: content.id)
    try await learners.forget(account.id)
    return StoredQuiz(content: content, answers: [], finishedAt: nil, firstMastery: false)
  }

  /// How many words are due for review now, counted up to what one review quiz asks: of every
  /// lesson, or of `lesson`'s alone.
  public func dueWords(of account: Account, lesson: LessonID? = nil) async throws -> Int {
    try await store.due(of: account.id, at: clock.now, limit: QuizGenerator.reviewLimit, lesson: lesson).count
  }

  /// What `account`'s quiz asks, remembered or read; `QUIZ_NOT_FOUND` when it is not theirs.
  public func content(_ id: String, of account: Account) async throws -> QuizContent {
    guard let content = try await quizzes.load(id, { try await store.content(id, of: account.id) }),
      content.accountID == account.id
    else { throw DangdaiError.quizNotFound }
    return content
  }

  /// `questions` with the chapter's own grammar questions replaced by the language model's, as
  /// many as it wrote that pass the validator (none when it is off, slow or wrong: the
  /// deterministic ones stay, so the quiz is always full).
  func withLanguageModel(_ questions: [Question], lesson: Lesson, generator: QuizGenerator) async -> [Question] {
    let slots = questions.indices.filter { index in
      if case .grammar(let from, _) = questions[index].subject { return from == lesson.id }
      return false
    }
    guard let languageModel, !slots.isEmpty else { return questions }
    let written = await languageModel.questions(
      for: lesson, course: generator.course, count: slots.count, language: generator.language)
    var seen: Set<[String]> = []
    let sound = written.filter { question in
      generator.validator.problems(question).isEmpty && seen.insert(question.options).inserted
    }
    if sound.count < written.count {
      languageModel.logger.info(
        "dropped the model's questions that failed validation",
        metadata: ["lesson": "\(lesson.id)", "written": "\(written.count)", "kept": "\(sound.count)"])
    }
    var result = questions
    for (slot, question) in zip(slots, sound) { result[slot] = question }
    return result
  }

  public func quiz(_ id: String, of account: Account) async throws -> StoredQuiz {
    guard let quiz = try await store.quiz(id, of: account.id) else { throw DangdaiError.quizNotFound }
    return quiz
  }

  /// What answering did: the answer as stored, the quiz after it, the learner's points, and the
  /// result when it finished the quiz.
  public struct Answered: Sendable {
    public let answer: StoredAnswer
    public let quiz: QuizContent
    public let progress: QuizProgress
    public let points: Int
    public let result: QuizResult?
  }

  /// Judges `response` to question `index` and stores it under `answerID` in one transaction; the
  /// same answer again returns what was stored the first time.
  public func answer(
    _ response: Response, to index: Int, of quizID: String, id answerID: String, by account: Account
  ) async throws -> Answered {
    try await answer(response, to: index, of: try await content(quizID, of: account), id: answerID, by: account)
  }

  /// The same, for a quiz the caller has read already (``content(_:of:)``): nothing reads it again.
  public func answer(
    _ response: Response, to index: Int, of content: QuizContent, id answerID: String, by account: Account
  ) async throws -> Answered {
    guard content.accountID == account.id else { throw DangdaiError.quizNotFound }
    guard content.questions.indices.contains(index) else { throw DangdaiError.questionNotFound }
    let question = content.questions[index]
    let verdict = question.check(response)
    if let refusal = DangdaiError(unjudged: verdict) { throw refusal }
    guard
      let answer = StoredAnswer(id: answerID, question: index, response: response, judged: verdict, at: clock.now)
    else { throw DangdaiError.answerUnreadable }
    var word: (lesson: LessonID, hanzi: String)?
    if case .word(let hanzi) = question.subject {
      let course = try await course(for: account)
      word = (course.lesson(teaching: hanzi) ?? question.lesson, hanzi)
    }
    switch try await answers.record(AnswerWrite(quiz: content, answer: answer, word: word)) {
    case .stored(let stored, let progress, let correctAnswers, let best):
      let result = QuizResult(
        quiz: content, progress: progress, chapter: content.lesson.map { .init(lesson: $0, best: best ?? [:]) })
      return Answered(
        answer: stored, quiz: content, progress: progress, points: QuizScore.points(correctAnswers: correctAnswers),
        result: result)
    case .repeated(let stored, let progress):
      let points = QuizScore.points(correctAnswers: try await store.correctAnswers(of: account.id))
      let result = try await self.result(of: content, progress: progress, account: account)
      return Answered(answer: stored, quiz: content, progress: progress, points: points, result: result)
    case .conflict: throw DangdaiError.alreadyAnswered
    case .noSuchQuestion: throw DangdaiError.questionNotFound
    case .noSuchQuiz: throw DangdaiError.quizNotFound
    }
  }

  /// A finished quiz's result, or `QUIZ_NOT_FINISHED`.
  public func result(_ quizID: String, of account: Account) async throws -> QuizResult {
    guard let result = try await result(of: try await quiz(quizID, of: account), account: account) else {
      throw DangdaiError.quizNotFinished
    }
    return result
  }

  /// A stored quiz's result, once it is finished.
  public func result(of quiz: StoredQuiz, account: Account) async throws -> QuizResult? {
    let progress = QuizProgress(attempt: quiz.attempt, finishedAt: quiz.finishedAt, firstMastery: quiz.firstMastery)
    return try await result(of: quiz.content, progress: progress, account: account)
  }

  /// The result of a quiz as it stands, with its chapter's best scores as stored; nil until it is
  /// finished.
  private func result(of quiz: QuizContent, progress: QuizProgress, account: Account) async throws -> QuizResult? {
    guard progress.finishedAt != nil else { return nil }
    var chapter: BookProgress.ChapterEntry?
    if let lesson = quiz.lesson {
      chapter = .init(lesson: lesson, best: try await store.bestScores(of: account.id)[lesson] ?? [:])
    }
    return QuizResult(quiz: quiz, progress: progress, chapter: chapter)
  }

  // MARK: Progress

  public struct Overview: Sendable {
    public let points: Int
    public let streak: Streak
    public let activeToday: Bool
    public let books: [BookProgress]
    public let zone: IANAZone
  }

  public func overview(of account: Account) async throws -> Overview {
    overview(try await snapshot(of: account))
  }

  public func overview(_ snapshot: LearnerSnapshot) -> Overview {
    let today = LocalDay(containing: clock.now, in: snapshot.zone.timeZone)
    let days = Set(snapshot.days.keys)
    return Overview(
      points: QuizScore.points(correctAnswers: snapshot.correctAnswers), streak: Streak(kept: days, today: today),
      activeToday: days.contains(today), books: BookProgress.books(best: snapshot.best), zone: snapshot.zone)
  }

  /// What the dashboard shows: the overview, this week's days, the latest quizzes and where to
  /// continue.
  public func dashboard(of account: Account) async throws -> Dashboard {
    dashboard(try await snapshot(of: account))
  }

  public func dashboard(_ snapshot: LearnerSnapshot) -> Dashboard {
    let overview = overview(snapshot)
    let today = LocalDay(containing: clock.now, in: snapshot.zone.timeZone)
    return Dashboard(
      overview: overview, recentDays: ActivityCalendar.recent(snapshot.days, today: today),
      recentQuizzes: snapshot.recent,
      next: ContinuePoint.choose(unfinished: snapshot.unfinished, books: overview.books))
  }

  public struct Dashboard: Sendable {
    public let overview: Overview
    public let recentDays: [(day: LocalDay, quizzes: Int)]
    public let recentQuizzes: [FinishedQuiz]
    public let next: ContinuePoint
  }

  /// Quizzes finished each day of a range, in the learner's time zone.
  /// A page of the activity calendar (a week, or a month) at `day` or today, with its days.
  public func calendar(
    of account: Account, view: ActivityCalendar.View, at day: LocalDay?
  ) async throws -> (page: ActivityCalendar.Page, days: [(day: LocalDay, quizzes: Int)]) {
    let snapshot = try await snapshot(of: account)
    let page = ActivityCalendar.page(view, at: day, today: LocalDay(containing: clock.now, in: snapshot.zone.timeZone))
    return (page, ActivityCalendar.days(snapshot.days, from: page.from, to: page.to))
  }

  public func activity(
    of account: Account, from: LocalDay?, to: LocalDay?
  ) async throws
    -> (zone: IANAZone, from: LocalDay, to: LocalDay, days: [(day: LocalDay, quizzes: Int)])
  {
    // The learner's days are counted in their snapshot already, in their time zone.
    let snapshot = try await snapshot(of: account)
    let today = LocalDay(containing: clock.now, in: snapshot.zone.timeZone)
    guard let range = ActivityCalendar.range(from: from, to: to, today: today) else {
      throw DangdaiError.invalidRange
    }
    return (
      snapshot.zone, range.from, range.to, ActivityCalendar.days(snapshot.days, from: range.from, to: range.to)
    )
  }

  /// A page of finished quizzes, newest first, from before `cursor` (a page's `next`).
  public func history(
    of account: Account, before cursor: String?, limit: Int = QuizHistory.pageSize
  ) async throws
    -> (quizzes: [FinishedQuiz], next: String?)
  {
    guard QuizHistory.pageSizes.contains(limit) else { throw DangdaiError.invalidPageSize }
    var after: (Date, String)?
    if let cursor {
      guard let parsed = HistoryCursor.parse(cursor) else { throw DangdaiError.invalidCursor }
      after = parsed
    }
    let page = try await store.history(of: account.id, before: after, limit: limit + 1)
    let quizzes = Array(page.prefix(limit))
    let next = page.count > limit ? quizzes.last.map { HistoryCursor.make($0.finishedAt, $0.id) } : nil
    return (quizzes, next)
  }
}

/// A finished quiz's score, with its chapter's progress after it.
public struct QuizResult: Sendable {
  public let quiz: QuizContent
  public let score: QuizScore
  /// Whether it mastered its chapter for the first time.
  public let firstMastery: Bool
  public let chapter: BookProgress.ChapterEntry?
  public let finishedAt: Date

  /// Nil while the quiz is not finished.
  init?(quiz: QuizContent, progress: QuizProgress, chapter: BookProgress.ChapterEntry?) {
    guard let finishedAt = progress.finishedAt else { return nil }
    self.quiz = quiz
    self.score = QuizScore(correct: progress.correct, total: quiz.questions.count)
    self.firstMastery = progress.firstMastery
    self.chapter = chapter
    self.finishedAt = finishedAt
  }
}

/// History's page marker: the last quiz's finish time (milliseconds) and id.
enum HistoryCursor {
  static func make(_ at: Date, _ id: String) -> String { "\(Int64((at.timeIntervalSince1970 * 1000).rounded()))-\(id)" }

  static func parse(_ text: String) -> (Date, String)? {
    guard let dash = text.firstIndex(of: "-"), let millis = Int64(text[..<dash]), millis >= 0 else { return nil }
    let id = String(text[text.index(after: dash)...])
    guard !id.isEmpty, id.utf8.count <= 64 else { return nil }
    return (Date(timeIntervalSince1970: Double(millis) / 1000), id)
  }
}
