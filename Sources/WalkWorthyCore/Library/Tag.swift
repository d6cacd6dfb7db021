/// What an encouragement speaks to; the pop-ups show one tag per card.
public enum Tag: String, CaseIterable, Codable, Sendable, Hashable {
  case courage, rest, wisdom, hope, peace, strength, focus, gratitude, belonging

  /// The spec's three, which the pop-ups lead with whenever the content has them.
  public static let featured: [Tag] = [.courage, .rest, .wisdom]

  /// The card's label: "Courage".
  public var label: WalkWorthyText {
    switch self {
    case .courage: .tagCourage
    case .rest: .tagRest
    case .wisdom: .tagWisdom
    case .hope: .tagHope
    case .peace: .tagPeace
    case .strength: .tagStrength
    case .focus: .tagFocus
    case .gratitude: .tagGratitude
    case .belonging: .tagBelonging
    }
  }
}

/// The part of a student's day an encouragement was written for.
public enum Moment: String, CaseIterable, Codable, Sendable, Hashable {
  case exam, deadline, heavyDay = "heavy-day", everyday
}
