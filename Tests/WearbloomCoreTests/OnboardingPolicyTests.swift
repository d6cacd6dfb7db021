import Foundation
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

  let start = Date(timeIntervalSince1970: 1_790_000_000)

  @Test("a token is live until its lifetime is over or its wardrobe moves into an account, to the second")
  func liveness() {
    let record = OnboardingRecord.started(at: start)
    #expect(record.expiresAt == start.addingTimeInterval(OnboardingPolicy.lifetime))
    #expect(record.isLive(at: start.addingTimeInterval(OnboardingPolicy.lifetime - 1)))
    #expect(!record.isLive(at: record.expiresAt))
    #expect(!record.isAbandoned(at: start.addingTimeInterval(OnboardingPolicy.lifetime - 1)))
    #expect(record.isAbandoned(at: record.expiresAt))
    let claimed = OnboardingRecord(expiresAt: record.expiresAt, claimedBy: "ada")
    #expect(!claimed.isLive(at: start))
    #expect(!claimed.isAbandoned(at: record.expiresAt))
  }

  @Test(
    "a live token moves its wardrobe once; again for the same account does nothing; another account or an expired token is refused"
  )
  func claims() {
    let record = OnboardingRecord.started(at: start)
    #expect(record.claim(by: "ada", at: start) == .success(.move))
    let claimed = OnboardingRecord(expiresAt: record.expiresAt, claimedBy: "ada")
    #expect(claimed.claim(by: "ada", at: start) == .success(.done))
    #expect(claimed.claim(by: "grace", at: start) == .failure(.alreadyClaimed))
    #expect(record.claim(by: "ada", at: record.expiresAt) == .failure(.tokenInvalid))
    #expect(claimed.claim(by: "ada", at: record.expiresAt) == .failure(.tokenInvalid))
  }
}
