import DangdaiCore
import Foundation
import OrchardKit
import ServerKit

/// Dangdai's screens as HTML, in the learner's language. Every sentence is a catalog's
/// (``DangdaiScreenTexts``, ``DangdaiTexts``); Chinese is shown as written, marked `zh-Hant` so the
/// browser picks a Traditional Chinese face whatever the page's language.
struct DangdaiPages: Sendable {
  let language: Language
  var readings: DangdaiSettings.ReadingDisplay = .pinyin
  var theme: DangdaiSettings.Theme = .system
  var sound = true
  /// Whether the learner's days follow a zone of their own yet.
  var knowsZone = false
  /// The learner's zone, which their dates are written in.
  var zone = TimeZone.gmt
  /// When the page is made (the server's clock), which "2 hours ago" counts from.
  var now: Date?
  let course: Course

  init(language: Language, course: Course) {
    self.language = DangdaiScreenTexts.all.languages.contains(language) ? language : .english
    self.course = course
  }

  /// The learner's pages, as their settings say.
  init(_ settings: DangdaiSettings, course: Course) {
    self.init(language: settings.language, course: course)
    readings = settings.readingDisplay
    theme = settings.theme
    sound = settings.sound
    knowsZone = settings.hasOwnZone
    zone = IANAZone.stored(settings.timeZone).timeZone
  }

  /// A form's field for the browser's time zone, while the learner has none of their own: their
  /// first quiz (or settings) sets it, so their days end where they live.
  var zoneField: HTML { knowsZone ? "" : "<input type=\"hidden\" name=\"zone\" value=\"\" data-browser-zone>" }

  /// A quiz form's field saying whether this device has a Mandarin voice (the page's script sets
  /// it), so word questions may be heard.
  var voiceField: HTML { "<input type=\"hidden\" name=\"listening\" value=\"\" data-voice-field>" }

  var t: Localizer<DangdaiScreenText> { DangdaiScreenTexts.all.localizer(language) }
  var core: Localizer<DangdaiText> { DangdaiTexts.all.localizer(language) }
  var formats: Formats { Formats(language) }

  /// The sections a signed-in learner moves between.
  enum Tab: CaseIterable {
    case home, books, progress, settings

    var path: String {
      switch self {
      case .home: DangdaiPath.home.path
      case .books: DangdaiPath.books.path
      case .progress: DangdaiPath.progress.path
      case .settings: DangdaiPath.settings.path
      }
    }

    var label: DangdaiScreenText {
      switch self {
      case .home: .tabHome
      case .books: .tabBooks
      case .progress: .tabProgress
      case .settings: .tabSettings
      }
    }
  }

  func page(_ title: String?, bodyClass: String, tab: Tab?, main: HTML) -> Page {
    let color = DangdaiTheme.tokens.themeColor()
    var page = Page(
      title: title.map { "\($0) · Dangdai" } ?? "Dangdai", description: t(.description),
      theme: DangdaiTheme.tokens.name, themeColor: theme == .system ? color : color.fixed(dark: theme == .dark),
      stylesheets: ["dangdai/dangdai.css"], scripts: ["js/browser-zone.js", "dangdai/dangdai.js"],
      preloadFonts: [FontFace.inter.assetPath],
      bodyClass: "dd \(bodyClass)" + (tab == nil ? "" : " has-tabs"), main: "\(main)\(tab.map(tabs) ?? "")")
    page.language = language
    page.htmlClass = theme == .system ? nil : "theme-\(theme.rawValue)"
    page.data = [
      ("sound", sound ? "on" : "off"), ("tips-after-ms", String(QuizPacing.tipsAfter.wholeMilliseconds)),
      ("tip-every-ms", String(QuizPacing.tipEvery.wholeMilliseconds)),
      ("count-up-ms", String(QuizPacing.countUp.wholeMilliseconds)),
      ("text-offline", t(.offline)), ("text-load-failed", t(.loadFailed)), ("text-try-again", t(.tryAgain)),
      ("tips", DangdaiScreenText.tips.map { t($0) }.joined(separator: "\n")),
      ("worker", DangdaiPath.serviceWorker.path), ("scope", DangdaiPath.home.path),
    ]
    return page
  }

