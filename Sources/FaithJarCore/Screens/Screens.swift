import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    trialBanner = access.trialDaysLeft.map { Message(.trialBanner, ["days": $0, "trialDays": AccessPolicy.trialDays]) }
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
  public let message: Message<FaithJarText>
  public let plans = Plan.allCases
  public let terms = FaithJarText.paywallTerms

  public init(access: AccessState) {
    switch access {
    case .expired: message = Message(.paywallExpired, ["trialDays": AccessPolicy.trialDays])
    case .subscribed(_, _, let willRenew, _) where !willRenew: message = Message(.paywallCancelled)
    default: message = Message(.paywallSupport)
    }
  }
}

/// The cross-fade between one verse and the next: the old one fades out, the new one fades in.
public enum VerseTransition {
  /// How long the verse on screen takes to fade out.
  public static let fadeOut: TimeInterval = 0.2
  /// How long the next verse takes to fade in.
  public static let fadeIn: TimeInterval = 0.3
}
