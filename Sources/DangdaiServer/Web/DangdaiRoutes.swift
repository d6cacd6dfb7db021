import DangdaiCore
import Foundation
import Hummingbird
import IdentityCore
import OrchardIdentity
import OrchardKit
import ServerKit

/// Dangdai's web version: the welcome, the dashboard, books and chapters, quizzes with their
/// feedback and results, progress and settings, as plain HTML forms and links over the service the
/// JSON API uses. Every page but the welcome is the signed-in learner's, in a route group that
/// knows them by their web session's cookie (``WebSessionAuthenticator``) and sends anyone else
/// to sign in (``SignInRequired``).
struct DangdaiRoutes: Sendable {
  let service: DangdaiService
  let accounts: Accounts
  let pages: PageRenderer
  /// The web session's cookie, as the account pages set it.
  let sessionCookie: String
  /// Whether cookies this server sets need HTTPS (not on a plain-HTTP loopback server).
  let secureCookies: Bool

  func register(_ routes: AppRoutes) {
    let errors = DangdaiErrorPages(pages: pages, service: service)
    // Every page knows its visitor by their web session's cookie.
    let web = routes.web().add(middleware: errors)
      .add(middleware: WebSessionAuthenticator(accounts: accounts, cookie: sessionCookie))
    // Any other address under the app is Dangdai's own not-found page; the routes below win.
    routes.answerUnknownAddresses(with: errors)
    web.get(DangdaiPath.home.pattern, use: home)
    web.get(DangdaiPath.offline.pattern, use: offline)
    // The learner's pages: anyone else is sent to sign in.
    let signedIn = web.group().add(middleware: SignInRequired(location: DangdaiPath.signIn.path))
    signedIn.get(DangdaiPath.books.pattern) { _, context in
      try await books(learner(context))
    }
    signedIn.get(DangdaiPath.chapter.pattern) { _, context in
      try await chapter(learner(context), context.parameters.get("chapter"))
    }
    signedIn.post(DangdaiPath.startQuiz.pattern) { request, context in
      let learner = try await learner(context)
      let fields = try await FormFields(request, context: context)
      try await adoptZone(fields, of: learner)
      return try await startQuiz(
        learner, chapter: context.parameters.get("chapter"), kind: fields["kind"], listening: fields["listening"] == "1"
      )
    }
    signedIn.post(DangdaiPath.review.pattern) { request, context in
      let fields = try await FormFields(request, context: context)
      return try await startQuiz(
        learner(context), chapter: nil, kind: QuizKind.review.rawValue, listening: fields["listening"] == "1")
    }
    signedIn.get(DangdaiPath.quiz.pattern) { _, context in
      try await quiz(learner(context), context.parameters.get("quiz") ?? "")
    }
    signedIn.post(DangdaiPath.answer.pattern) { request, context in
      let learner = try await learner(context)
      let fields = try await FormFields(request, context: context)
      return try await answer(learner, context.parameters.get("quiz") ?? "", fields)
    }
    signedIn.get(DangdaiPath.result.pattern) { _, context in
      try await result(learner(context), context.parameters.get("quiz") ?? "")
    }
    signedIn.get(DangdaiPath.progress.pattern) { request, context in
      try await progress(learner(context), request)
    }
    signedIn.get(DangdaiPath.settings.pattern) { request, context in
      let learner = try await learner(context)
      let own = try await service.ownLists(of: learner.account)
      return pages.response(
        learner.pages.settings(saved: request.uri.queryParameters.get("saved") != nil, ownLists: own.count))
    }
    signedIn.post(DangdaiPath.settings.pattern) { request, context in
      let learner = try await learner(context)
      return try await saveSettings(learner, try await FormFields(request, context: context))
    }
    WordListRoutes(service: service, pages: pages, learner: learner(_:)).register(
      pages: signedIn,
      // A word list is a file, so it comes with a larger body than a form's.
      uploads: routes.web(limit: WordListRoutes.bodyLimit).add(middleware: errors)
        .add(middleware: WebSessionAuthenticator(accounts: accounts, cookie: sessionCookie))
        .add(middleware: SignInRequired(location: DangdaiPath.signIn.path)))
  }