  func tabs(_ current: Tab) -> HTML {
    let links = Tab.allCases.map { tab in
      HTML(
        "<li><a href=\"\(tab.path)\"\(tab == current ? HTML(" aria-current=\"page\"") : "")>\(t(tab.label))</a></li>")
    }
    return "<nav class=\"tabs\" aria-label=\"\(t(.tabsLabel))\"><ul>\(links)</ul></nav>"
  }

  /// Chinese as written, in a Chinese face.
  static func chinese(_ text: String, class name: String = "zh") -> HTML {
    "<span class=\"\(name)\" lang=\"zh-Hant\">\(text)</span>"
  }

  /// A reading as the learner chose to see it: pinyin, zhuyin, or both.
  func reading(pinyin: String, zhuyin: String) -> HTML {
    switch readings {
    case .pinyin: "<span class=\"pinyin\" lang=\"zh-Latn-pinyin\">\(pinyin)</span>"
    case .zhuyin: "<span class=\"zhuyin\" lang=\"zh-Bopo\">\(zhuyin)</span>"
    case .both:
      "<span class=\"pinyin\" lang=\"zh-Latn-pinyin\">\(pinyin)</span> <span class=\"zhuyin\" lang=\"zh-Bopo\">\(zhuyin)</span>"
    }
  }

  /// The sentence for `key` with markup where its value `name` goes (the rest of it escaped, with
  /// `values` filled in).
  func sentence(
    _ key: DangdaiScreenText, placing markup: HTML, as name: String, values: [String: any Sendable] = [:]
  ) -> HTML {
    let mark = "\u{FFFC}"
    let parts = t(key, values.merging([name: mark]) { $1 }).components(separatedBy: mark).map { HTML("\($0)") }
    return HTML(parts, separator: markup.rendered)
  }

  /// A chapter's status as its list shows it: a check when mastered, then the words.
  func status(_ progress: ChapterProgress) -> HTML {
    let check: HTML = progress.status == .mastered ? "<span class=\"check\" aria-hidden=\"true\">✓</span>" : ""
    return "\(check)\(t(DangdaiScreenText.status(progress)))"
  }

  /// "Book 1 · Lesson 3".
  func lessonLabel(_ id: LessonID) -> String {
    "\(t(.bookTitle, ["book": id.book])) · \(t(.lessonNumber, ["number": id.number]))"
  }

  /// A chapter's name in the learner's language: "Lesson 3: What are you doing this weekend?".
  func chapterName(_ id: LessonID) -> String {
    guard let lesson = course.lesson(id) else { return lessonLabel(id) }
    return "\(t(.lessonNumber, ["number": id.number])) \u{00B7} \(lesson.title[language])"
  }

  // MARK: Welcome

  func welcome() -> Page {
    page(
      nil, bodyClass: "page-welcome", tab: nil,
      main: """
        <section class="welcome" aria-labelledby="welcome-title">
        <p class="welcome-mark" aria-hidden="true" lang="zh-Hant">當代</p>
        <h1 id="welcome-title">\(t(.welcomeTitle))</h1>
        <p class="lede">\(t(.welcomeLead))</p>
        <p class="welcome-actions">
        <a class="button button--wide" href="\(DangdaiPath.signUp.path)">\(t(.welcomeSignUp))</a>
        <a class="button button--quiet button--wide" href="\(DangdaiPath.signIn.path)">\(t(.welcomeSignIn))</a>
        </p>
        <p class="fine-print">\(core(.dictionaryCredit))</p>
        </section>
        """)
  }

  // MARK: Dashboard

  func dashboard(_ dashboard: DangdaiService.Dashboard, dueWords: Int = 0) -> Page {
    let overview = dashboard.overview
    let week = dashboard.recentDays.map { entry in
      HTML(
        "<li class=\"day\(entry.quizzes > 0 ? HTML(" day--active") : "")\"><span class=\"day-name\" aria-hidden=\"true\">\(formats.weekdayInitial(entry.day))</span><span class=\"day-count\" aria-hidden=\"true\">\(entry.quizzes)</span><span class=\"visually-hidden\">\(t(.dayQuizzes, ["day": formats.day(entry.day), "count": entry.quizzes]))</span></li>"
      )
    }
    return page(
      t(.dashboardTitle), bodyClass: "page-dashboard", tab: .home,
      main: """
        <header class="screen-head"><h1>\(t(.dashboardTitle))</h1></header>
        \(dashboard.recentQuizzes.isEmpty && overview.points == 0 ? HTML("""
          <section class="card welcome-card" aria-labelledby="welcome-title"><h2 id="welcome-title">\(t(.welcomeAboard))</h2>\
          <p>\(t(.welcomeAboardLead))</p></section>
          """) : "")
        <section class="stats" aria-label="\(t(.dashboardTitle))">
        <p class="stat stat--points"><span class="stat-value">\(t(.points, ["points": overview.points]))</span></p>
        <p class="stat stat--streak\(overview.activeToday ? HTML(" stat--today") : "")"><span class="stat-value">\(t(.streak, ["days": overview.streak.current]))</span></p>
        </section>
        \(continueCard(dashboard.next, books: overview.books))
        \(reviewCard(dueWords))
        <section class="card week" aria-labelledby="week-title">
        <h2 id="week-title">\(t(.thisWeek))</h2>
        <ol class="week-days">\(week)</ol>
        </section>
        <section class="card" aria-labelledby="books-title">
        <h2 id="books-title">\(t(.yourBooks))</h2>
        <ul class="book-list">\(overview.books.map(bookSummary))</ul>
        </section>
        <section class="card" aria-labelledby="recent-title">
        <h2 id="recent-title">\(t(.recentQuizzes))</h2>
        \(recentQuizzes(dashboard.recentQuizzes, ago: true))
        </section>
        """)
  }

  /// Home's one tap on: back into the quiz left, or straight into the next quiz of the first
  /// chapter not yet mastered, with that chapter's name and where it stands.
  func continueCard(_ point: ContinuePoint, books: [BookProgress]) -> HTML {
    let standing = { (lesson: LessonID) -> HTML in
      let completion = books.flatMap(\.chapters).first { $0.lesson == lesson }?.progress.completion ?? 0
      return
        "<span class=\"continue-chapter\">\(chapterName(lesson))</span><span class=\"continue-standing\">\(lessonLabel(lesson)) \u{00B7} \(t(.percent, ["percent": completion]))</span>"
    }
    switch point {
    case .resume(let quiz, let kind, let lesson, let question):
      let chapter = lesson.map { t(.lessonNumber, ["number": $0.number]) } ?? t(.kindReview)
      let detail = t(.resume, ["kind": t(DangdaiScreenText.kind(kind)), "chapter": chapter, "number": question + 1])
      return """
        <a class="continue" href="\(DangdaiPath.quiz(quiz))" data-continue data-primary-action><span class="continue-label">\(t(.continueLabel))</span>\
        <span class="continue-detail">\(detail)</span>\(lesson.map(standing) ?? "")</a>
        """
    case .start(let lesson, let kind):
      return """
        <form class="continue-form" method="post" action="\(DangdaiPath.startQuiz(lesson))" data-start-quiz>\
        <input type="hidden" name="kind" value="\(kind.rawValue)">\(zoneField)\(voiceField)\
        <button class="continue" type="submit" data-continue data-primary-action><span class="continue-label">\(t(.continueLabel))</span>\
        <span class="continue-detail">\(t(.startNext, ["chapter": t(DangdaiScreenText.kind(kind))]))</span>\(standing(lesson))</button></form>
        """
    }
  }

  func bookSummary(_ book: BookProgress) -> HTML {
    """
    <li><a class="book-summary" href="\(DangdaiPath.books.path)#book-\(book.book)"><span class="book-name">\(t(.bookTitle, ["book": book.book]))</span>\
    <span class="book-mastered">\(t(.bookMastered, ["mastered": book.mastered, "total": book.chapters.count]))</span>\
    <progress max="100" value="\(book.completion)" aria-label="\(t(.bookTitle, ["book": book.book]))">\(t(.percent, ["percent": book.completion]))</progress></a></li>
    """
  }

  /// Finished quizzes: their kind, chapter and score, and when: "2 hours ago" on Home (`ago`), the
  /// day and time in the history.
  func recentQuizzes(_ quizzes: [FinishedQuiz], ago: Bool = false) -> HTML {
    guard !quizzes.isEmpty else { return "<p class=\"empty\">\(t(.noRecentQuizzes))</p>" }
    let items = quizzes.map { quiz in
      let when =
        ago && now != nil ? formats.ago(quiz.finishedAt, now: now!) : formats.dayAndTime(quiz.finishedAt, in: zone)
      return HTML(
        "<li><span class=\"recent-kind\">\(t(DangdaiScreenText.kind(quiz.kind)))</span><span class=\"recent-chapter\">\(quiz.lesson.map(lessonLabel) ?? "")</span><span class=\"recent-score\">\(core(quiz.score.summary))</span><time class=\"recent-when\" datetime=\"\(Self.isoDate(quiz.finishedAt))\">\(when)</time></li>"
      )
    }
    return "<ul class=\"recent-list\">\(items)</ul>"
  }

  /// An instant as a `datetime` attribute writes it (ISO 8601, UTC).
  static func isoDate(_ date: Date) -> String { date.formatted(.iso8601) }

  // MARK: Books and chapters

  func books(_ books: [BookProgress]) -> Page {
    let sections = books.map { book in
      HTML(
        """
        <section class="card book" id="book-\(book.book)" aria-labelledby="book-\(book.book)-title">
        <h2 id="book-\(book.book)-title">\(t(.bookTitle, ["book": book.book]))</h2>
        <p class="book-mastered">\(t(.bookMastered, ["mastered": book.mastered, "total": book.chapters.count]))</p>
        <ol class="chapter-list">\(book.chapters.map(chapterRow))</ol>
        </section>
        """)
    }
    return page(
      t(.booksTitle), bodyClass: "page-books", tab: .books,
      main: """
        <header class="screen-head"><h1>\(t(.booksTitle))</h1></header>
        \(sections)
        """)
  }

  func chapterRow(_ entry: BookProgress.ChapterEntry) -> HTML {
    let lesson = course.lesson(entry.lesson)
    let status = entry.progress.status
    return """
      <li><a class="chapter-row chapter-row--\(status.rawValue)" href="\(DangdaiPath.chapter(entry.lesson))">\
      <span class="chapter-number">\(t(.lessonNumber, ["number": entry.lesson.number]))</span>\
      <span class="chapter-titles">\(Self.chinese(lesson?.chineseTitle ?? "", class: "chapter-zh"))<span class="chapter-title">\(lesson?.title[language] ?? "")</span></span>\
      <span class="chapter-status">\(self.status(entry.progress))</span></a></li>
      """
  }

  /// A chapter: where it stands and what that is made of, its quizzes (a quiz left unfinished is
  /// resumed, or started over only when asked), its words due for review, and its word list.
  func chapter(
    _ lesson: Lesson, entry: BookProgress.ChapterEntry, dueWords: Int,
    unfinished: [QuizKind: (quiz: String, answered: Int)] = [:]
  ) -> Page {
    let status = entry.progress.status
    let quizzes = QuizKind.ofAChapter.map { kind in
      let best = entry.best[kind]
      let name = t(DangdaiScreenText.kind(kind))
      let start = { (label: HTML, quiet: Bool) -> HTML in
        """
        <form method="post" action="\(DangdaiPath.startQuiz(lesson.id))" data-start-quiz>\
        <input type="hidden" name="kind" value="\(kind.rawValue)">\(zoneField)\(voiceField)\
        <button class="\(quiet ? "button button--quiet start-over" : "quiz-choice quiz-choice--\(kind.rawValue)")" type="submit">\(label)</button></form>
        """
      }
      guard let left = unfinished[kind] else {
        return HTML(
          """
          <li>\(start("<span class=\"quiz-choice-name\">\(name)</span><span class=\"quiz-choice-best\">\(best.map { t(.bestScore, ["percent": $0]) } ?? t(.notTaken))</span>", false))</li>
          """)
      }
      return HTML(
        """
        <li class="quiz-choice-left"><a class="quiz-choice quiz-choice--\(kind.rawValue)" href="\(DangdaiPath.quiz(left.quiz))" data-resume>\
        <span class="quiz-choice-name">\(name)</span><span class="quiz-choice-best">\(t(.resumeFrom, ["number": left.answered + 1]))</span></a>\
        \(start("\(t(.startOverQuiz))", true))</li>
        """)
    }
    let review: HTML =
      dueWords > 0
      ? """
      <li><form method="post" action="\(DangdaiPath.startQuiz(lesson.id))" data-start-quiz>\
      <input type="hidden" name="kind" value="\(QuizKind.review.rawValue)">\(zoneField)\(voiceField)\
      <button class="quiz-choice quiz-choice--review" type="submit"><span class="quiz-choice-name">\(t(.kindReview))</span>\
      <span class="quiz-choice-best">\(t(.reviewDue, ["count": dueWords]))</span></button></form></li>
      """ : ""
    let words = lesson.vocabulary.map { item in
      HTML(
        "<tr><th scope=\"row\">\(Self.chinese(item.hanzi))\(speakButton(item.hanzi))</th><td>\(reading(pinyin: item.pinyin, zhuyin: item.zhuyin))</td><td>\(item.meaning[language])</td></tr>"
      )
    }
    return page(
      lesson.title[language], bodyClass: "page-chapter", tab: .books,
      main: """
        <header class="screen-head">
        <p class="breadcrumb"><a href="\(DangdaiPath.books.path)#book-\(lesson.id.book)">\(t(.bookTitle, ["book": lesson.id.book]))</a></p>
        <h1>\(Self.chinese(lesson.chineseTitle, class: "chapter-heading-zh"))<span class="chapter-heading">\(chapterName(lesson.id))</span></h1>
        <p class="chapter-status chapter-status--\(status.rawValue)">\(self.status(entry.progress))\(status == .mastered ? HTML(" \u{00B7} \(t(.practiceAgain))") : "")</p>
        <progress max="100" value="\(entry.progress.completion)" aria-label="\(lesson.title[language])">\(t(.percent, ["percent": entry.progress.completion]))</progress>
        \(masteryParts(entry.progress))
        </header>
        <section class="card" aria-labelledby="quizzes-title">
        <h2 id="quizzes-title">\(status == .mastered ? t(.practiceAgain) : t(.chapterQuizzes))</h2>
        <ul class="quiz-choices">\(quizzes)\(review)</ul>
        </section>
        <section class="card" aria-labelledby="words-title">
        <h2 id="words-title">\(t(.words))</h2>
        <table class="word-list">
        <thead><tr><th scope="col">\(t(.wordColumn))</th><th scope="col">\(t(.readingColumn))</th><th scope="col">\(t(.meaningColumn))</th></tr></thead>
        <tbody>\(words)</tbody>
        </table>
        \(lesson.isImported ? "" : HTML("<p class=\"fine-print\">\(core(.companionNotice))</p>"))
        </section>
        """)
  }

  /// What the chapter's percentage is made of, and how it is mastered (or why it is).
  func masteryParts(_ progress: ChapterProgress) -> HTML {
    let parts = progress.parts.map { part in
      let kind = t(DangdaiScreenText.kind(part.kind))
      let line =
        part.best.map { t(.partTaken, ["kind": kind, "best": $0, "earned": part.earned, "weight": part.weight]) }
        ?? t(.partNotTaken, ["kind": kind, "weight": part.weight])
      return HTML("<li>\(line)</li>")
    }
    let threshold = ChapterStatus.masteryThreshold
    let how =
      progress.masteredByTest
      ? t(.masteredByTest, ["percent": progress.best[.test]?.percent ?? 0, "threshold": threshold])
      : progress.status == .mastered ? "" : t(.toMaster, ["threshold": threshold])
    return """
      <details class="made-of"><summary>\(t(.madeOfTitle, ["percent": progress.completion]))</summary>
      <ul>\(parts)</ul>\(how.isEmpty ? "" : HTML("<p>\(how)</p>"))</details>
      """
  }

  /// Home's card for the spaced review: how many words are due, and one tap to review them.
  func reviewCard(_ due: Int) -> HTML {
    guard due > 0 else {
      return """
        <section class="card review-card" aria-labelledby="review-title"><h2 id="review-title">\(t(.reviewHomeTitle))</h2>\
        <p class="empty">\(t(.reviewNothingDue))</p></section>
        """
    }
    return """
      <section class="card review-card" aria-labelledby="review-title"><h2 id="review-title">\(t(.reviewHomeTitle))</h2>
      <form method="post" action="\(DangdaiPath.review.path)" data-start-quiz>\(voiceField)\
      <p class="review-due">\(t(.reviewDue, ["count": due]))</p>\
      <button class="button button--wide" type="submit" data-review-now>\(t(.reviewNow))</button></form>
      </section>
      """
  }

  // MARK: Problems

  func nothingToReview() -> Page {
    notice(t(.kindReview), t(.nothingToReview))
  }

  func tooManyQuizzes() -> Page {
    notice(t(.chapterQuizzes), t(.tooManyQuizzes))
  }

  /// A refusal the web version says with a page of its own (``DangdaiErrorPages``): what is not
  /// there, and a review with nothing due; nil for any other.
  func refusal(_ error: DangdaiError) -> Page? {
    switch error {
    case .chapterNotFound: notice(t(.chapterNotFoundTitle), t(.chapterNotFound))
    case .quizNotFound: notice(t(.quizNotFoundTitle), t(.quizNotFound))
    case .nothingToReview: nothingToReview()
    default: nil
    }
  }

  /// What a launch with no connection shows (the service worker keeps it in every language): that
  /// quizzes need the network, that nothing learned is lost, and a way to try again.
  func offline() -> Page {
    page(
      t(.offlineTitle), bodyClass: "page-notice page-offline", tab: nil,
      main: """
        <section class="card notice" aria-labelledby="offline-title" data-offline-screen>
        <h1 id="offline-title">\(t(.offlineTitle))</h1>
        <p>\(t(.offlineLead))</p>
        <p><a class="button" href="\(DangdaiPath.home.path)" data-primary-action>\(t(.offlineRetry))</a></p>
        </section>
        """)
  }

  /// An address under Dangdai that leads nowhere.
  func pageNotFound() -> Page { notice(t(.pageNotFoundTitle), t(.pageNotFound)) }

  func notice(_ title: String, _ text: String) -> Page {
    page(
      title, bodyClass: "page-notice", tab: .books,
      main: """
        <section class="card notice" aria-labelledby="notice-title">
        <h1 id="notice-title">\(title)</h1>
        <p>\(text)</p>
        <p><a class="button" href="\(DangdaiPath.books.path)">\(t(.tabBooks))</a></p>
        </section>
        """)
  }

  // MARK: Settings

  /// Each language by its own name, as a language menu shows it.
  static let endonyms: [Language: String] = [
    .english: "English", .french: "Français", .japanese: "日本語", .korean: "한국어",
  ]

  /// The settings, with how many lessons the learner's own word list covers.
  func settings(saved: Bool, ownLists: Int = 0) -> Page {
    let languages = DangdaiScreenTexts.all.languages.map { language in
      let name = Self.endonyms[language] ?? language.rawValue
      return
        HTML(
          "<label class=\"choice\"><input type=\"radio\" name=\"language\" value=\"\(language.rawValue)\"\(language == self.language ? HTML(" checked") : "")> <span lang=\"\(language.rawValue)\">\(name)</span></label>"
        )
    }
    let readingChoices: [(DangdaiSettings.ReadingDisplay, DangdaiScreenText)] = [
      (.pinyin, .readingPinyin), (.zhuyin, .readingZhuyin), (.both, .readingBoth),
    ]
    let readingOptions = readingChoices.map { display, label in
      HTML(
        "<label class=\"choice\"><input type=\"radio\" name=\"readings\" value=\"\(display.rawValue)\"\(display == readings ? HTML(" checked") : "")> \(t(label))</label>"
      )
    }
    let soundOptions = [(true, DangdaiScreenText.soundOn), (false, .soundOff)].map { on, label in
      HTML(
        "<label class=\"choice\"><input type=\"radio\" name=\"sound\" value=\"\(on ? "on" : "off")\"\(on == sound ? HTML(" checked") : "")> \(t(label))</label>"
      )
    }
    let themes: [(DangdaiSettings.Theme, DangdaiScreenText)] = [
      (.system, .themeSystem), (.light, .themeLight), (.dark, .themeDark),
    ]
    let themeOptions = themes.map { choice, label in
      HTML(
        "<label class=\"choice\"><input type=\"radio\" name=\"theme\" value=\"\(choice.rawValue)\"\(choice == theme ? HTML(" checked") : "")> \(t(label))</label>"
      )
    }
    return page(
      t(.settingsTitle), bodyClass: "page-settings", tab: .settings,
      main: """
        <header class="screen-head"><h1>\(t(.settingsTitle))</h1></header>
        \(saved ? HTML("<p class=\"notice-banner\" role=\"status\">\(t(.saved))</p>") : "")
        <form class="card settings-form" method="post" action="\(DangdaiPath.settings.path)">\(zoneField)
        <fieldset><legend>\(t(.language))</legend>\(languages)</fieldset>
        <fieldset><legend>\(t(.readings))</legend>\(readingOptions)</fieldset>
        <fieldset><legend>\(t(.sound))</legend>\(soundOptions)</fieldset>
        <fieldset><legend>\(t(.theme))</legend>\(themeOptions)</fieldset>
        <button class="button" type="submit">\(t(.save))</button>
        </form>
        <section class="card" aria-labelledby="word-list-title">
        <h2 id="word-list-title">\(t(.wordListTitle))</h2>
        <p>\(ownLists == 0 ? t(.wordListNone) : t(.wordListInUse, ["count": ownLists]))</p>
        <p><a class="button button--quiet" href="\(DangdaiPath.wordList.path)">\(t(.wordListLink))</a></p>
        </section>
        <section class="card" aria-labelledby="account-title">
        <h2 id="account-title">\(t(.account))</h2>
        <p><a href="\(DangdaiPath.account.path)">\(t(.accountLink))</a></p>
        <form method="post" action="\(DangdaiPath.signOut.path)"><button class="button button--quiet" type="submit">\(t(.signOut))</button></form>
        </section>
        <section class="card" aria-labelledby="about-title">
        <h2 id="about-title">\(t(.about))</h2>
        <p>\(core(.companionNotice))</p>
        <p>\(core(.dictionaryCredit))</p>
        </section>
        """)
  }
}

