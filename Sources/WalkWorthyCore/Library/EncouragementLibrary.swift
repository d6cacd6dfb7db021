#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every encouragement WalkWorthy ships, in a fixed order (by id).
public struct EncouragementLibrary: Sendable {
  public let entries: [Encouragement]
  private let byID: [String: Encouragement]

  public init(entries: [Encouragement]) {
    self.entries = entries
    byID = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  public func encouragement(id: String) -> Encouragement? { byID[id] }

  /// The entry a payload carries: its id as the mock sends it (`ww-isaiah-41-13`), or as our
  /// server numbers each hand-out (`ww-isaiah-41-13.7`, see ``CurrentEncouragement/payloadID``).
  public func encouragement(payloadID: String) -> Encouragement? {
    if let entry = byID[payloadID] { return entry }
    guard let dot = payloadID.lastIndex(of: "."), Int(payloadID[payloadID.index(after: dot)...]) != nil else {
      return nil
    }
    return byID[String(payloadID[..<dot])]
  }

  /// The entries carrying a tag, main or not, in library order.
  public func entries(tagged tag: Tag) -> [Encouragement] {
    entries.filter { $0.tags.contains(tag) }
  }

  /// The library compiled into the app (see `scripts/build-walkworthy-content`).
  public static let bundled: EncouragementLibrary = {
    struct Document: Decodable { let entries: [Encouragement] }
    do {
      let document = try JSONDecoder().decode(Document.self, from: Data(encouragementContentJSON.utf8))
      return EncouragementLibrary(entries: document.entries)
    } catch {
      // The build script validates this JSON before it is ever compiled in.
      preconditionFailure("the bundled encouragements do not decode: \(error)")
    }
  }()
}
