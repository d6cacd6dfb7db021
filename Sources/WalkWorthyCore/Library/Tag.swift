/// What an encouragement speaks to; the pop-ups show one tag per card.
public enum Tag: String, CaseIterable, Codable, Sendable, Hashable {
  case courage, rest, wisdom, hope, peace, strength, focus, gratitude, belonging

  /// The spec's three, which the pop-ups lead with whenever the content has them.
  public static let featured: [Tag] = [.courage, .rest, .wisdom]

  /// The card's label: "Courage".
  public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// The part of a student's day an encouragement was written for.
public enum Moment: String, CaseIterable, Codable, Sendable, Hashable {
  case exam, deadline, heavyDay = "heavy-day", everyday
}
