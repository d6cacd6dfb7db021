import DangdaiCore
import Foundation
import NIOCore
import OrchardIdentity
import OrchardKit
import ServerKit

/// What the dashboard, progress and the books show of one learner, read together and remembered
/// by the process until the learner next writes (an answer, a new quiz, new settings), when it is
/// forgotten here and in every process on the database.
public struct LearnerSnapshot: Sendable {
  public let settings: DangdaiSettings
  public let zone: IANAZone
  /// Correct answers ever given.
  public let correctAnswers: Int
  /// Quizzes finished on each day, in the learner's time zone.
  public let days: [LocalDay: Int]
  /// The best score of each kind of quiz on each lesson.
  public let best: [LessonID: [QuizKind: Int]]
  /// The latest finished quizzes, newest first.
  public let recent: [FinishedQuiz]
  /// The latest quiz not yet finished, at its next question.
  public let unfinished: (quiz: String, kind: QuizKind, lesson: LessonID?, next: Int)?
  /// The dashboard as last written for this snapshot: on which day, from which reading of the
  /// course (``CourseSource/edition(for:)``'s version), and its JSON.
  public var dashboard: (day: LocalDay, course: String, json: ByteBuffer)?

  static func read(_ account: Account, store: DangdaiStore, settings: DangdaiSettings) async throws -> LearnerSnapshot {
    let zone = IANAZone.stored(settings.timeZone)
    async let points = store.correctAnswers(of: account.id)
    async let finishTimes = store.finishTimes(of: account.id)
    async let best = store.bestScores(of: account.id)
    async let recent = store.history(of: account.id, before: nil, limit: QuizHistory.recentOnDashboard)
    async let unfinished = store.latestUnfinished(of: account.id)
    return LearnerSnapshot(
      settings: settings, zone: zone, correctAnswers: try await points,
      days: ActivityCalendar.counts(try await finishTimes, in: zone.timeZone), best: try await best,
      recent: try await recent,
      unfinished: try await unfinished.flatMap { quiz in
        quiz.attempt.nextQuestion.map { (quiz: quiz.id, kind: quiz.kind, lesson: quiz.lesson, next: $0) }
      })
  }
}
