import DangdaiCore
import Foundation
import OrchardKit
import ServerKit

/// A question as its screen shows it: before it is answered, or with how the answer fared.
struct QuizView: Sendable {
  let quiz: QuizContent
  /// How many of the quiz's questions are answered (the progress bar).
  var answered: Int
  let index: Int
  /// The id the form sends its answer under.
  let answerID: String
  /// How the answer fared, once it is stored.
  var feedback: Feedback?
  /// Why the answer was not judged (no tones, the wrong shape).
  var notice: DangdaiScreenText?
  /// The pinyin typed, shown again when it was not judged.
  var typed = ""
  /// Word tiles placed so far, in order.
  var placed: [Int] = []

  struct Feedback: Sendable {
    let answer: StoredAnswer
    /// Whether it was the quiz's last question.
    let finished: Bool
  }

  var question: Question { quiz.questions[index] }
}

extension DangdaiPages {
  // MARK: A question

  func question(_ view: QuizView) -> Page {
    let question = view.question
    let total = view.quiz.questions.count
    let count = t(.questionOf, ["number": view.index + 1, "total": total])
    let isTest = view.quiz.kind == .test
    let leave = view.quiz.lesson.map(DangdaiPath.chapter) ?? DangdaiPath.home.path
    let state = view.feedback.map { $0.answer.isCorrect ? "right" : "wrong" } ?? "open"
    return page(
      t(DangdaiScreenText.kind(view.quiz.kind)), bodyClass: "page-quiz quiz--\(state)", tab: nil,
      main: """
        <header class="quiz-head">
        <a class="quiz-leave" href="\(leave)">\(t(.leaveQuiz))</a>
        \(isTest ? HTML("<p class=\"quiz-label\">\(t(.testLabel))</p>") : "")
        <progress class="quiz-progress" max="\(total)" value="\(view.answered)" aria-label="\(isTest ? "\(t(.testLabel)): \(count)" : count)"></progress>
        <p class="quiz-count">\(count)</p>
        </header>
        <section class="question question--\(question.kind.rawValue)" aria-labelledby="instruction" data-question="\(view.index)">
        <h1 class="instruction" id="instruction" tabindex="-1">\(core(DangdaiText.instruction(question)))</h1>
        \(prompt(question))
        \(view.notice.map { HTML("<p class=\"answer-notice\" role=\"alert\">\(t($0))</p>") } ?? "")
        \(answers(view))
        </section>
        \(feedback(view))
        """)
  }

  /// What the question shows: its Chinese at 72 px (with a way to hear it, where hearing it
  /// answers nothing), the reading asked about, or the meaning; a listening question's word is
  /// heard, its reading shown only where no voice can say it.
  func prompt(_ question: Question) -> HTML {
    var parts: [HTML] = []
    if question.kind == .listeningToCharacter, let word = question.speechBeforeAnswer {
      parts.append(
        """
        <p class="prompt-listen">\(speakButton(word, label: t(.playWord), big: true))</p>
        <div class="listen-fallback" data-listen-fallback><p class="hint">\(t(.listenFallback))</p>\
        \(question.reading.map { HTML("<p class=\"prompt-reading\">\(reading(pinyin: $0.pinyin, zhuyin: $0.zhuyin))</p>") } ?? "")</div>
        """)
      return HTML(parts, separator: "\n")
    }
    if let chinese = question.chinese {
      let size = question.kind.isVocabulary ? "prompt-zh" : "prompt-zh prompt-zh--sentence"
      let shown: HTML = "<p class=\"\(size)\" lang=\"zh-Hant\">\(chinese)</p>"
      parts.append(
        question.speechBeforeAnswer.map { "<div class=\"prompt-line\">\(shown)\(speakButton($0))</div>" } ?? shown)
    }
    if let shown = question.reading {
      parts.append("<p class=\"prompt-reading\">\(reading(pinyin: shown.pinyin, zhuyin: shown.zhuyin))</p>")
    }
    if let meaning = question.meaning { parts.append("<p class=\"prompt-meaning\">\(meaning)</p>") }
    return HTML(parts, separator: "\n")
  }

  /// The hidden fields every answer form sends: which question, under which id.
  func answerFields(_ view: QuizView) -> HTML {
    """
    <input type="hidden" name="answer_id" value="\(view.answerID)"><input type="hidden" name="question" value="\(view.index)">
    """
  }

  func answers(_ view: QuizView) -> HTML {
    switch view.question.layout {
    case .grid, .list: choices(view)
    case .typed: typedAnswer(view)
    case .tiles: tiles(view)
    }
  }

