import Observation
import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the device keeps ``FaithJarState`` (a file or database on iOS).
public protocol FaithJarStateStore: Sendable {
  func load() async throws -> FaithJarState
  func save(_ state: FaithJarState) async throws
}

/// The running app: its state, its access, and the services it was given. Each screen's view model
/// works through one session, so they all see the same state.
@MainActor @Observable
public final class FaithJarSession {
  public private(set) var state: FaithJarState
  public private(set) var access: AccessState = .providerUnavailable
  public let library: VerseLibrary
  @ObservationIgnored let clock: any WallClock
  @ObservationIgnored let provider: any PurchaseProvider
  @ObservationIgnored let store: any FaithJarStateStore
  @ObservationIgnored var generator: any RandomNumberGenerator

  public init(
    state: FaithJarState, library: VerseLibrary = .bundled, clock: any WallClock, provider: any PurchaseProvider,
    store: any FaithJarStateStore, generator: any RandomNumberGenerator
  ) {
    self.state = state
    self.library = library
    self.clock = clock
    self.provider = provider
    self.store = store
    self.generator = generator
  }

  /// Every launch: starts or advances the trial and asks the store again (access is never cached
  /// across launches).
  public func launch() async {
    state.launch(at: clock.now)
    await revalidate()
    await persist()
  }

  /// Re-reads the store and recomputes access.
  public func revalidate() async {
    let report: AccessPolicy.StoreReport
    do {
      report = .entitlements(try await provider.entitlements())
    } catch {
      report = .unavailable
    }
    state.launch(at: clock.now)
    access = state.access(store: report, at: clock.now)
  }

  func update(_ change: (inout FaithJarState) -> Void) async {
    change(&state)
    await persist()
  }

  func draw(_ emotion: Emotion) async -> Verse? {
    guard access.grantsAccess else { return nil }
    var generator = self.generator
    let verse = state.drawVerse(for: emotion, from: library, using: &generator)
    self.generator = generator
    await persist()
    return verse
  }

  /// Saving is best effort: a full disk must not take the verse off the screen.
  private func persist() async {
    try? await store.save(state)
  }
}
