import OrchardKit

/// The twelve onboarding steps of Story 1.1, in order: welcome, the value of the time (awareness,
/// goals, the science, a risk-free start), the person's own choices (readiness, interests, apps,
/// pause length), and how to hide the apps so MIGA stands in front of them (Story 1.3).
public enum OnboardingStep: Int, Codable, CaseIterable, Sendable, Comparable {
  case welcome = 1
  case timeAwareness
  case timeCost
  case goals
  case science
  case howItWorks
  case readiness
  case interests
  case apps
  case pauseLength
  case hideApps
  case ready

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var next: OnboardingStep? { OnboardingStep(rawValue: rawValue + 1) }
  public var previous: OnboardingStep? { OnboardingStep(rawValue: rawValue - 1) }

  /// The address-friendly name (`/miga/welcome/time-awareness`).
  public var slug: String {
    switch self {
    case .welcome: "welcome"
    case .timeAwareness: "time-awareness"
    case .timeCost: "time-cost"
    case .goals: "goals"
    case .science: "science"
    case .howItWorks: "how-it-works"
    case .readiness: "readiness"
    case .interests: "interests"
    case .apps: "apps"
    case .pauseLength: "pause-length"
    case .hideApps: "hide-apps"
    case .ready: "ready"
    }
  }

  public init?(slug: String) {
    guard let step = Self.allCases.first(where: { $0.slug == slug }) else { return nil }
    self = step
  }
}

/// What a person wants MIGA to help with (the goals step).
public enum Goal: String, Codable, CaseIterable, Sendable {
  case lessScrolling = "less-scrolling"
  case betterFocus = "better-focus"
  case morePresent = "more-present"
  case betterSleep = "better-sleep"
  case calmerMind = "calmer-mind"

  public var label: MIGAText {
    switch self {
    case .lessScrolling: .goalLessScrolling
    case .betterFocus: .goalBetterFocus
    case .morePresent: .goalMorePresent
    case .betterSleep: .goalBetterSleep
    case .calmerMind: .goalCalmerMind
    }
  }
}

/// The platform whose app-hiding instructions to show (Story 1.3).
public enum Platform: String, Codable, CaseIterable, Sendable {
  case iOS = "ios"
  case android
  case web
}

/// The onboarding answers and where the person is; persisted so a closed app resumes at the same
/// step and a finished onboarding is never shown again.
public struct Onboarding: Codable, Sendable, Equatable {
  /// Minutes a day the person thinks they spend on social apps (the time-awareness step).
  public static let dailyMinutesRange = 15...600
  /// The commitment slider (readiness step).
  public static let readinessRange = 1...10
  /// The world's average daily minutes on social apps: the slider starts there.
  public static let worldAverageMinutes = 141

  /// "The world average is about 2 hours 21 minutes", from ``worldAverageMinutes``.
  public static var worldAverage: Message<MIGAText> {
    Message(.worldAverage, ["hours": worldAverageMinutes / 60, "minutes": worldAverageMinutes % 60])
  }

  public private(set) var step = OnboardingStep.welcome
  public private(set) var isComplete = false
  public private(set) var dailyMinutes = Onboarding.worldAverageMinutes
  public private(set) var goals: Set<Goal> = []
  public private(set) var readiness = 7
  public private(set) var interests: Set<ContentCategory> = []
  public private(set) var appIDs: [String] = []
  public private(set) var pauseSeconds = PauseSettings.standard

  public init() {}

  /// What a year of the person's estimate adds up to, in whole days (the time-cost step).
  public var daysPerYear: Int { dailyMinutes * 365 / (60 * 24) }

  public mutating func setDailyMinutes(_ minutes: Int) throws(OnboardingError) {
    guard Self.dailyMinutesRange.contains(minutes) else { throw .outOfRange("daily minutes") }
    dailyMinutes = minutes
  }

  public mutating func setGoals(_ goals: Set<Goal>) { self.goals = goals }

  public mutating func setReadiness(_ value: Int) throws(OnboardingError) {
    guard Self.readinessRange.contains(value) else { throw .outOfRange("readiness") }
    readiness = value
  }

  public mutating func setInterests(_ categories: Set<ContentCategory>) { interests = categories }

  /// The apps to stand in front of: 1–10 distinct known apps.
  public mutating func setApps(_ ids: [String], known: [SocialApp] = AppRegistry.builtIn) throws(OnboardingError) {
    var seen = Set<String>()
    let unique = ids.filter { seen.insert($0).inserted }
    guard HubSelection.limit.contains(unique.count) else { throw .appCount }
    guard unique.allSatisfy({ id in known.contains { $0.id == id } }) else { throw .unknownApp }
    appIDs = unique
  }

  public mutating func setPause(_ seconds: Int) throws(OnboardingError) {
    guard PauseSettings.isOffered(seconds) else { throw .outOfRange("pause length") }
    pauseSeconds = seconds
  }

  /// Moves on; the apps step needs at least one app first. The last step completes onboarding.
  public mutating func advance() throws(OnboardingError) {
    if step == .apps, appIDs.isEmpty { throw .appCount }
    if let next = step.next {
      step = next
    } else {
      isComplete = true
    }
  }

  public mutating func goBack() {
    if let previous = step.previous { step = previous }
  }

  /// Jumps to a step already reached (a back link or a reload), never past the first unanswered one.
  public mutating func go(to target: OnboardingStep) {
    if target <= step { step = target }
  }
}

public enum OnboardingError: Error, Sendable, Equatable {
  case outOfRange(String)
  /// No app, or more than ten.
  case appCount
  case unknownApp
}