  func option(_ text: String, chinese: Bool, reading shown: Question.Reading? = nil) -> HTML {
    guard chinese else { return "<span>\(text)</span>" }
    guard let shown, !shown.pinyin.isEmpty else { return Self.chinese(text) }
    return
      "\(Self.chinese(text))<span class=\"option-reading\">\(reading(pinyin: shown.pinyin, zhuyin: shown.zhuyin))</span>"
  }

  /// A button that says `text` with the device's Mandarin voice: hidden until the page's script
  /// finds one (``DangdaiPages`` never promises a sound it cannot make).
  func speakButton(_ text: String, label: String? = nil, big: Bool = false) -> HTML {
    let name = label ?? t(.listen)
    return """
      <button class="speak\(big ? " speak--big" : "")" type="button" data-speak="\(text)" aria-label="\(name)" title="\(name)" hidden>\
      <svg class="speak-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 9v6h4l5 4V5L8 9H4z"/><path d="M16 8.5a5 5 0 0 1 0 7" fill="none"/><path d="M18.5 6a8.5 8.5 0 0 1 0 12" fill="none"/></svg>\
      \(big ? HTML("<span>\(name)</span>") : "")</button>
      """
  }

  func choices(_ view: QuizView) -> HTML {
    let question = view.question
    let layout = question.layout.rawValue
    let chinese = question.kind.optionsAreChinese
    let readings = question.offersOptionReadings ? course.optionReadings(of: question) : []
    let readingAt = { (index: Int) in readings.indices.contains(index) ? readings[index] : nil }
    guard let feedback = view.feedback else {
      let buttons = question.options.enumerated().map { index, text in
        HTML(
          "<li><button class=\"option\" type=\"submit\" name=\"choice\" value=\"\(index)\">\(option(text, chinese: chinese, reading: readingAt(index)))</button></li>"
        )
      }
      // Readings under the options: at once in the first lessons, else on request (no script
      // needed: the box shows them).
      let reveal: HTML =
        readings.isEmpty || question.showsOptionReadings
        ? ""
        : """
        <input class="reveal-toggle" type="checkbox" id="show-readings"><label class="reveal-label" for="show-readings">\(t(.showReadings))</label>
        """
      let shown = question.showsOptionReadings ? " options--readings" : ""
      return """
        <form class="answers" method="post" action="\(DangdaiPath.answer(view.quiz.id))" data-answer-form>\(answerFields(view))
        \(reveal)<ul class="options options--\(layout)\(shown)">\(buttons)</ul>
        </form>
        """
    }
    let chosen: Int? = if case .choice(let index) = feedback.answer.response { index } else { nil }
    let right: Int? = if case .choice(let index) = question.key { index } else { nil }
    // Answered, every word option shows its reading and can be heard.
    let answered = question.kind.isVocabulary && chinese ? course.optionReadings(of: question) : readings
    let shown = question.options.enumerated().map { index, text in
      let state = index == right ? " option--right" : index == chosen ? " option--wrong" : ""
      let reading = answered.indices.contains(index) ? answered[index] : nil
      let speak = chinese && question.kind.isVocabulary ? speakButton(text) : ""
      return HTML(
        "<li><span class=\"option\(state)\"\(index == chosen ? HTML(" data-chosen") : "")>\(option(text, chinese: chinese, reading: reading))</span>\(speak)</li>"
      )
    }
    let withReadings = answered.isEmpty ? "" : " options--readings"
    return "<div class=\"answers\"><ul class=\"options options--\(layout)\(withReadings)\">\(shown)</ul></div>"
  }

  func typedAnswer(_ view: QuizView) -> HTML {
    var given = view.typed
    if case .typed(let text) = view.feedback?.answer.response { given = text }
    let state = view.feedback.map { $0.answer.isCorrect ? " typed--right" : " typed--wrong" } ?? ""
    return """
      <form class="answers answers--typed" method="post" action="\(DangdaiPath.answer(view.quiz.id))" data-answer-form>\(answerFields(view))
      <label class="visually-hidden" for="typed-answer">\(t(.answerLabel))</label>
      <input class="typed\(state)" id="typed-answer" name="text" type="text" value="\(given)" placeholder="\(t(.typePlaceholder))" autocomplete="off" autocapitalize="none" autocorrect="off" spellcheck="false" lang="zh-Latn-pinyin" aria-describedby="tone-help" required\(view.feedback == nil ? HTML(" autofocus") : HTML(" readonly"))>
      <p class="hint" id="tone-help">\(t(.toneHelp))</p>
      \(view.feedback == nil ? HTML("<button class=\"button button--wide\" type=\"submit\">\(t(.check))</button>") : "")
      </form>
      """
  }

