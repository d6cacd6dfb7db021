/// A user's streak of kept days as of one day, computed from the days they kept.
///
/// The rules:
/// - A *run* is a sequence of kept days with no unprotected missed day in between. Its length
///   counts kept days only: a day bridged by a freeze keeps the run alive but does not lengthen it.
/// - **Today is not over.** A run that reached yesterday is still current even though today is
///   not kept yet; keeping today extends it, and it breaks only once today has passed unkept.
/// - `current` is the length of the run that is still alive today (0 if none); `longest` is the
///   longest run ever, the current one included, so `current <= longest` always.
/// - Days after `today` are ignored: a device clock that ran ahead must not count unlived days.
/// - With a ``FreezePolicy``, freezes are earned and spent day by day in calendar order, exactly
///   as that type describes; without one, any missed day breaks the run.
public struct Streak: Sendable, Hashable {
  /// Kept days in the run that is alive today; 0 if there is none.
  public let current: Int
  /// Kept days in the longest run ever, including the current one.
  public let longest: Int
  /// Freezes held at the end of `today`'s evaluation; never more than the policy's cap.
  public let freezesHeld: Int
  /// The first kept day of the current run; `nil` when `current` is 0.
  public let currentStart: LocalDay?

  /// Evaluates the streak on `today` from every day the user kept (order and duplicates ignored).
  public init(kept: some Sequence<LocalDay>, today: LocalDay, freezes policy: FreezePolicy? = nil) {
    var fold = StreakFold(policy: policy)
    var previous: LocalDay?
    for day in Set(kept).filter({ $0 <= today }).sorted() {
      if let previous {
        fold.miss(days: day.days(from: previous) - 1)
      }
      fold.keep(day)
      previous = day
    }
    if let previous {
      // Only the days strictly between the last kept day and today can have been missed.
      fold.miss(days: max(0, today.days(from: previous) - 1))
    }
    current = fold.run
    longest = fold.longest
    freezesHeld = fold.freezes
    currentStart = fold.runStart
  }
}

/// The day-by-day state behind ``Streak``, kept apart so each rule is one short method.
private struct StreakFold {
  let policy: FreezePolicy?
  var run = 0
  var runStart: LocalDay?
  var longest = 0
  var freezes = 0
  /// Kept days counted towards the next freeze.
  var progress = 0

  init(policy: FreezePolicy?) {
    self.policy = policy
  }

  mutating func keep(_ day: LocalDay) {
    if run == 0 {
      runStart = day
    }
    run += 1
    longest = max(longest, run)
    guard let policy, freezes < policy.cap else { return }
    progress += 1
    if progress == policy.earnEvery {
      freezes += 1
      progress = 0
    }
  }

  mutating func miss(days: Int) {
    let covered = min(days, freezes)
    freezes -= covered
    if days > covered {
      run = 0
      runStart = nil
      progress = 0
    }
  }
}
