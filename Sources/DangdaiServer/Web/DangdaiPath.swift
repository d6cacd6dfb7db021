import DangdaiCore
import ServerKit

/// Every address of Dangdai's web version: the routes register these patterns and the pages link
/// to these paths.
enum DangdaiPath {
  static let app = "/dangdai"

  static let home = RoutePath(app: app, "/")
  static let books = RoutePath(app: app, "/books")
  static let chapter = RoutePath(app: app, "/chapters/:chapter")
  static let startQuiz = RoutePath(app: app, "/chapters/:chapter/quizzes")
  static let review = RoutePath(app: app, "/review")
  static let quiz = RoutePath(app: app, "/quizzes/:quiz")
  static let answer = RoutePath(app: app, "/quizzes/:quiz/answers")
  static let result = RoutePath(app: app, "/quizzes/:quiz/result")
  static let progress = RoutePath(app: app, "/progress")
  static let settings = RoutePath(app: app, "/settings")
  static let wordList = RoutePath(app: app, "/settings/word-list")
  static let reviewWordList = RoutePath(app: app, "/settings/word-list/lists/:list")
  static let confirmWordList = RoutePath(app: app, "/settings/word-list/lists/:list/confirm")
  static let cancelWordList = RoutePath(app: app, "/settings/word-list/cancel")
  static let wordListRemoval = RoutePath(app: app, "/settings/word-list/removal")
  static let signUp = RoutePath(app: app, "/account/sign-up")
  static let signIn = RoutePath(app: app, "/account/sign-in")
  static let account = RoutePath(app: app, "/account")
  static let signOut = RoutePath(app: app, "/account/sign-out")
  static let offline = RoutePath(app: app, "/offline")
  static let serviceWorker = RoutePath(app: app, "/sw.js")

  static func chapter(_ id: LessonID) -> String { chapter.link(id.description) }
  static func startQuiz(_ id: LessonID) -> String { startQuiz.link(id.description) }
  static func quiz(_ id: String) -> String { quiz.link(id) }
  static func answer(_ id: String) -> String { answer.link(id) }
  static func result(_ id: String) -> String { result.link(id) }
  static func reviewWordList(_ id: String) -> String { reviewWordList.link(id) }
  static func confirmWordList(_ id: String) -> String { confirmWordList.link(id) }
}
