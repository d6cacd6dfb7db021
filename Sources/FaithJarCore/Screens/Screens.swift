import OrchardKit

/// What each screen shows, computed from the state: the SwiftUI views observe these through the
/// view models, and the web pages render them directly.

/// The main screen: the six feelings.
public struct EmotionListScreen: Sendable, Equatable {
  public let title = FaithJarText.appName
  public let subtitle = FaithJarText.emotionsSubtitle
  public let prompt = FaithJarText.emotionsPrompt
  public let emotions = Emotion.allCases
  /// Shown during the trial ("5 days left in your free week"); never on the verse itself.
  public let trialBanner: Message<FaithJarText>?
  /// The way to the plans, always there: "Subscribe" until one is bought, then "Your plan".
  public let planEntry: FaithJarText

  public init(access: AccessState) {
    trialBanner = access.trialDaysLeft.map { Message(.trialBanner, ["days": $0]) }
    if case .subscribed = access { planEntry = .yourPlanEntry } else { planEntry = .subscribeEntry }
  }
}

/// One verse, as read.
public struct VerseScreen: Sendable, Equatable {
  public let emotion: Emotion
  public let verse: Verse
  public let translation: Translation
  public let isFavourite: Bool

  public init(emotion: Emotion, verse: Verse, translation: Translation, isFavourite: Bool) {
    self.emotion = emotion
    self.verse = verse
    self.translation = translation
    self.isFavourite = isFavourite
  }

  public var text: String { verse.text(in: translation) }
  public var reference: String { "\u{2014} \(verse.displayReference)" }
  public let explanationHeading = FaithJarText.explanationHeading
  public var shareText: String { verse.shareText(in: translation) }
  /// Anxiety, sadness, loneliness and anger get a quiet way to reach a person.
  public var offersSupportLink: Bool { emotion.offersSupportLink }
}

/// The paywall after the free week.
public struct PaywallScreen: Sendable, Equatable {
  public let title = FaithJarText.paywallTitle
  public let message: FaithJarText
  public let plans = Plan.allCases
  public let terms = FaithJarText.paywallTerms

  public init(access: AccessState) {
    switch access {
    case .expired: message = .paywallExpired
    case .subscribed(_, _, let willRenew, _) where !willRenew: message = .paywallCancelled
    default: message = .paywallSupport
    }
  }
}
