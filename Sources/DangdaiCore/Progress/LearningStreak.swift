import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dangdai's streak: a day counts when at least one quiz is finished in it, in the learner's own
/// time zone (a day starts at midnight there, whatever daylight saving does to its length). A
/// quiz yesterday keeps the streak alive today; a missed day ends it, so the next quiz starts a
/// new one at 1; a second quiz the same day changes nothing. There are no freezes.
public enum LearningStreak {
  /// The days kept by quizzes finished at `instants`.
  public static func days(_ instants: some Sequence<Date>, in timeZone: TimeZone) -> Set<LocalDay> {
    Set(instants.map { LocalDay(containing: $0, in: timeZone) })
  }

  /// The streak at `now` from quizzes finished at `instants`.
  public static func streak(_ instants: some Sequence<Date>, at now: Date, in timeZone: TimeZone) -> Streak {
    Streak(kept: days(instants, in: timeZone), today: LocalDay(containing: now, in: timeZone))
  }
}
