import Testing
import WearbloomCore

@Suite("The first try-on before an account", .timeLimit(.minutes(5)))
struct OnboardingPolicyTests {
  @Test("a device starts with exactly one free render; an account with its welcome credits")
  func credits() {
    let device = OnboardingPolicy.ownerPrefix + "0123456789abcdef0123456789abcdef"
    #expect(OnboardingPolicy.isOnboarding(device))
    #expect(!OnboardingPolicy.isOnboarding("0123456789abcdef0123456789abcdef"))
    #expect(OnboardingPolicy.startingCredits(for: device, welcome: 3) == 1)
    #expect(OnboardingPolicy.startingCredits(for: "0123456789abcdef0123456789abcdef", welcome: 3) == 3)
    #expect(OnboardingPolicy.lifetime == 86_400)
  }
}
