/// How the person feels right now: the six doors into Faith Jar.
public enum Emotion: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Hashable {
  case anxiety, sadness, joy, loneliness, anger, gratitude

  /// The card's label.
  public var label: FaithJarText {
    switch self {
    case .anxiety: .emotionAnxiety
    case .sadness: .emotionSadness
    case .joy: .emotionJoy
    case .loneliness: .emotionLoneliness
    case .anger: .emotionAnger
    case .gratitude: .emotionGratitude
    }
  }

  /// The icon the designer gave the card (cloud, sad face, smiley, people, flame, heart).
  public var icon: Icon {
    switch self {
    case .anxiety: .cloud
    case .sadness: .sadFace
    case .joy: .smile
    case .loneliness: .people
    case .anger: .flame
    case .gratitude: .heart
    }
  }

  /// The emotion's accent: icon colour and the verse screen's atmosphere.
  public var accent: String {
    switch self {
    case .anxiety: "#5b7fa6"
    case .sadness: "#6b7a99"
    case .joy: "#b7832f"
    case .loneliness: "#7d6b9e"
    case .anger: "#b25a45"
    case .gratitude: "#5f8a5c"
    }
  }

  /// The card's subtle background tint.
  public var tint: String {
    switch self {
    case .anxiety: "#eaf0f6"
    case .sadness: "#ecedf3"
    case .joy: "#f8efdc"
    case .loneliness: "#efebf5"
    case .anger: "#f6e7e2"
    case .gratitude: "#e9f1e6"
    }
  }

  /// The accent in the dark look: lighter, to stand out on the dark tint.
  public var darkAccent: String {
    switch self {
    case .anxiety: "#8fb0d6"
    case .sadness: "#a3afcb"
    case .joy: "#e0b561"
    case .loneliness: "#b3a2d4"
    case .anger: "#e29680"
    case .gratitude: "#97c193"
    }
  }

  /// The tint in the dark look: the same hue, near the dark background.
  public var darkTint: String {
    switch self {
    case .anxiety: "#1e2631"
    case .sadness: "#22242d"
    case .joy: "#2b2416"
    case .loneliness: "#262131"
    case .anger: "#2d201c"
    case .gratitude: "#1f281d"
    }
  }

  /// Heavy feelings get a quiet way to reach a person, never behind the paywall.
  public var offersSupportLink: Bool {
    switch self {
    case .anxiety, .sadness, .loneliness, .anger: true
    case .joy, .gratitude: false
    }
  }

  /// The icons Faith Jar draws.
  public enum Icon: String, Sendable, CaseIterable {
    case cloud, sadFace = "sad-face", smile, people, flame, heart, sparkle, book, close, refresh
  }
}
