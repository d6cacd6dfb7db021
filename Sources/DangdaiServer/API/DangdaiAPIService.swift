import DangdaiAPI
import DangdaiCore
import Foundation
import NIOCore
import OrchardIdentity
import OrchardKit
import ServerKit

/// Dangdai's JSON API: each operation reads the signed-in learner, asks ``DangdaiService`` and
/// writes its answer in the document's shapes. Sentences come from the core's catalogs in the
/// learner's language; the core's refusals become problem documents here, once
/// (``DangdaiProblem``).
struct DangdaiAPIService: APIProtocol {
  let service: DangdaiService

  static let noStore = "private, no-store"

  func learner() throws -> Account { try AccountAuthentication.caller().account }

  /// Runs `body`, answering the core's refusals as the API's problems.
  func refusing<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch {
      throw DangdaiProblem.refusal(error) ?? error
    }
  }

  func listBooks(_ input: Operations.listBooks.Input) async throws -> Operations.listBooks.Output {
    try await refusing {
      let account = try learner()
      let settings = try await service.settings(of: account)
      let overview = try await service.overview(of: account)
      let course = try await service.course(for: account)
      let text = DangdaiTexts.all.localizer(settings.language)
      return .ok(
        .init(
          headers: .init(Cache_hyphen_Control: Self.noStore),
          body: .json(
            .init(
              books: books(overview.books, course: course, language: settings.language),
              notice: text(.companionNotice)))))
    }
  }

  func getChapter(_ input: Operations.getChapter.Input) async throws -> Operations.getChapter.Output {
    try await refusing {
      let account = try learner()
      let lesson = try service.lesson(LessonID(input.path.chapter_id), of: try await service.course(for: account))
      let settings = try await service.settings(of: account)
      let overview = try await service.overview(of: account)
      let entry =
        overview.books.flatMap(\.chapters).first { $0.lesson == lesson.id }
        ?? BookProgress.ChapterEntry(lesson: lesson.id, best: [:])
      let language = settings.language
      let text = DangdaiTexts.all.localizer(language)
      let chapter = Components.Schemas.Chapter(
        chapter: summary(entry, lesson: lesson, language: language),
        review_due: try await service.dueWords(of: account, lesson: lesson.id),
        words: lesson.vocabulary.map { item in
          Components.Schemas.Word(
            hanzi: item.hanzi, pinyin: item.pinyin, zhuyin: item.zhuyin,
            also: item.readings.count > 1 ? item.readings.dropFirst().map(PinyinText.marked) : nil,
            part_of_speech: item.partOfSpeech.rawValue, meaning: item.meaning[language])
        },
        grammar: lesson.grammar.map { point in
          Components.Schemas.GrammarPoint(
            id: point.id, pattern: point.pattern, title: point.title[language],
            explanation: point.explanation[language],
            examples: point.examples.map { .init(chinese: $0.text, translation: $0.translation[language]) })
        },
        notice: text(.companionNotice) + " " + text(.dictionaryCredit))
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(chapter)))
    }
  }

  func createQuiz(_ input: Operations.createQuiz.Input) async throws -> Operations.createQuiz.Output {
    try await refusing {
      let account = try learner()
      guard case .json(let body) = input.body else { throw OrchardError.unsupportedMediaType }
      let kind = QuizKind(rawValue: body.quiz_type.rawValue) ?? .vocabulary
      let quiz = try await service.startQuiz(
        for: account, kind: kind, lesson: body.chapter_id.flatMap { LessonID(rawValue: $0) },
        chapterGiven: body.chapter_id != nil, listening: body.listening ?? false)
      let course = try await service.course(for: account)
      return .created(
        .init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.quiz(quiz, course: course))))
    }
  }

  func getQuiz(_ input: Operations.getQuiz.Input) async throws -> Operations.getQuiz.Output {
    try await refusing {
      let account = try learner()
      let stored = try await service.quiz(input.path.quiz_id, of: account)
      let course = try await service.course(for: account)
      // In the learner's language now, whatever it was when the quiz was made.
      let quiz = StoredQuiz(
        content: stored.content.localized(for: try await service.settings(of: account).language, in: course),
        answers: stored.answers, finishedAt: stored.finishedAt, firstMastery: stored.firstMastery)
      return .ok(
        .init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.quiz(quiz, course: course))))
    }
  }

  func answerQuestion(_ input: Operations.answerQuestion.Input) async throws -> Operations.answerQuestion.Output {
    try await refusing {
      let account = try learner()
      guard case .json(let body) = input.body else { throw OrchardError.unsupportedMediaType }
      let given = [
        body.choice.map { Response.choice($0) }, body.text.map { .typed($0) }, body.order.map { .order($0) },
      ]
      .compactMap { $0 }
      guard given.count == 1, let response = given.first else { throw DangdaiError.answerUnreadable }
      let answered = try await service.answer(
        response, to: body.question, of: input.path.quiz_id, id: body.answer_id, by: account)
      var result: Components.Schemas.Result?
      if let finished = answered.result {
        result = try await self.result(finished, language: try await service.settings(of: account).language)
      }
      let outcome = Components.Schemas.AnswerOutcome(
        answer: Self.answer(
          answered.answer, questions: answered.quiz.questions, course: try await service.course(for: account),
          language: answered.quiz.language),
        points: answered.points,
        next_question: answered.progress.attempt.nextQuestion, finished: answered.progress.finishedAt != nil,
        result: result)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(outcome)))
    }
  }

  func getResult(_ input: Operations.getResult.Input) async throws -> Operations.getResult.Output {
    try await refusing {
      let account = try learner()
      let result = try await service.result(input.path.quiz_id, of: account)
      let settings = try await service.settings(of: account)
      return .ok(
        .init(
          headers: .init(Cache_hyphen_Control: Self.noStore),
          body: .json(try await self.result(result, language: settings.language))))
    }
  }

  func getProgress(_ input: Operations.getProgress.Input) async throws -> Operations.getProgress.Output {
    try await refusing {
      let account = try learner()
      let language = try await service.settings(of: account).language
      let overview = try await service.overview(of: account)
      let course = try await service.course(for: account)
      return .ok(
        .init(
          headers: .init(Cache_hyphen_Control: Self.noStore),
          body: .json(
            .init(
              points: overview.points, streak: Self.streak(overview),
              books: books(overview.books, course: course, language: language)))))
    }
  }

  func getDashboard(_ input: Operations.getDashboard.Input) async throws -> Operations.getDashboard.Output {
    try await refusing {
      let account = try learner()
      let snapshot = try await service.snapshot(of: account)
      let body = dashboard(
        service.dashboard(snapshot), course: try await service.course(for: account),
        language: snapshot.settings.language)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(body)))
    }
  }

  func dashboard(
    _ dashboard: DangdaiService.Dashboard, course: Course, language: Language
  ) -> Components.Schemas.Dashboard {
    Components.Schemas.Dashboard(
      points: dashboard.overview.points, streak: Self.streak(dashboard.overview),
      books: books(dashboard.overview.books, course: course, language: language),
      recent_days: dashboard.recentDays.map { .init(date: $0.day.description, quizzes: $0.quizzes) },
      recent_quizzes: dashboard.recentQuizzes.map(Self.historyEntry), _continue: Self.continuePoint(dashboard.next))
  }

  /// The learner's dashboard as JSON, written as the generated handler writes it: remembered with
  /// their snapshot for the day and the reading of the course it was written for.
  func dashboardJSON(of account: Account) async throws -> ByteBuffer {
    let snapshot = try await service.snapshot(of: account)
    let edition = try await service.courses.edition(for: account.id)
    let today = LocalDay(containing: service.clock.now, in: snapshot.zone.timeZone)
    if let written = snapshot.dashboard, written.day == today, written.course == edition.version {
      return written.json
    }
    let body = dashboard(service.dashboard(snapshot), course: edition.course, language: snapshot.settings.language)
    let json = ByteBuffer(bytes: try AppRoutes.apiEncoder().encode(body))
    service.learners.update(account.id) { $0.dashboard = (today, edition.version, json) }
    return json
  }

  func getActivity(_ input: Operations.getActivity.Input) async throws -> Operations.getActivity.Output {
    try await refusing {
      let account = try learner()
      func day(_ text: String?) throws -> LocalDay? {
        guard let text else { return nil }
        guard let day = LocalDay(text) else { throw DangdaiError.invalidRange }
        return day
      }
      let activity = try await service.activity(
        of: account, from: try day(input.query.from), to: try day(input.query.to))
      return .ok(
        .init(
          headers: .init(Cache_hyphen_Control: Self.noStore),
          body: .json(
            .init(
              time_zone: activity.zone.identifier, from: activity.from.description, to: activity.to.description,
              days: activity.days.map { .init(date: $0.day.description, quizzes: $0.quizzes) }))))
    }
  }

  func getHistory(_ input: Operations.getHistory.Input) async throws -> Operations.getHistory.Output {
    try await refusing {
      let page = try await service.history(
        of: try learner(), before: input.query.before, limit: input.query.limit ?? QuizHistory.pageSize)
      return .ok(
        .init(
          headers: .init(Cache_hyphen_Control: Self.noStore),
          body: .json(.init(quizzes: page.quizzes.map(Self.historyEntry), next: page.next))))
    }
  }

  func getSettings(_ input: Operations.getSettings.Input) async throws -> Operations.getSettings.Output {
    try await refusing {
      let settings = try await service.settings(of: try learner())
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.settings(settings))))
    }
  }

  func updateSettings(_ input: Operations.updateSettings.Input) async throws -> Operations.updateSettings.Output {
    try await refusing {
      guard case .json(let body) = input.body else { throw OrchardError.unsupportedMediaType }
      let settings = try await service.updateSettings(
        of: try learner(), language: body.language.map { Language(rawValue: $0.rawValue) },
        readingDisplay: body.reading_display.flatMap { DangdaiSettings.ReadingDisplay(rawValue: $0.rawValue) },
        timeZone: body.time_zone, sound: body.sound,
        theme: body.theme.flatMap { DangdaiSettings.Theme(rawValue: $0.rawValue) })
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.settings(settings))))
    }
  }

  // MARK: Shapes

  func books(_ books: [BookProgress], course: Course, language: Language) -> [Components.Schemas.BookProgress] {
    books.map { book in
      Components.Schemas.BookProgress(
        book: book.book, completion: book.completion, mastered: book.mastered,
        chapters: book.chapters.compactMap { entry in
          course.lesson(entry.lesson).map { summary(entry, lesson: $0, language: language) }
        })
    }
  }

  func summary(
    _ entry: BookProgress.ChapterEntry, lesson: Lesson, language: Language
  ) -> Components.Schemas.ChapterSummary {
    Components.Schemas.ChapterSummary(
      id: lesson.id.rawValue, book: lesson.id.book, number: lesson.id.number, title_zh: lesson.chineseTitle,
      title_en: lesson.englishTitle, title: lesson.title[language], completion: entry.progress.completion,
      status: Self.status(entry.progress.status),
      best: .init(vocabulary: entry.best[.vocabulary], grammar: entry.best[.grammar], test: entry.best[.test]),
      imported: lesson.isImported)
  }

  func result(_ result: QuizResult, language: Language) async throws -> Components.Schemas.Result {
    let text = DangdaiTexts.all.localizer(language)
    var chapter: Components.Schemas.ChapterSummary?
    if let entry = result.chapter,
      let lesson = try await service.courses.edition(for: result.quiz.accountID).course.lesson(entry.lesson)
    {
      chapter = summary(entry, lesson: lesson, language: language)
    }
    return Components.Schemas.Result(
      quiz_id: result.quiz.id, quiz_type: Self.quizType(result.quiz.kind), correct: result.score.correct,
      total: result.score.total, percent: result.score.percent, points: result.score.points,
      summary: text(result.score.summary), chapter: chapter, first_mastery: result.firstMastery,
      finished_at: result.finishedAt)
  }

  static func status(_ status: ChapterStatus) -> Components.Schemas.ChapterStatus {
    switch status {
    case .notStarted: .not_started
    case .inProgress: .in_progress
    case .mastered: .mastered
    }
  }

  static func quizType(_ kind: QuizKind) -> Components.Schemas.QuizType {
    Components.Schemas.QuizType(rawValue: kind.rawValue) ?? .vocabulary
  }

  static func quiz(_ quiz: StoredQuiz, course: Course) -> Components.Schemas.Quiz {
    let text = DangdaiTexts.all.localizer(quiz.language)
    return Components.Schemas.Quiz(
      quiz_id: quiz.id, chapter_id: quiz.lesson?.rawValue, quiz_type: quizType(quiz.kind),
      questions: quiz.questions.enumerated().map { index, question in
        let readings = question.offersOptionReadings ? course.optionReadings(of: question) : nil
        return Components.Schemas.Question(
          index: index,
          kind: Components.Schemas.QuestionKind(rawValue: question.kind.rawValue) ?? .character_to_meaning,
          instruction: text(DangdaiText.instruction(question)), chinese: question.chinese,
          reading: question.reading.map(reading), meaning: question.meaning, options: question.options,
          speech: question.speechBeforeAnswer, option_readings: readings?.map(reading),
          option_readings_shown: readings == nil ? nil : question.showsOptionReadings)
      },
      answers: quiz.answers.map { answer($0, questions: quiz.questions, course: course, language: quiz.language) },
      next_question: quiz.attempt.nextQuestion, finished: quiz.finishedAt != nil, created_at: quiz.createdAt)
  }

  static func reading(_ reading: Question.Reading) -> Components.Schemas.Reading {
    .init(pinyin: reading.pinyin, zhuyin: reading.zhuyin)
  }

  static func answer(
    _ answer: StoredAnswer, questions: [Question], course: Course, language: Language
  ) -> Components.Schemas.Answer {
    let question = questions.indices.contains(answer.question) ? questions[answer.question] : nil
    return Components.Schemas.Answer(
      answer_id: answer.id, question: answer.question,
      verdict: verdict(answer.verdict), correct: answer.isCorrect, solution: question?.solution ?? "",
      tone_errors: answer.toneErrors.isEmpty ? nil : answer.toneErrors,
      sandhi_hint: answer.verdict == .toneError ? answer.sandhiHint : nil,
      solution_reading: question?.solutionReading.map(reading),
      explanation: question.map { explanation(course.explanation(of: $0, after: answer.response, in: language)) })
  }

  static func explanation(_ explained: Explanation) -> Components.Schemas.Explanation {
    Components.Schemas.Explanation(
      word: explained.word.map { word($0, in: explained.language) },
      chosen: explained.chosen.map { word($0, in: explained.language) }, grammar_title: explained.grammarTitle,
      why: explained.why, sentence: explained.sentence, translation: explained.translation)
  }

  static func word(_ item: VocabularyItem, in language: Language) -> Components.Schemas.ExplainedWord {
    .init(hanzi: item.hanzi, pinyin: item.pinyin, zhuyin: item.zhuyin, meaning: item.meaning[language])
  }

  static func verdict(_ code: Verdict.Code) -> Components.Schemas.Verdict {
    switch code {
    case .correct: .correct
    case .wrong: .wrong
    case .toneError: .tone_error
    }
  }

  static func streak(_ overview: DangdaiService.Overview) -> Components.Schemas.Streak {
    .init(current: overview.streak.current, longest: overview.streak.longest, active_today: overview.activeToday)
  }

  static func historyEntry(_ quiz: FinishedQuiz) -> Components.Schemas.HistoryEntry {
    .init(
      quiz_id: quiz.id, chapter_id: quiz.lesson?.rawValue, quiz_type: quizType(quiz.kind), correct: quiz.correct,
      total: quiz.total, percent: quiz.score.percent, points: quiz.score.points, finished_at: quiz.finishedAt)
  }

  static func continuePoint(_ point: ContinuePoint) -> Components.Schemas.Continue {
    switch point {
    case .resume(let quiz, let kind, let lesson, let question):
      .init(
        action: .resume, chapter_id: lesson?.rawValue, quiz_id: quiz, quiz_type: quizType(kind), next_question: question
      )
    case .start(let lesson, let kind):
      .init(action: .start, chapter_id: lesson.rawValue, quiz_type: quizType(kind))
    }
  }

  static func settings(_ settings: DangdaiSettings) -> Components.Schemas.Settings {
    .init(
      language: .init(rawValue: settings.language.rawValue) ?? .en,
      reading_display: .init(rawValue: settings.readingDisplay.rawValue) ?? .pinyin, time_zone: settings.timeZone,
      sound: settings.sound, theme: .init(rawValue: settings.theme.rawValue) ?? .system)
  }
}