  // MARK: The learner

  /// Who is asking, with their settings, for a page in their language.
  struct Learner: Sendable {
    let account: Account
    let settings: DangdaiSettings
    var pages: DangdaiPages
  }

  /// The signed-in learner of a page behind ``SignInRequired``.
  func learner(_ context: AppRequestContext) async throws -> Learner {
    try await learner(of: context.signedInVisitor().session.account)
  }

  func learner(of account: Account) async throws -> Learner {
    let settings = try await service.settings(of: account)
    let course = try await service.course(for: account)
    var pages = DangdaiPages(settings, course: course)
    pages.now = service.clock.now
    return Learner(account: account, settings: settings, pages: pages)
  }

  // MARK: Home

  func home(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let visitor = context.webVisitor else {
      return pages.response(DangdaiPages(language: context.language, course: try await service.course()).welcome())
    }
    let learner = try await learner(of: visitor.session.account)
    let dashboard = try await service.dashboard(of: learner.account)
    let due = try await service.dueWords(of: learner.account)
    return pages.response(learner.pages.dashboard(dashboard, dueWords: due))
  }

  /// The "You're offline" screen the service worker keeps: in the language asked for (it keeps one
  /// copy per language, `?lang=`), else the learner's, else the visitor's browser's.
  func offline(_ request: Request, context: AppRequestContext) async throws -> Response {
    var language = context.language
    if request.uri.queryParameters.get("lang") == nil, let visitor = context.webVisitor {
      language = try await service.settings(of: visitor.session.account).language
    }
    return pages.response(DangdaiPages(language: language, course: try await service.course()).offline())
  }

  func books(_ learner: Learner) async throws -> Response {
    let overview = try await service.overview(of: learner.account)
    return pages.response(learner.pages.books(overview.books))
  }

  func chapter(_ learner: Learner, _ id: String?) async throws -> Response {
    guard let id = id.flatMap(LessonID.init), let lesson = learner.pages.course.lesson(id) else {
      throw DangdaiError.chapterNotFound
    }
    let snapshot = try await service.snapshot(of: learner.account)
    let entry = BookProgress.ChapterEntry(lesson: id, best: snapshot.best[id] ?? [:])
    let due = try await service.dueWords(of: learner.account, lesson: id)
    let unfinished = try await service.store.unfinished(of: learner.account.id, lesson: id)
    return pages.response(learner.pages.chapter(lesson, entry: entry, dueWords: due, unfinished: unfinished))
  }

  // MARK: Quizzes

  func startQuiz(_ learner: Learner, chapter: String?, kind: String?, listening: Bool) async throws -> Response {
    guard let kind = kind.flatMap(QuizKind.init(rawValue:)) else { throw OrchardError.badRequest("Choose a quiz.") }
    do {
      // The service decides what a chapter's id names (CHAPTER_NOT_FOUND, said as a page).
      let quiz = try await service.startQuiz(
        for: learner.account, kind: kind, lesson: chapter.flatMap(LessonID.init), chapterGiven: chapter != nil,
        listening: listening)
      return Response.seeOther(DangdaiPath.quiz(quiz.id))
    } catch let problem as OrchardError where problem.status == .tooManyRequests {
      var response = pages.response(learner.pages.tooManyQuizzes(), status: .tooManyRequests)
      response.headers.append(contentsOf: problem.headers)
      return response
    }
  }

  /// The quiz at its first unanswered question, or its result once every question is answered.
  func quiz(_ learner: Learner, _ id: String) async throws -> Response {
    let quiz = try await storedQuiz(id, of: learner)
    guard let next = quiz.attempt.nextQuestion else { return Response.seeOther(DangdaiPath.result(quiz.id)) }
    let view = QuizView(
      quiz: quiz.content.localized(for: learner.settings.language, in: learner.pages.course),
      answered: quiz.answers.count, index: next, answerID: freshAnswerID())
    return pages.response(learner.pages.question(view))
  }

