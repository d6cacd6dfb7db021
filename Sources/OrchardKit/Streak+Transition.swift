extension Streak {
  /// Something worth telling the user about when a streak changes.
  public enum Transition: Sendable, Hashable {
    /// A new run began.
    case started
    /// The current run grew to this many kept days.
    case extended(to: Int)
    /// The run that was alive ended after reaching this many kept days.
    case broken(after: Int)
  }

  /// What happened between this snapshot and a later one, in the order it happened.
  ///
  /// Typical pairs: before and after recording today's entry (`[.started]` or `[.extended(to:)]`),
  /// or yesterday's evaluation and today's on opening the app (`[.broken(after:)]`). Between
  /// snapshots far apart both can happen: `[.broken(after: 12), .started]`.
  ///
  /// The run counts as the same one when the later run began no later than this one did (it may
  /// begin earlier if a day was filled in before it); otherwise this run must have broken.
  public func transitions(to later: Streak) -> [Transition] {
    let continued: Bool
    if let start = currentStart, let laterStart = later.currentStart {
      continued = laterStart <= start
    } else {
      continued = false
    }
    if continued {
      return later.current > current ? [.extended(to: later.current)] : []
    }
    var changes: [Transition] = []
    if current > 0 {
      changes.append(.broken(after: current))
    }
    if later.current > 0 {
      changes.append(.started)
    }
    return changes
  }
}
