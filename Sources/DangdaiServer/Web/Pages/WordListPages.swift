import DangdaiCore
import OrchardKit
import ServerKit

/// The learner's own word list: choosing the file, then a summary of what was read (words by
/// lesson, every line left out or changed and why) to confirm or cancel before anything changes.
extension DangdaiPages {
  /// What the word-list page says above its form.
  enum WordListNotice: Equatable {
    case confirmed(lessons: Int)
    case removed
    case refused(VocabularyImport.Code)
    case notText
    case expired
    case noFile
  }

  /// The page where a learner chooses their list: what is in use, the form, and a notice.
  func wordList(own: [LessonID: Int], notice: WordListNotice? = nil) -> Page {
    let status: HTML =
      own.isEmpty
      ? "<p>\(t(.wordListNone))</p>"
      : """
      <p>\(t(.wordListInUse, ["count": own.count]))</p>
      <form method="post" action="\(DangdaiPath.wordListRemoval.path)">\
      <button class="button button--quiet" type="submit">\(t(.wordListRemove))</button></form>
      """
    return page(
      t(.wordListTitle), bodyClass: "page-word-list", tab: .settings,
      main: """
        <header class="screen-head"><p class="back"><a href="\(DangdaiPath.settings.path)">\(t(.settingsTitle))</a></p>\
        <h1>\(t(.wordListTitle))</h1></header>
        \(notice.map(wordListNotice) ?? "")
        <section class="card" aria-labelledby="word-list-status">
        <h2 id="word-list-status" class="visually-hidden">\(t(.wordListTitle))</h2>
        <p>\(t(.wordListLead))</p>
        \(status)
        </section>
        <form class="card word-list-form" method="post" action="\(DangdaiPath.wordList.path)" enctype="multipart/form-data">
        <p>\(t(.wordListFormats))</p>
        <label class="word-list-file"><span>\(t(.wordListFile))</span>\
        <input type="file" name="list" accept=".tsv,.txt,.csv,text/plain,text/csv,text/tab-separated-values" required></label>
        <button class="button" type="submit">\(t(.wordListRead))</button>
        </form>
        """)
  }

  func wordListNotice(_ notice: WordListNotice) -> HTML {
    let text: String
    var alert = true
    switch notice {
    case .confirmed(let lessons):
      text = t(.wordListConfirmed, ["count": lessons])
      alert = false
    case .removed:
      text = t(.wordListRemoved)
      alert = false
    case .refused(let code): text = t(.wordListRefused, ["reason": core(code.message)])
    case .notText: text = t(.wordListNotText)
    case .expired: text = t(.wordListExpired)
    case .noFile: text = t(.wordListChooseFile)
    }
    return alert
      ? "<p class=\"notice-banner notice-banner--problem\" role=\"alert\">\(text)</p>"
      : "<p class=\"notice-banner\" role=\"status\">\(text)</p>"
  }

  /// What a list holds, lesson by lesson, and every line left out or changed, to confirm.
  func wordListReview(_ pending: DangdaiService.PendingList) -> Page {
    let report = pending.report
    let byLesson = Dictionary(grouping: report.notes.filter { $0.code.skipsLine && $0.lesson != nil }) { $0.lesson! }
    let rows = report.lessons.map { lesson in
      HTML(
        "<tr><th scope=\"row\">\(chapterName(lesson))</th><td>\(report.words(in: lesson))</td><td>\(byLesson[lesson.rawValue]?.count ?? 0)</td></tr>"
      )
    }
    let others = Dictionary(grouping: report.otherLessons, by: \.book).sorted { $0.key < $1.key }.map { book, parts in
      HTML("<li>\(t(.wordListOtherBook, ["book": book, "words": parts.map(\.words).reduce(0, +)]))</li>")
    }
    let notes = report.notes.map { note in
      HTML(
        "<li><span class=\"line\">\(t(.wordListLine, ["line": note.line]))</span> \(core(note.message))</li>")
    }
    return page(
      t(.wordListReviewTitle), bodyClass: "page-word-list-review", tab: .settings,
      main: """
        <header class="screen-head"><p class="back"><a href="\(DangdaiPath.wordList.path)">\(t(.wordListTitle))</a></p>\
        <h1>\(t(.wordListReviewTitle))</h1></header>
        <section class="card" aria-labelledby="word-list-summary">
        <h2 id="word-list-summary">\(t(.wordListSummary, ["words": report.words, "lessons": report.lessons.count, "used": report.used, "lines": report.lines]))</h2>
        <div class="table-scroll"><table class="word-list-lessons"><thead><tr><th scope="col">\(t(.wordListLesson))</th>\
        <th scope="col">\(t(.wordListWords))</th><th scope="col">\(t(.wordListLeftOut))</th></tr></thead>
        <tbody>\(rows)</tbody></table></div>
        \(others.isEmpty ? "" : HTML("<ul class=\"other-books\">\(others)</ul>"))
        <p>\(t(.wordListKept))</p>
        <form class="actions" method="post" action="\(DangdaiPath.confirmWordList(pending.id))">\
        <button class="button" type="submit">\(t(.wordListUse))</button></form>
        <form class="actions" method="post" action="\(DangdaiPath.cancelWordList.path)">\
        <button class="button button--quiet" type="submit">\(t(.wordListCancel))</button></form>
        </section>
        \(notes.isEmpty ? "" : HTML("""
          <section class="card" aria-labelledby="word-list-notes">
          <h2 id="word-list-notes">\(t(.wordListLines))</h2>
          <ul class="word-list-notes">\(notes)</ul>
          </section>
          """))
        """)
  }
}
