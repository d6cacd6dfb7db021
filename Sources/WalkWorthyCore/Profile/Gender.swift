/// The onboarding form's gender picker. Answering is optional: "Prefer not to say" is the default
/// and is never sent anywhere.
public enum Gender: String, CaseIterable, Codable, Sendable, Hashable {
  case woman, man, nonBinary = "non-binary", preferNotToSay = "prefer-not-to-say"

  public var label: WalkWorthyText {
    switch self {
    case .woman: .genderWoman
    case .man: .genderMan
    case .nonBinary: .genderNonBinary
    case .preferNotToSay: .genderPreferNotToSay
    }
  }
}