  func tiles(_ view: QuizView) -> HTML {
    let question = view.question
    var placed = view.placed
    if case .order(let order) = view.feedback?.answer.response { placed = order }
    let placedTiles = placed.map { index in
      HTML("<li><span class=\"tile tile--placed\" lang=\"zh-Hant\">\(question.options[index])</span></li>")
    }
    let placedList: HTML = """
      <p class="tiles-label" id="placed-label">\(t(.tilesPlaced))</p>
      <ol class="tiles tiles--placed" aria-labelledby="placed-label" data-placed-list>\(placedTiles)</ol>
      \(placed.isEmpty ? HTML("<p class=\"hint\" data-tiles-empty>\(t(.tilesEmpty))</p>") : "")
      """
    if let feedback = view.feedback {
      return """
        <div class="answers answers--tiles tiles--\(feedback.answer.isCorrect ? "right" : "wrong")">\(placedList)</div>
        """
    }
    let left = question.options.indices.filter { !placed.contains($0) }.map { index in
      HTML(
        "<li><button class=\"tile\" type=\"submit\" name=\"pick\" value=\"\(index)\" lang=\"zh-Hant\" data-tile=\"\(index)\">\(question.options[index])</button></li>"
      )
    }
    let complete = placed.count == question.options.count
    return """
      <form class="answers answers--tiles" method="post" action="\(DangdaiPath.answer(view.quiz.id))" data-answer-form data-tiles>\(answerFields(view))
      <input type="hidden" name="placed" value="\(placed.map(String.init).joined(separator: ","))" data-placed>
      \(placedList)
      <p class="tiles-label" id="left-label">\(t(.tilesLeft))</p>
      <ul class="tiles tiles--left" aria-labelledby="left-label" data-left-list>\(left)</ul>
      <div class="tile-actions">
      <button class="button button--quiet" type="submit" name="undo" value="1" data-undo\(placed.isEmpty ? HTML(" disabled") : "")>\(t(.undo))</button>
      <button class="button button--quiet" type="submit" name="clear" value="1" data-clear\(placed.isEmpty ? HTML(" disabled") : "")>\(t(.startOver))</button>
      <button class="button" type="submit" data-check\(complete ? "" : HTML(" disabled"))>\(t(.check))</button>
      </div>
      </form>
      """
  }

  /// How the answer fared: right or wrong (a gentle orange), the right answer, a tone hint, and the
  /// way on.
  func feedback(_ view: QuizView) -> HTML {
    guard let feedback = view.feedback else { return "" }
    let question = view.question
    let right = feedback.answer.isCorrect
    var lines: [HTML] = []
    if !right {
      lines.append(
        "<p class=\"feedback-answer\">\(sentence(.theAnswer, placing: solution(question), as: "answer"))</p>")
      lines.append(explanation(course.explanation(of: question, after: feedback.answer.response, in: language)))
    }
    if !feedback.answer.toneErrors.isEmpty, case .pinyin(_, let readings, _) = question.key, let first = readings.first
    {
      let syllables = feedback.answer.toneErrors.filter(first.indices.contains).map { PinyinText.marked(first[$0]) }
      lines.append("<p class=\"feedback-hint\">\(t(.toneError, ["syllables": syllables.joined(separator: ", ")]))</p>")
      if feedback.answer.sandhiHint { lines.append("<p class=\"feedback-hint\">\(t(.sandhiHint))</p>") }
    }
    let next =
      feedback.finished
      ? HTML(
        "<a class=\"button button--wide\" href=\"\(DangdaiPath.result(view.quiz.id))\" data-next>\(t(.seeResults))</a>")
      : HTML(
        "<a class=\"button button--wide\" href=\"\(DangdaiPath.quiz(view.quiz.id))\" data-next>\(t(.nextQuestion))</a>")
    return """
      <section class="feedback feedback--\(right ? "right" : "wrong")" aria-labelledby="feedback-verdict" data-feedback="\(right ? "right" : "wrong")"\(QuizPacing.advance(afterCorrect: right).map { HTML(" data-advance-ms=\"\($0.wholeMilliseconds)\"") } ?? "")>
      <p class="feedback-verdict" id="feedback-verdict" role="status">\(right ? t(.correct) : t(.wrong))\(right ? HTML(" <span class=\"feedback-points\">\(t(.pointsEarned, ["points": QuizScore.points(correctAnswers: 1)]))</span>") : "")</p>
      \(HTML(lines, separator: "\n"))
      \(next)
      </section>
      """
  }

  // MARK: Results

