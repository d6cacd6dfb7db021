import DangdaiCore
import OrchardKit
import ServerKit

/// Dangdai's refusals as the API answers them: the core's code, its status, and a sentence for
/// the app's developer, whose numbers and lists are the core's. (Sentences a learner reads come
/// from the catalogs.)
enum DangdaiProblem {
  /// Any refusal of the core's as its problem; nil for an error that is not one.
  static func refusal(_ error: any Error) -> OrchardError? {
    (error as? DangdaiError).map(refusal)
  }

  static func refusal(_ error: DangdaiError) -> OrchardError {
    let code = error.code
    switch error {
    case .chapterNotFound:
      return OrchardError(
        status: .notFound, code: code, title: "Chapter not found",
        detail: "There is no such chapter: chapters are book × 100 + lesson, \(chapterRanges).")
    case .chapterRequired:
      return .badRequest("Name the chapter (chapter_id) for every quiz but a review.", code: code)
    case .quizNotFound:
      return OrchardError(
        status: .notFound, code: code, title: "Quiz not found", detail: "You have no quiz with this id.")
    case .alreadyAnswered:
      return OrchardError(
        status: .conflict, code: code, title: "Already answered",
        detail: "This question already has another answer, or this answer id was used for another question.")
    case .quizNotFinished:
      return OrchardError(
        status: .conflict, code: code, title: "Quiz not finished",
        detail: "The result is ready once every question is answered.")
    case .nothingToReview:
      return OrchardError(
        status: .conflict, code: code, title: "Nothing to review",
        detail: "No word is due for review now: words you answer wrongly come back here when they are due.")
    case .missingTones:
      return OrchardError(
        status: .unprocessableContent, code: code, title: "Add the tones",
        detail: "Type the tones too, as marks (nǐ hǎo) or numbers (ni3 hao3).")
    case .answerUnreadable:
      return OrchardError(
        status: .unprocessableContent, code: code, title: "Not an answer to this question",
        detail:
          "Answer a question with options by `choice`, typed pinyin by `text`, and word tiles by `order` (each tile once)."
      )
    case .questionNotFound:
      return OrchardError(
        status: .unprocessableContent, code: code, title: "No such question",
        detail: "This quiz has no question with that index.")
    case .invalidTimeZone:
      return .badRequest("That is not a time zone: use an IANA name such as Asia/Taipei.", code: code)
    case .unsupportedLanguage:
      return .badRequest("Dangdai speaks \(languages).", code: code)
    case .invalidRange:
      return .badRequest(
        "Ask for days from `from` to `to`, in order, at most \(ActivityCalendar.maximumDays) of them.", code: code)
    case .invalidCursor:
      return .badRequest("`before` takes the `next` of a previous page.", code: code)
    case .invalidPageSize:
      return .badRequest(
        "`limit` is \(QuizHistory.pageSizes.lowerBound) to \(QuizHistory.pageSizes.upperBound).", code: code)
    case .quota(.tooManyUnfinished(let limit)):
      var problem = OrchardError(
        status: .conflict, code: code, title: "Finish a quiz first",
        detail:
          "You have \(limit) quizzes started and not finished. Finish one (Continue resumes the latest) before starting another."
      )
      problem.values = ["limit": limit]
      return problem
    case .quota(.full(let limit)):
      var problem = OrchardError(
        status: .conflict, code: code, title: "No room for more quizzes",
        detail: "You keep \(limit) quizzes, the most one learner can, so no new quiz can be started.")
      problem.values = ["limit": limit]
      return problem
    case .listRefused(.tooLarge):
      return OrchardError(
        status: .contentTooLarge, code: code, title: "List too large",
        detail: "A word list is at most \(VocabularyImport.maximumBytes / 1_048_576) MiB.")
    case .listRefused:
      return OrchardError(
        status: .unprocessableContent, code: code, title: "No word to import",
        detail: "The list has no word of a lesson Dangdai teaches (\(chapterRanges)) that could be read.")
    case .listNotText:
      return OrchardError(
        status: .unprocessableContent, code: code, title: "Not a text file",
        detail: "A word list is UTF-8 text: the flash-card list, or a table saved as CSV.")
    case .listNotFound:
      return OrchardError(
        status: .notFound, code: code, title: "List not found",
        detail: "No list read for you waits under this id: read the list again.")
    }
  }

  /// Each book's chapters as a range of ids: "101–115 and 201–215".
  static var chapterRanges: String {
    let ranges = LessonID.books.compactMap { book -> String? in
      let ids = LessonID.all.filter { $0.book == book }
      guard let first = ids.first, let last = ids.last else { return nil }
      return "\(first)–\(last)"
    }
    return OrchardError.listed(ranges)
  }

  /// The languages the catalogs speak: "en, fr, ja and ko".
  static var languages: String { OrchardError.listed(DangdaiTexts.all.languages.map(\.rawValue)) }
}
