/// The three pages a first-time visitor sees before the emotions, as the designer set them out.
public struct OnboardingPage: Sendable, Equatable {
  public let icon: Emotion.Icon
  public let title: String
  public let body: String
  public let button: String
  /// Page three shows the three steps instead of a single icon.
  public let steps: [Step]

  public struct Step: Sendable, Equatable {
    public let icon: Emotion.Icon
    public let label: String
  }

  /// The designer's pages; the body text is ours.
  public static let all: [OnboardingPage] = [
    OnboardingPage(
      icon: .heart, title: "When you need God\u{2019}s word for this moment",
      body:
        "Some moments are too heavy, or too bright, to carry alone. Faith Jar keeps a verse ready for whatever you are feeling right now.",
      button: "Continue", steps: []),
    OnboardingPage(
      icon: .book, title: "A Bible verse + why it matters",
      body:
        "Each verse comes with a few honest sentences on where it comes from and why it speaks to what you feel. No account, no noise.",
      button: "Continue", steps: []),
    OnboardingPage(
      icon: .sparkle, title: "Peace in 30 seconds",
      body: "Choose how you feel, read what Scripture says, and take a breath. That is all it asks of you.",
      button: "Get Started",
      steps: [
        Step(icon: .heart, label: "Choose"), Step(icon: .book, label: "Read"),
        Step(icon: .sparkle, label: "Feel peace"),
      ]),
  ]
}
