/// How finished quizzes are listed: newest first, a page at a time.
public enum QuizHistory {
  /// The quizzes on one page of the history, unless a client asks for another number.
  public static let pageSize = 20
  /// The most quizzes a client may ask for on one page.
  public static let largestPage = 100
  /// The sizes a client may ask for.
  public static let pageSizes = 1...largestPage
  /// The latest quizzes the dashboard shows.
  public static let recentOnDashboard = 5
}
