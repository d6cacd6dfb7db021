/// What the person means to do, chosen with one tap at Proceed. A Proceed with an intention is a
/// deliberate open and counts towards the intentionality score.
public enum Intention: String, CaseIterable, Codable, Sendable, Hashable {
  case reply, post, browse

  /// The button's words.
  public var label: String {
    switch self {
    case .reply: "Reply to a message"
    case .post: "Post something"
    case .browse: "5-minute browse"
    }
  }
}
