/// The themes a person can ask the pause to draw from (Story 4.3).
public enum ContentCategory: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Hashable {
  case stoicism, productivity, mindfulness, motivation, reflection

  /// The name shown in onboarding and settings.
  public var label: MIGAText {
    switch self {
    case .stoicism: .categoryStoicism
    case .productivity: .categoryProductivity
    case .mindfulness: .categoryMindfulness
    case .motivation: .categoryMotivation
    case .reflection: .categoryReflection
    }
  }
}
