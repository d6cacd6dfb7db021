/// Why Dangdai refused a request, as its services throw it. ``code`` is the stable code the API
/// sends; the sentence a learner reads belongs to the faces' catalogs, never to this core.
public enum DangdaiError: Error, Equatable, Sendable {
  /// No chapter with that id (not one of ``LessonID/all``).
  case chapterNotFound
  /// A quiz other than a review names no chapter.
  case chapterRequired
  /// No quiz with that id that is the learner's.
  case quizNotFound
  /// The question was answered under another id, or the id answered another question or another way.
  case alreadyAnswered
  /// A result asked for before every question is answered.
  case quizNotFinished
  /// A review asked for while no word is due.
  case nothingToReview
  /// Pinyin typed without any tone: not judged.
  case missingTones
  /// An answer of the wrong shape for its question: not judged.
  case answerUnreadable
  /// No question at that index in the quiz.
  case questionNotFound
  /// A time zone that is not an IANA one.
  case invalidTimeZone
  /// A language Dangdai's catalogs do not speak.
  case unsupportedLanguage
  /// A range of days that runs backwards or is longer than ``ActivityCalendar/maximumDays``.
  case invalidRange
  /// A history page marker that no page gave.
  case invalidCursor
  /// A page of history of a size outside ``QuizHistory/pageSizes``.
  case invalidPageSize
  /// The learner's quota of quizzes is reached (``QuizQuota``).
  case quota(QuizQuota.Refusal)
  /// A word list refused whole: no word of a lesson Dangdai teaches, or too large
  /// (``VocabularyImport/Refusal``).
  case listRefused(VocabularyImport.Code)
  /// A word list that is not UTF-8 text.
  case listNotText
  /// No word list with that id waits for the learner (another's, confirmed, or read too long ago).
  case listNotFound

  /// The stable code the API sends.
  public var code: String {
    switch self {
    case .chapterNotFound: "CHAPTER_NOT_FOUND"
    case .chapterRequired: "CHAPTER_REQUIRED"
    case .quizNotFound: "QUIZ_NOT_FOUND"
    case .alreadyAnswered: "ALREADY_ANSWERED"
    case .quizNotFinished: "QUIZ_NOT_FINISHED"
    case .nothingToReview: "NOTHING_TO_REVIEW"
    case .missingTones: "MISSING_TONES"
    case .answerUnreadable: "ANSWER_UNREADABLE"
    case .questionNotFound: "QUESTION_NOT_FOUND"
    case .invalidTimeZone: "INVALID_TIME_ZONE"
    case .unsupportedLanguage: "UNSUPPORTED_LANGUAGE"
    case .invalidRange: "INVALID_RANGE"
    case .invalidCursor: "INVALID_CURSOR"
    case .invalidPageSize: "BAD_REQUEST"
    case .quota(.tooManyUnfinished): "UNFINISHED_QUIZ_LIMIT"
    case .quota(.full): "QUIZ_QUOTA_REACHED"
    case .listRefused(let code): code.rawValue
    case .listNotText: "LIST_NOT_TEXT"
    case .listNotFound: "LIST_NOT_FOUND"
    }
  }

  /// The verdict's refusal when it judged nothing (no tones, the wrong shape); nil for a final one.
  public init?(unjudged verdict: Verdict) {
    switch verdict {
    case .missingTones: self = .missingTones
    case .unanswerable: self = .answerUnreadable
    case .correct, .wrong, .toneError: return nil
    }
  }
}
