import OrchardKit

/// The run of days in control: a local day is kept when it had no attempts or at least one exit.
///
/// Days run from the person's first day with MIGA through today. Today is still in progress, so
/// it counts only once it has an exit; until then the streak shows through yesterday (an attempt
/// without an exit today never shows 0). A day with no attempts is kept once it is over. Freezes
/// are earned and spent as ``freezePolicy`` says, automatically.
public struct ControlStreak: Sendable, Hashable {
  /// One freeze per 7 kept days, at most 2 banked.
  public static let freezePolicy = FreezePolicy(earnEvery: 7, cap: 2)

  /// What keeps a streak, in words filled from ``freezePolicy``.
  public static var rule: Message<MIGAText> {
    Message(.streakRule, ["every": freezePolicy.earnEvery, "cap": freezePolicy.cap])
  }

  /// Kept days in the run alive today.
  public let current: Int
  /// The longest run ever, the current one included.
  public let longest: Int
  /// Freezes banked now.
  public let freezesHeld: Int
  /// The first kept day of the current run; `nil` when `current` is 0.
  public let currentStart: LocalDay?

  init(days: DailyCounts, today: LocalDay) {
    var kept: [LocalDay] = []
    if let first = days.firstDay, first <= today {
      for offset in 0...today.days(from: first) {
        let day = first.adding(days: offset)
        let counts = days[day]
        let isKept = day == today ? counts.exits > 0 : counts.attempts == 0 || counts.exits > 0
        if isKept {
          kept.append(day)
        }
      }
    }
    let streak = Streak(kept: kept, today: today, freezes: Self.freezePolicy)
    current = streak.current
    longest = streak.longest
    freezesHeld = streak.freezesHeld
    currentStart = streak.currentStart
  }
}
