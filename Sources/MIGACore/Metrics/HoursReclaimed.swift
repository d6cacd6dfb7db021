import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The estimate of time won back by exits: `H = Σ_exits L × k / 60` (research §C).
///
/// `k` is 0 when the same app was opened within ``deferralWindow`` after the exit (the session
/// was put off, not avoided), otherwise 1. With a daily cap, each local day contributes at most the
/// cap, so the estimate never claims more than the person said they spend.
public struct HoursReclaimed: Sendable, Hashable {
  /// How soon a Proceed to the same app cancels an exit: 10 minutes, inclusive.
  public static let deferralWindow: TimeInterval = 600

  /// The estimate in minutes.
  public let minutes: Double
  /// Exits that counted (k = 1).
  public let countedExits: Int
  /// Exits cancelled by a Proceed to the same app within the window (k = 0).
  public let deferredExits: Int

  /// The estimate in hours.
  public var hours: Double { minutes / 60 }

  init(exits: [ExitRecord], opensByApp: [String: [Date]], minutesPerExit: Double, dailyCapMinutes: Double?) {
    // Proceeds are logged in time order, so this sort almost never runs.
    let opens = opensByApp.mapValues { times in
      zip(times, times.dropFirst()).allSatisfy { $0 <= $1 } ? times : times.sorted()
    }
    var counted = 0
    var minutesByDay: [LocalDay: Double] = [:]
    for exit in exits where !Self.isDeferred(exit, opens: exit.appID.flatMap { opens[$0] }) {
      counted += 1
      if dailyCapMinutes != nil {
        minutesByDay[exit.localDay, default: 0] += minutesPerExit
      }
    }
    if let cap = dailyCapMinutes {
      minutes = minutesByDay.values.reduce(0) { $0 + min($1, max(0, cap)) }
    } else {
      minutes = Double(counted) * minutesPerExit
    }
    countedExits = counted
    deferredExits = exits.count - counted
  }

  /// Whether some Proceed in `opens` (sorted) falls in `exit.instant ... exit.instant + window`.
  private static func isDeferred(_ exit: ExitRecord, opens: [Date]?) -> Bool {
    guard let opens else { return false }
    var low = 0
    var high = opens.count
    while low < high {
      let middle = (low + high) / 2
      if opens[middle] < exit.instant { low = middle + 1 } else { high = middle }
    }
    return low < opens.count && opens[low].timeIntervalSince(exit.instant) <= deferralWindow
  }
}
