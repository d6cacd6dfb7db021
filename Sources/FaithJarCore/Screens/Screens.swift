/// What each screen shows, computed from the state: the SwiftUI views observe these through the
/// view models, and the web pages render them directly.

/// The main screen: the six feelings.
public struct EmotionListScreen: Sendable, Equatable {
  public let title = "Faith Jar"
  public let subtitle = "How are you feeling today?"
  public let prompt = "Tap to receive a Bible verse that speaks to you"
  public let emotions = Emotion.allCases
  /// Shown during the trial ("5 days left in your free week"); never on the verse itself.
  public let trialBanner: String?

  public init(access: AccessState) {
    trialBanner = access.trialDaysLeft.map { days in
      days == 1 ? "Last day of your free week" : "\(days) days left in your free week"
    }
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
  public let explanationHeading = "Why this verse?"
  public var shareText: String { verse.shareText(in: translation) }
  /// Sadness, loneliness and anger get a quiet way to reach a person.
  public var offersSupportLink: Bool { emotion.offersSupportLink }
}

/// The paywall after the free week.
public struct PaywallScreen: Sendable, Equatable {
  public let title = "Keep Faith Jar close"
  public let message: String
  public let plans = Plan.allCases
  public let terms =
    "Subscriptions renew automatically until cancelled. Cancel any time; access continues to the end of the paid period."

  public init(access: AccessState) {
    switch access {
    case .expired:
      message = "Your free week has ended. Subscribe to keep receiving a verse for every feeling."
    case .subscribed(_, _, let willRenew) where !willRenew:
      message = "Your subscription is cancelled and ends at the close of this period."
    default:
      message = "Subscribe to support Faith Jar and keep every verse at hand."
    }
  }
}
