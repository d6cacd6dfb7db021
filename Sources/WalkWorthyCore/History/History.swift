#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One verse the person saw, kept as it was shown so its detail screen never changes afterwards.
public struct HistoryEntry: Codable, Sendable, Hashable, Identifiable {
  /// Unique within one ``History``; stays the same when seeing the verse again refreshes the entry.
  public let id: Int
  public let verseID: String
  public let ref: String
  public let text: String
  public let encouragement: String
  /// The label shown with the text ("BSB"); nil when a server payload named no translation.
  public let translation: String?
  public let seenAt: Date
}

/// The History screen: recent verses, newest first, at most ``capacity``, each verse once. Saved on
/// the device as one value.
public struct History: Codable, Sendable, Equatable {
  public static let capacity = 50

  /// Newest first.
  public private(set) var entries: [HistoryEntry] = []
  private var nextID = 1

  public init() {}

  /// Records a card the person saw on the home screen or in the pop-ups.
  public mutating func record(_ card: VerseCard, at seenAt: Date) {
    record(
      verseID: card.id, ref: card.ref, text: card.text, encouragement: card.encouragement, translation: card.label,
      at: seenAt)
  }

  /// Records an encouragement that arrived from the API (a notification opened, a refresh).
  public mutating func record(_ payload: EncouragementPayload, at seenAt: Date) {
    record(
      verseID: payload.id, ref: payload.ref, text: payload.text, encouragement: payload.encouragement,
      translation: payload.translation, at: seenAt)
  }

  /// The entry a detail screen shows.
  public func entry(id: Int) -> HistoryEntry? { entries.first { $0.id == id } }

  private mutating func record(
    verseID: String, ref: String, text: String, encouragement: String, translation: String?, at seenAt: Date
  ) {
    // Seeing a verse again (Previous, another translation, a refresh) moves its one entry to the
    // top, keeping its id so a detail link stays good.
    let seenBefore = entries.firstIndex { $0.verseID == verseID }
    let id = seenBefore.map { entries[$0].id } ?? nextID
    if let seenBefore { entries.remove(at: seenBefore) } else { nextID += 1 }
    let entry = HistoryEntry(
      id: id, verseID: verseID, ref: ref, text: text, encouragement: encouragement, translation: translation,
      seenAt: seenAt)
    entries.insert(entry, at: 0)
    entries = Array(entries.prefix(Self.capacity))
  }
}
