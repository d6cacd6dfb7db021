import FaithJarCore
import Foundation
import OrchardKit
import Testing

/// Sentences as an English reader sees them.
let english = FaithJarTexts.all.localizer(.english)

@MainActor
@Suite("Screens through their view models", .timeLimit(.minutes(5)))
struct ViewModelTests {
  func session(
    at now: Date = start, state: FaithJarState = FaithJarState(), ledger: TestStoreLedger = TestStoreLedger()
  ) async -> (FaithJarSession, ManualClock, TestPurchaseProvider, MemoryStateStore) {
    let clock = ManualClock(now)
    let provider = TestPurchaseProvider(ledger: ledger, now: { clock.now })
    let store = MemoryStateStore()
    let session = FaithJarSession(
      state: state, library: syntheticLibrary(count: 20), clock: clock, provider: provider, store: store,
      generator: SeededRandomNumberGenerator(seed: 11))
    await session.launch()
    return (session, clock, provider, store)
  }

  @Test("onboarding: Continue, Continue, Get Started, and it is remembered")
  func onboarding() async {
    let (session, _, _, store) = await session()
    let onboarding = OnboardingViewModel(session: session)
    #expect(onboarding.pages.map { english($0.button) } == ["Continue", "Continue", "Get Started"])
    await onboarding.primaryAction()
    await onboarding.primaryAction()
    #expect(onboarding.isLastPage && !session.state.onboardingCompleted)
    await onboarding.primaryAction()
    #expect(session.state.onboardingCompleted)
    #expect(await store.saved?.onboardingCompleted == true)
  }

  @Test("a first visit reaches a verse in three taps or fewer after onboarding's two")
  func firstVerseQuickly() async {
    let (session, _, _, _) = await session()
    let verse = await EmotionListViewModel(session: session).choose(.anxiety)
    #expect(verse?.screen?.verse.emotion == .anxiety)
    #expect(verse?.screen.map { english($0.explanationHeading) } == "Why this verse?")
  }

  @Test("another verse is never the one just read")
  func another() async throws {
    let (session, _, _, _) = await session()
    let verse = try #require(await EmotionListViewModel(session: session).choose(.sadness))
    var previous = verse.screen?.verse.id
    for _ in 0..<30 {
      await verse.another()
      let current = verse.screen?.verse.id
      #expect(current != previous)
      previous = current
    }
  }

  @Test("changing the translation changes the text and its label together")
  func translation() async throws {
    let (session, _, _, _) = await session()
    let verse = try #require(await EmotionListViewModel(session: session).choose(.joy))
    await verse.choose(.kjv)
    let screen = try #require(verse.screen)
    #expect(screen.translation == .kjv && screen.text.hasPrefix("KJV"))
  }

  @Test("the trial banner shows on the emotion list during the free week")
  func banner() async throws {
    let (session, _, _, _) = await session()
    let banner = try #require(EmotionListViewModel(session: session).screen.trialBanner)
    #expect(english(banner) == "7 days left in your free week")
  }

  @Test("after the trial the list is locked; a test purchase unlocks it at once")
  func paywall() async {
    let (session, clock, _, _) = await session()
    clock.advance(by: 7 * day)
    await session.revalidate()
    let list = EmotionListViewModel(session: session)
    #expect(list.isLocked)
    #expect(await list.choose(.joy) == nil)
    let paywall = PaywallViewModel(session: session)
    #expect(english(paywall.screen.message).contains("free week has ended"))
    await paywall.purchase(.annual)
    #expect(paywall.hasAccess && !list.isLocked)
    #expect(await list.choose(.joy) != nil)
  }

  @Test("restore finds an earlier purchase; a store outage never locks the app")
  func restoreAndOutage() async {
    var ledger = TestStoreLedger()
    ledger.buy(.monthly, at: start)
    let (session, clock, provider, _) = await session(ledger: ledger)
    clock.advance(by: 8 * day)
    let paywall = PaywallViewModel(session: session)
    await paywall.restore()
    #expect(paywall.notice == nil && paywall.hasAccess)
    await provider.update { $0.isOutage = true }
    clock.advance(by: 60 * day)
    await session.revalidate()
    #expect(session.access == .providerUnavailable && paywall.hasAccess)
  }
}

@Suite("Faith Jar's sentences", .timeLimit(.minutes(5)))
struct FaithJarTextTests {
  @Test("every language Faith Jar declares has every sentence")
  func complete() {
    for catalog in FaithJarTexts.all.catalogs {
      #expect(catalog.missing.isEmpty, "\(catalog.language) lacks \(catalog.missing.map(\.rawValue))")
    }
  }

  @Test("the trial banner counts the days left, and names the last one")
  func banner() {
    let trial = AccessPolicy.trialDays
    #expect(
      english(Message(FaithJarText.trialBanner, ["days": 5, "trialDays": trial])) == "5 days left in your free week")
    #expect(
      english(Message(FaithJarText.trialBanner, ["days": 1, "trialDays": trial])) == "Last day of your free week")
  }

  @Test("another verse fades out in 200 ms and in in 300 ms")
  func crossFade() {
    #expect(VerseTransition.fadeOut == 0.2 && VerseTransition.fadeIn == 0.3)
  }
}
