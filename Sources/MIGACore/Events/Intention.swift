import OrchardKit

/// What the person means to do, chosen with one tap at Proceed. A Proceed with an intention is a
/// deliberate open and counts towards the intentionality score.
public enum Intention: String, CaseIterable, Codable, Sendable, Hashable {
  case reply, post, browse

  /// The button's words.
  /// How long a browse is meant to last, as the intention names it.
  public static let browseMinutes = 5

  public var label: Message<MIGAText> {
    switch self {
    case .reply: Message(.intentionReply)
    case .post: Message(.intentionPost)
    case .browse: Message(.intentionBrowse, ["minutes": Self.browseMinutes])
    }
  }
}
