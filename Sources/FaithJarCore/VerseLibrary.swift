#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every verse Faith Jar ships, by emotion, in a fixed order.
public struct VerseLibrary: Sendable {
  public let verses: [Verse]
  private let byEmotion: [Emotion: [Verse]]
  private let byID: [String: Verse]

  public init(verses: [Verse]) {
    self.verses = verses
    byEmotion = Dictionary(grouping: verses, by: \.emotion)
    byID = Dictionary(verses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The verses for one feeling, in library order.
  public func verses(for emotion: Emotion) -> [Verse] { byEmotion[emotion] ?? [] }

  public func verse(id: String) -> Verse? { byID[id] }

  /// The library compiled into the app (see `scripts/build-faith-jar-content`).
  public static let bundled: VerseLibrary = {
    struct Document: Decodable { let entries: [Verse] }
    do {
      return VerseLibrary(verses: try JSONDecoder().decode(Document.self, from: Data(bundledJSON.utf8)).entries)
    } catch {
      // The build script validates this JSON before it is ever compiled in.
      preconditionFailure("the bundled verse library does not decode: \(error)")
    }
  }()
}
