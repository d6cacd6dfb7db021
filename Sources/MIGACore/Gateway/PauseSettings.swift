import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long the pause lasts (Story 4.1): 15–45 seconds in steps of 5, 30 by default, and whether it
/// adapts to how often the person is reaching for their apps.
public struct PauseSettings: Codable, Sendable, Hashable {
  public static let range = 15...45
  public static let step = 5
  public static let standard = 30

  public private(set) var seconds = PauseSettings.standard
  /// Shorter for the first open in a while, longer for each repeat (see ``AdaptivePause``); on
  /// when the build's adaptive-pause feature is.
  public var adapts = MIGAFeatures.standard.adaptivePause

  public init() {}

  /// Nil unless `seconds` is one of the offered lengths.
  public init?(seconds: Int, adapts: Bool = MIGAFeatures.standard.adaptivePause) {
    guard Self.isOffered(seconds) else { return nil }
    self.seconds = seconds
    self.adapts = adapts
  }

  /// 15, 20, … 45.
  public static let offered = Array(stride(from: range.lowerBound, through: range.upperBound, by: step))

  public static func isOffered(_ seconds: Int) -> Bool { range.contains(seconds) && seconds % step == 0 }

  /// Changes the length; false (and nothing changes) for a length not offered.
  @discardableResult
  public mutating func set(seconds: Int) -> Bool {
    guard Self.isOffered(seconds) else { return false }
    self.seconds = seconds
    return true
  }

  /// The pause for an open, given how many gateways opened in the half hour before it.
  public func pause(afterRecentOpens recentOpens: Int) -> Int {
    adapts ? AdaptivePause.seconds(chosen: seconds, recentOpens: recentOpens) : seconds
  }
}

/// The adaptive pause. A first reach in a while is often deliberate, so it gets a shorter pause;
/// reaching again and again is the habit MIGA is there for, so each repeat lengthens it. It always
/// stays within 15–45 seconds:
///
/// - no gateway in the last 30 minutes: half the chosen length, rounded up to a step of 5, at least 15;
/// - one before it: the chosen length;
/// - each further one: 5 seconds more, up to 45.
public enum AdaptivePause {
  public static let window: TimeInterval = 30 * 60

  /// The setting's words, naming the window.
  public static var settingLabel: Message<MIGAText> { Message(.adaptivePauseLabel, ["minutes": Int(window / 60)]) }

  public static func seconds(chosen: Int, recentOpens: Int) -> Int {
    let range = PauseSettings.range
    let chosen = min(max(chosen, range.lowerBound), range.upperBound)
    switch recentOpens {
    case ..<1:
      let half = (chosen + 1) / 2
      let stepped = (half + PauseSettings.step - 1) / PauseSettings.step * PauseSettings.step
      return max(range.lowerBound, stepped)
    case 1: return chosen
    default: return min(range.upperBound, chosen + PauseSettings.step * (recentOpens - 1))
    }
  }

  /// How many gateways opened in the window before `now`, from the log.
  public static func recentOpens(in log: EventLog, before now: Date) -> Int {
    var count = 0
    for event in log.events.reversed() {
      guard now.timeIntervalSince(event.occurredAt) <= window else { break }
      if event.kind == .sessionStart, event.metadata.appID != nil, event.occurredAt <= now { count += 1 }
    }
    return count
  }
}