  /// The learner's quiz with its answers; another's, or none, is not found (``NotFoundPages``).
  func storedQuiz(_ id: String, of learner: Learner) async throws -> StoredQuiz {
    try await service.quiz(id, of: learner.account)
  }

  /// A new id for the answer a question's form will send: sending the form twice (a double tap, a
  /// reload) sends the same id, and the same answer counts once.
  func freshAnswerID() -> String { service.random.id().description }

  /// Judges and stores an answer, then shows the question again with how it fared. Word tiles
  /// placed one tap at a time (without scripts) come here too, and only re-show the question.
  ///
  /// The quiz is read once (what it asks, remembered by the service) and handed to the service,
  /// which judges and stores the answer without reading its answers first: it decides a repeat
  /// (the same form again: the same feedback) and a conflict (answered already, from another tab:
  /// on to where the quiz stands). Only a question shown again reads how many are answered.
  func answer(_ learner: Learner, _ quizID: String, _ fields: FormFields) async throws -> Response {
    let quiz = try await service.content(quizID, of: learner.account)
    guard let index = fields["question"].flatMap(Int.init), quiz.questions.indices.contains(index) else {
      return Response.seeOther(DangdaiPath.quiz(quiz.id))
    }
    let answerID = fields["answer_id"].flatMap { IdempotencyID($0) != nil ? $0 : nil } ?? freshAnswerID()
    let question = quiz.questions[index]
    // Shown in the learner's language now, whatever it was when the quiz was made.
    let shown = quiz.localized(for: learner.settings.language, in: learner.pages.course)
    /// The question again, as it stood, with what the learner did so far.
    func again(status: HTTPResponse.Status = .ok, _ change: (inout QuizView) -> Void) async throws -> Response {
      let answered = try await storedQuiz(quizID, of: learner).answers.count
      var view = QuizView(quiz: shown, answered: answered, index: index, answerID: answerID)
      change(&view)
      return pages.response(learner.pages.question(view), status: status)
    }
    if question.layout == .tiles, let tiles = TilePlacement(fields, count: question.options.count), tiles.tapped {
      return try await again { $0.placed = tiles.placed }
    }
    guard let response = Self.response(fields, to: question) else {
      return try await again(status: .unprocessableContent) { $0.notice = .unreadable }
    }
    let answered: DangdaiService.Answered
    do {
      answered = try await service.answer(response, to: index, of: quiz, id: answerID, by: learner.account)
    } catch let refusal as DangdaiError {
      let notice: DangdaiScreenText
      switch refusal {
      case .missingTones: notice = .missingTones
      case .answerUnreadable: notice = .unreadable
      case .alreadyAnswered: return Response.seeOther(DangdaiPath.quiz(quiz.id))
      default: throw refusal
      }
      return try await again(status: .unprocessableContent) { view in
        view.notice = notice
        if case .typed(let text) = response { view.typed = text }
      }
    }
    var view = QuizView(
      quiz: shown, answered: answered.progress.attempt.answers.count, index: index, answerID: answerID)
    view.feedback = QuizView.Feedback(answer: answered.answer, finished: answered.result != nil)
    return pages.response(learner.pages.question(view))
  }

  /// The answer a question's form sends: the option tapped, the pinyin typed, or the tiles in the
  /// order placed.
  static func response(_ fields: FormFields, to question: Question) -> DangdaiCore.Response? {
    switch question.layout {
    case .grid, .list: fields["choice"].flatMap(Int.init).map { .choice($0) }
    case .typed: fields["text"].map { .typed($0) }
    case .tiles:
      TilePlacement(fields, count: question.options.count).flatMap {
        $0.isComplete && !$0.tapped ? .order($0.placed) : nil
      }
    }
  }

