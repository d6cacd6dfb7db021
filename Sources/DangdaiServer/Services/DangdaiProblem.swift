import ServerKit

/// Dangdai's refusals, each with its stable code, as the API and the web version answer them.
enum DangdaiProblem {
  static let chapterNotFound = OrchardError(
    status: .notFound, code: "CHAPTER_NOT_FOUND", title: "Chapter not found",
    detail: "There is no such chapter: chapters are book × 100 + lesson, 101–115 and 201–215.")
  static let chapterRequired = OrchardError.badRequest(
    "Name the chapter (chapter_id) for every quiz but a review.", code: "CHAPTER_REQUIRED")
  static let quizNotFound = OrchardError(
    status: .notFound, code: "QUIZ_NOT_FOUND", title: "Quiz not found", detail: "You have no quiz with this id.")
  static let alreadyAnswered = OrchardError(
    status: .conflict, code: "ALREADY_ANSWERED", title: "Already answered",
    detail: "This question already has another answer, or this answer id was used for another question.")
  static let quizNotFinished = OrchardError(
    status: .conflict, code: "QUIZ_NOT_FINISHED", title: "Quiz not finished",
    detail: "The result is ready once every question is answered.")
  static let nothingToReview = OrchardError(
    status: .conflict, code: "NOTHING_TO_REVIEW", title: "Nothing to review",
    detail: "No word is due for review now: words you answer wrongly come back here when they are due.")
  static let missingTones = OrchardError(
    status: .unprocessableContent, code: "MISSING_TONES", title: "Add the tones",
    detail: "Type the tones too, as marks (nǐ hǎo) or numbers (ni3 hao3).")
  static let answerUnreadable = OrchardError(
    status: .unprocessableContent, code: "ANSWER_UNREADABLE", title: "Not an answer to this question",
    detail:
      "Answer a question with options by `choice`, typed pinyin by `text`, and word tiles by `order` (each tile once).")
  static let questionNotFound = OrchardError(
    status: .unprocessableContent, code: "QUESTION_NOT_FOUND", title: "No such question",
    detail: "This quiz has no question with that index.")
  static let invalidTimeZone = OrchardError.badRequest(
    "That is not a time zone: use an IANA name such as Asia/Taipei.", code: "INVALID_TIME_ZONE")
  static let unsupportedLanguage = OrchardError.badRequest(
    "Dangdai speaks en, fr, ja and ko.", code: "UNSUPPORTED_LANGUAGE")
  static let invalidRange = OrchardError.badRequest(
    "Ask for days from `from` to `to`, in order, at most 400 of them.", code: "INVALID_RANGE")
  static let invalidCursor = OrchardError.badRequest(
    "`before` takes the `next` of a previous page.", code: "INVALID_CURSOR")
}
