import FaithJarCore
import Foundation
import OrchardKit

/// State kept in memory, for view-model tests.
actor MemoryStateStore: FaithJarStateStore {
  private(set) var saved: FaithJarState?
  func load() -> FaithJarState { saved ?? FaithJarState() }
  func save(_ state: FaithJarState) { saved = state }
}

let day: TimeInterval = 86_400
let start = Date(timeIntervalSince1970: 1_800_000_000)

/// A small library with `count` verses per emotion, for rules that do not depend on the content.
func syntheticLibrary(count: Int) -> VerseLibrary {
  VerseLibrary(
    verses: Emotion.allCases.flatMap { emotion in
      (1...count).map { n in
        Verse(
          id: "\(emotion.rawValue)-test-\(n)", emotion: emotion, reference: "Psalm \(n):1", book: "Psalm",
          chapter: n, firstVerse: 1, lastVerse: 1,
          texts: [.bsb: "BSB \(emotion) \(n)", .kjv: "KJV \(emotion) \(n)", .web: "WEB \(emotion) \(n)"],
          explanation: "Why \(n).")
      }
    })
}
