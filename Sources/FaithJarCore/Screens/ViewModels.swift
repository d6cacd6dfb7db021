import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The three onboarding pages.
@MainActor @Observable
public final class OnboardingViewModel {
  public let pages = OnboardingPage.all
  public private(set) var page = 0
  @ObservationIgnored private let session: FaithJarSession

  public init(session: FaithJarSession) { self.session = session }

  public var isLastPage: Bool { page == pages.count - 1 }

  /// Swipes and dots can jump to any page.
  public func show(page: Int) { self.page = min(max(page, 0), pages.count - 1) }

  /// "Continue" moves on; "Get Started" on the last page finishes onboarding.
  public func primaryAction() async {
    if isLastPage {
      await session.update { $0.onboardingCompleted = true }
    } else {
      page += 1
    }
  }
}

/// The six emotions.
@MainActor @Observable
public final class EmotionListViewModel {
  @ObservationIgnored private let session: FaithJarSession

  public init(session: FaithJarSession) { self.session = session }

  public var screen: EmotionListScreen { EmotionListScreen(access: session.access) }
  public var isLocked: Bool { !session.access.grantsAccess }

  /// Tapping a feeling deals its next verse; nil when access has ended (show the paywall).
  public func choose(_ emotion: Emotion) async -> VerseViewModel? {
    guard await session.draw(emotion) != nil else { return nil }
    return VerseViewModel(session: session, emotion: emotion)
  }
}

/// One verse and what can be done with it.
@MainActor @Observable
public final class VerseViewModel {
  public let emotion: Emotion
  @ObservationIgnored private let session: FaithJarSession

  public init(session: FaithJarSession, emotion: Emotion) {
    self.session = session
    self.emotion = emotion
  }

  public var screen: VerseScreen? {
    session.state.currentVerse(for: emotion, in: session.library).map {
      VerseScreen(
        emotion: emotion, verse: $0, translation: session.state.translation,
        isFavourite: session.state.isFavourite($0.id))
    }
  }

  /// "Another verse": never the one just read.
  public func another() async { _ = await session.draw(emotion) }

  public func toggleFavourite() async {
    guard let id = screen?.verse.id else { return }
    await session.update { $0.setFavourite(id, !$0.isFavourite(id)) }
  }

  /// Text and label change together: the screen reads both from the same state.
  public func choose(_ translation: Translation) async {
    await session.update { $0.translation = translation }
  }
}

/// The paywall: two plans, restore, terms.
@MainActor @Observable
public final class PaywallViewModel {
  public private(set) var isWorking = false
  public private(set) var notice: FaithJarText?
  @ObservationIgnored private let session: FaithJarSession

  public init(session: FaithJarSession) { self.session = session }

  public var screen: PaywallScreen { PaywallScreen(access: session.access) }
  public var hasAccess: Bool { session.access.grantsAccess }

  public func purchase(_ plan: Plan) async {
    isWorking = true
    defer { isWorking = false }
    do {
      switch try await session.provider.purchase(plan) {
      case .purchased: notice = nil
      case .cancelled: notice = nil
      case .pending: notice = .purchasePending
      }
    } catch {
      notice = .storeUnavailable
    }
    await session.revalidate()
  }

  public func restore() async {
    isWorking = true
    defer { isWorking = false }
    do {
      let restored = try await session.provider.restore()
      notice = restored.isEmpty ? .nothingToRestore : nil
    } catch {
      notice = .storeUnavailableRetry
    }
    await session.revalidate()
  }
}
