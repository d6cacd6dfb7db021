import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything Faith Jar keeps about one person, on their device: nothing personal, only where
/// they are in the app.
public struct FaithJarState: Codable, Sendable, Equatable {
  public var onboardingCompleted = false
  public var translation = Translation.standard
  /// Begins at the first launch.
  public var trial: TrialRecord?
  public var dealer = VerseDealer.State()
  /// The verse on screen for each emotion, so reopening shows the same one.
  public var shown: [Emotion: String] = [:]
  /// Favourite verse ids, newest first.
  public var favourites: [String] = []

  public init() {}

  /// Every launch: starts the trial the first time and moves its clock forward.
  public mutating func launch(at now: Date) {
    if trial == nil { trial = TrialRecord(startedAt: now) }
    trial?.observe(now)
  }

  /// Deals the next verse for a feeling and puts it on screen.
  @discardableResult
  public mutating func drawVerse<G: RandomNumberGenerator>(
    for emotion: Emotion, from library: VerseLibrary, using generator: inout G
  ) -> Verse? {
    var dealer = VerseDealer(library: library, restoring: self.dealer, using: &generator)
    guard let verse = dealer.next(for: emotion, using: &generator) else { return nil }
    self.dealer = dealer.state
    shown[emotion] = verse.id
    return verse
  }

  /// Verses a device read offline, in the order it read them, for each feeling: the decks carry on
  /// after them and the last one is on screen, so coming back online repeats none of them. Verses
  /// that are not the feeling's are ignored, and at most two cycles' worth is taken.
  public mutating func recordOfflineReads<G: RandomNumberGenerator>(
    _ reads: [Emotion: [String]], from library: VerseLibrary, using generator: inout G
  ) {
    var dealer = VerseDealer(library: library, restoring: self.dealer, using: &generator)
    for (emotion, ids) in reads {
      for id in ids.suffix(2 * library.verses(for: emotion).count)
      where dealer.markRead(id, for: emotion, using: &generator) {
        shown[emotion] = id
      }
    }
    self.dealer = dealer.state
  }

  /// For each feeling, the verses its next deals will bring — two full cycles — for reading offline.
  public func offlineQueue<G: RandomNumberGenerator>(
    from library: VerseLibrary, using generator: inout G
  ) -> [Emotion: [Verse]] {
    let dealer = VerseDealer(library: library, restoring: self.dealer, using: &generator)
    var queue: [Emotion: [Verse]] = [:]
    for emotion in Emotion.allCases {
      queue[emotion] = dealer.upcoming(for: emotion, count: 2 * library.verses(for: emotion).count, using: &generator)
    }
    return queue
  }

  /// The verse on screen for a feeling, if one has been drawn.
  public func currentVerse(for emotion: Emotion, in library: VerseLibrary) -> Verse? {
    shown[emotion].flatMap(library.verse(id:))
  }

  public func isFavourite(_ verseID: String) -> Bool { favourites.contains(verseID) }

  public mutating func setFavourite(_ verseID: String, _ favourite: Bool) {
    favourites.removeAll { $0 == verseID }
    if favourite { favourites.insert(verseID, at: 0) }
  }

  /// Access at `now` given what the store reported.
  public func access(store: AccessPolicy.StoreReport, at now: Date) -> AccessState {
    AccessPolicy.evaluate(trial: trial ?? TrialRecord(startedAt: now), store: store, now: now)
  }
}