  func result(_ result: QuizResult, quiz: StoredQuiz, totalPoints: Int) -> Page {
    let chapter = result.quiz.lesson
    let missed = quiz.answers.filter { !$0.isCorrect }.sorted { $0.question < $1.question }.compactMap { answer in
      quiz.questions.indices.contains(answer.question) ? quiz.questions[answer.question] : nil
    }
    let struggled: HTML =
      missed.isEmpty
      ? "<p class=\"all-right\">\(t(.allRight))</p>"
      : """
      <h2 id="struggled-title">\(t(.struggledWith))</h2>
      <ul class="struggled" aria-labelledby="struggled-title">\(missed.map(missedItem))</ul>
      """
    let celebration: HTML =
      result.firstMastery
      ? """
      <section class="celebration" id="celebration" aria-labelledby="celebration-title" data-celebration>
      <p class="celebration-mark" aria-hidden="true">✓</p>
      <h1 id="celebration-title">\(t(.chapterMastered))</h1>
      <p>\(t(.chapterMasteredLead, ["chapter": chapter.map(chapterName) ?? ""]))</p>
      <a class="button button--wide" href="#result" data-celebration-done>\(t(.continueLabel))</a>
      </section>
      """ : ""
    let heading = result.firstMastery ? "h2" : "h1"
    return page(
      t(.resultsTitle), bodyClass: "page-result" + (result.firstMastery ? " has-celebration" : ""), tab: nil,
      main: """
        \(celebration)
        <section class="card result" id="result" aria-labelledby="result-title" data-points-earned="\(result.score.points)">
        <\(HTML(trusted: heading)) id="result-title">\(t(.resultsTitle))</\(HTML(trusted: heading))>
        <p class="result-kind">\(t(DangdaiScreenText.kind(result.quiz.kind)))\(chapter.map { HTML(" \u{00B7} \(lessonLabel($0))") } ?? "")</p>
        <p class="result-summary">\(core(result.score.summary))</p>
        <p class="result-points" data-count-up>\(t(.resultsPoints, ["points": result.score.points]))</p>
        <p class="result-total">\(t(.totalPoints, ["points": totalPoints]))</p>
        \(struggled)
        <p class="result-actions">
        \(chapter.map { HTML("<a class=\"button button--wide\" href=\"\(DangdaiPath.chapter($0))\">\(t(.backToChapter))</a>") } ?? "")
        <a class="button button--quiet button--wide" href="\(DangdaiPath.home.path)">\(t(.backHome))</a>
        </p>
        </section>
        """)
  }

  /// A question answered wrongly, as "You struggled with" lists it: what it asked (the word, the
  /// reading a reading or listening question gave, or the meaning) and its answer.
  func missedItem(_ question: Question) -> HTML {
    let asked: HTML =
      if let chinese = question.chinese {
        Self.chinese(chinese)
      } else if let shown = question.reading {
        reading(pinyin: shown.pinyin, zhuyin: shown.zhuyin)
      } else {
        HTML("\(question.meaning ?? "")")
      }
    return
      "<li><span class=\"missed-asked\">\(asked)</span> <span class=\"missed-arrow\" aria-hidden=\"true\">→</span> <span class=\"missed-solution\">\(solution(question))</span></li>"
  }

  /// What a wrong answer teaches: the word with its reading, meaning and sound (and what the word
  /// chosen means), or the grammar point's line on why, with the sentence as it should be.
  func explanation(_ explained: Explanation) -> HTML {
    var lines: [HTML] = []
    if let word = explained.word {
      lines.append(
        """
        <p class="explain-word">\(Self.chinese(word.hanzi))\(word.isRead ? HTML(" \(reading(pinyin: word.pinyin, zhuyin: word.zhuyin))") : "") \
        <span class="explain-meaning">\(word.meaning[language])</span>\(speakButton(word.hanzi))</p>
        """)
    }
    if let chosen = explained.chosen {
      lines.append(
        "<p class=\"explain-chosen\">\(sentence(.youChose, placing: Self.chinese(chosen.hanzi), as: "word", values: ["meaning": chosen.meaning[language]]))</p>"
      )
    }
    if let title = explained.grammarTitle, let why = explained.why {
      lines.append("<p class=\"explain-why\"><strong>\(title)</strong> \(why)</p>")
    }
    if let sentence = explained.sentence {
      lines.append(
        """
        <p class="explain-sentence">\(Self.chinese(sentence))\(speakButton(sentence))\
        \(explained.translation.map { HTML("<span class=\"explain-translation\">\($0)</span>") } ?? "")</p>
        """)
    }
    return lines.isEmpty ? "" : "<div class=\"explanation\">\(HTML(lines, separator: "\n"))</div>"
  }

  /// A question's right answer as shown: its reading as the learner reads (pinyin or zhuyin), a
  /// sentence, or the right option.
  func solution(_ question: Question) -> HTML {
    switch question.layout {
    case .typed:
      question.solutionReading.map { reading(pinyin: $0.pinyin, zhuyin: $0.zhuyin) }
        ?? "<span lang=\"zh-Latn-pinyin\">\(question.solution)</span>"
    case .tiles: Self.chinese(question.solution)
    case .grid, .list: option(question.solution, chinese: question.kind.optionsAreChinese)
    }
  }
}