  func result(_ learner: Learner, _ quizID: String) async throws -> Response {
    let quiz = try await storedQuiz(quizID, of: learner)
    guard let result = try await service.result(of: quiz, account: learner.account) else {
      return Response.seeOther(DangdaiPath.quiz(quiz.id))
    }
    let points = try await service.overview(of: learner.account).points
    return pages.response(learner.pages.result(result, quiz: quiz, totalPoints: points))
  }

  // MARK: Progress

  func progress(_ learner: Learner, _ request: Request) async throws -> Response {
    let query = request.uri.queryParameters
    let calendar = query.get("view").flatMap(ActivityCalendar.View.init(rawValue:)) ?? .month
    let shown = try await service.calendar(
      of: learner.account, view: calendar, at: query.get("at").flatMap(LocalDay.init))
    let overview = try await service.overview(of: learner.account)
    let history: (quizzes: [FinishedQuiz], next: String?)
    do {
      history = try await service.history(of: learner.account, before: query.get("before"))
    } catch DangdaiError.invalidCursor {
      history = try await service.history(of: learner.account, before: nil)
    }
    return pages.response(
      learner.pages.progress(
        .init(
          calendar: calendar, page: shown.page, days: shown.days, books: overview.books, history: history.quizzes,
          olderHistory: history.next)))
  }

  // MARK: Settings

  /// Takes the browser's time zone (a form's `zone`) when the service says to.
  func adoptZone(_ fields: FormFields, of learner: Learner) async throws {
    guard let zone = learner.settings.zoneToAdopt(fields["zone"]) else { return }
    _ = try await service.updateSettings(of: learner.account, language: nil, readingDisplay: nil, timeZone: zone)
  }

  /// How long the language chosen in the settings is remembered for the account pages: a year.
  static let languageCookieAge = 365 * 86_400

  func saveSettings(_ learner: Learner, _ fields: FormFields) async throws -> Response {
    let language = fields["language"].map(Language.init(rawValue:))
    let readings = fields["readings"].flatMap(DangdaiSettings.ReadingDisplay.init(rawValue:))
    let sound = fields["sound"].flatMap { ["on": true, "off": false][$0] }
    let theme = fields["theme"].flatMap(DangdaiSettings.Theme.init(rawValue:))
    let settings = try await service.updateSettings(
      of: learner.account, language: language, readingDisplay: readings,
      timeZone: learner.settings.zoneToAdopt(fields["zone"]), sound: sound, theme: theme)
    var response = Response.seeOther(DangdaiPath.settings.path + "?saved")
    // The account pages follow the learner's language too (no script reads it).
    response.setCookie(
      Cookie(
        name: LanguageNegotiation.cookie, value: settings.language.rawValue, maxAge: Self.languageCookieAge,
        path: DangdaiPath.app, secure: secureCookies, httpOnly: true, sameSite: .lax))
    return response
  }
}

/// Word tiles placed one at a time: the indices placed so far, from the form's `placed` field
/// (comma-separated), with the tap just made (`pick`, `undo` or `clear`) applied. Without a tap,
/// the form is the answer (`Check`).
struct TilePlacement: Equatable {
  let placed: [Int]
  let count: Int
  /// Whether a tile was placed or taken back (the question is shown again), rather than checked.
  let tapped: Bool

  init?(_ fields: FormFields, count: Int) {
    var placed: [Int] = []
    for part in (fields["placed"] ?? "").split(separator: ",") {
      guard let index = Int(part), (0..<count).contains(index), !placed.contains(index) else { return nil }
      placed.append(index)
    }
    if let pick = fields["pick"] {
      guard let index = Int(pick), (0..<count).contains(index), !placed.contains(index) else { return nil }
      placed.append(index)
    } else if fields["undo"] != nil {
      placed.removeLast(placed.isEmpty ? 0 : 1)
    } else if fields["clear"] != nil {
      placed = []
    }
    self.placed = placed
    self.count = count
    tapped = fields["pick"] != nil || fields["undo"] != nil || fields["clear"] != nil
  }

  var isComplete: Bool { placed.count == count }
}