extension DangdaiPages {
  // MARK: Progress

  struct ProgressView: Sendable {
    let calendar: ActivityCalendar.View
    let page: ActivityCalendar.Page
    /// Each day shown, oldest first, with the quizzes finished on it.
    let days: [(day: LocalDay, quizzes: Int)]
    let books: [BookProgress]
    let history: [FinishedQuiz]
    /// The cursor of the page after `history`, when there is one.
    let olderHistory: String?
  }

  func progress(_ view: ProgressView) -> Page {
    let switcher = ActivityCalendar.View.allCases.map { option in
      HTML(
        "<a href=\"\(DangdaiPath.progress.path)?view=\(option.rawValue)\"\(option == view.calendar ? HTML(" aria-current=\"page\"") : "")>\(t(option == .week ? .weekView : .monthView))</a>"
      )
    }
    let link = { (day: LocalDay) in "\(DangdaiPath.progress.path)?view=\(view.calendar.rawValue)&at=\(day)" }
    let turn: HTML = """
      <p class="cal-turn"><a href="\(link(view.page.earlier))" rel="prev">\(t(.earlier))</a>\
      \(view.page.later.map { HTML("<a href=\"\(link($0))\" rel=\"next\">\(t(.later))</a>") } ?? "")</p>
      """
    let blanks = Array(
      repeating: HTML("<li class=\"cal-day cal-day--blank\" aria-hidden=\"true\"></li>"),
      count: ActivityCalendar.leadingBlanks(view.calendar, view.page))
    let cells = view.days.map { entry in
      HTML(
        "<li class=\"cal-day cal-day--\(ActivityCalendar.level(entry.quizzes))\"><span class=\"cal-date\" aria-hidden=\"true\">\(entry.day.day)</span><span class=\"cal-count\" aria-hidden=\"true\">\(entry.quizzes > 0 ? "\(entry.quizzes)" : "")</span><span class=\"visually-hidden\">\(t(.dayQuizzes, ["day": formats.day(entry.day), "count": entry.quizzes]))</span></li>"
      )
    }
    let heads = ActivityCalendar.columnHeads.map { day in
      HTML("<li aria-hidden=\"true\">\(formats.weekdayInitial(day))</li>")
    }
    let scored = view.books.flatMap(\.chapters).filter { !$0.best.isEmpty }
    let scores = scored.map { entry in
      let cell = { (kind: QuizKind) -> String in entry.best[kind].map { t(.percent, ["percent": $0]) } ?? "–" }
      return HTML(
        "<tr><th scope=\"row\"><a href=\"\(DangdaiPath.chapter(entry.lesson))\">\(lessonLabel(entry.lesson))</a><span class=\"scores-status\">\(t(DangdaiScreenText.status(entry.progress)))</span></th><td>\(cell(.vocabulary))</td><td>\(cell(.grammar))</td><td>\(cell(.test))</td></tr>"
      )
    }
    let scoreTable: HTML =
      scored.isEmpty
      ? "<p class=\"empty\">\(t(.noRecentQuizzes))</p>"
      : """
      <div class="table-scroll"><table class="scores"><thead><tr><th scope="col">\(t(.wordListLesson))</th><th scope="col">\(t(.kindVocabulary))</th><th scope="col">\(t(.kindGrammar))</th><th scope="col">\(t(.kindTest))</th></tr></thead>
      <tbody>\(scores)</tbody></table></div>
      """
    let older = view.olderHistory.map {
      HTML(
        "<p><a href=\"\(DangdaiPath.progress.path)?view=\(view.calendar.rawValue)&amp;before=\($0)#history-title\">\(t(.olderQuizzes))</a></p>"
      )
    }
    return page(
      t(.progressTitle), bodyClass: "page-progress", tab: .progress,
      main: """
        <header class="screen-head"><h1>\(t(.progressTitle))</h1></header>
        <section class="card calendar calendar--\(view.calendar.rawValue)" aria-labelledby="activity-title">
        <h2 id="activity-title">\(t(.activity))</h2>
        <p class="segmented">\(switcher)</p>
        <p class="cal-month">\(view.calendar == .month ? formats.month(view.page.from) : "\(formats.day(view.page.from)) – \(formats.day(view.page.to))")</p>
        <ol class="cal-heads">\(view.calendar == .month ? HTML(heads) : HTML(view.days.map { HTML("<li aria-hidden=\"true\">\(formats.weekdayInitial($0.day))</li>") }))</ol>
        <ol class="cal-days">\(blanks)\(cells)</ol>
        \(turn)
        </section>
        <section class="card" aria-labelledby="scores-title">
        <h2 id="scores-title">\(t(.chapterScores))</h2>
        \(scoreTable)
        </section>
        <section class="card" aria-labelledby="history-title">
        <h2 id="history-title">\(t(.history))</h2>
        \(recentQuizzes(view.history))
        \(older ?? "")
        </section>
        """)
  }
}
