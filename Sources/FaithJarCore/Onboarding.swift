/// The three pages a first-time visitor sees before the emotions, as the designer set them out.
public struct OnboardingPage: Sendable, Equatable {
  public let icon: Emotion.Icon
  public let title: FaithJarText
  public let body: FaithJarText
  public let button: FaithJarText
  /// Page three shows the three steps instead of a single icon.
  public let steps: [Step]

  public struct Step: Sendable, Equatable {
    public let icon: Emotion.Icon
    public let label: FaithJarText
  }

  /// The designer's pages; the body text is ours.
  public static let all: [OnboardingPage] = [
    OnboardingPage(
      icon: .heart, title: .onboardingMomentTitle, body: .onboardingMomentBody, button: .onboardingContinue,
      steps: []),
    OnboardingPage(
      icon: .book, title: .onboardingVerseTitle, body: .onboardingVerseBody, button: .onboardingContinue, steps: []),
    OnboardingPage(
      icon: .sparkle, title: .onboardingPeaceTitle, body: .onboardingPeaceBody, button: .onboardingStart,
      steps: [
        Step(icon: .heart, label: .stepChoose), Step(icon: .book, label: .stepRead),
        Step(icon: .sparkle, label: .stepFeelPeace),
      ]),
  ]
}
