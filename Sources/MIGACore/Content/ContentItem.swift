#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A quote or a longer passage shown during the pause, with everything needed to credit it.
///
/// The text is the source's own words, unchanged; paragraphs are separated by a blank line.
public struct ContentItem: Codable, Sendable, Hashable, Identifiable {
  public enum Kind: String, Codable, CaseIterable, Sendable {
    /// One to three sentences.
    case quote
    /// A passage of 120–400 words.
    case article
  }

  /// Stable across releases, e.g. `"meditations-4-3-1"`.
  public let id: String
  public let kind: Kind
  public let text: String
  public let author: String
  public let work: String
  /// Where in the work: `"4.3"` for Meditations, a chapter, or an essay's title.
  public let locus: String?
  /// Nil for a work read in its original language.
  public let translator: String?
  /// Year of the edition or translation the text comes from.
  public let year: Int
  /// `"PD-worldwide"` or `"PD-US"`.
  public let licence: String
  /// The file of the source edition the text was taken from.
  public let source: String
  public let category: ContentCategory
  public let words: Int

  public init(
    id: String, kind: Kind, text: String, author: String, work: String, locus: String?, translator: String?,
    year: Int, licence: String, source: String, category: ContentCategory, words: Int
  ) {
    self.id = id
    self.kind = kind
    self.text = text
    self.author = author
    self.work = work
    self.locus = locus
    self.translator = translator
    self.year = year
    self.licence = licence
    self.source = source
    self.category = category
    self.words = words
  }

  /// "— Marcus Aurelius, Meditations 4.3, tr. George Long": the credit shown under the text.
  /// The work's title is `work`, for the page to set in italics.
  public var attribution: String {
    var credit = "\u{2014} \(author), \(work)\(locusSuffix)"
    if let translator { credit += ", tr. \(translator)" }
    return credit
  }

  /// How the locus follows the work: " 4.3" for a number, ", \u{201C}Compensation\u{201D}" for a
  /// chapter or essay title, nothing when there is none.
  public var locusSuffix: String {
    guard let locus, !locus.isEmpty, locus != work else { return "" }
    return locus.first?.isNumber == true ? " \(locus)" : ", \u{201C}\(locus)\u{201D}"
  }

  /// The paragraphs of the text.
  public var paragraphs: [String] {
    text.split(separator: "\n\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// About how long it takes to read, at a calm 200 words a minute, in whole seconds (at least 5).
  public var readingSeconds: Int { max(5, Int((Double(words) * 60 / 200).rounded())) }
}

/// The library as shipped and as served: the items, and the credit the source editions ask for.
public struct ContentLibrary: Codable, Sendable, Equatable {
  public let version: Int
  public let credit: String
  public let items: [ContentItem]

  public init(version: Int = 1, credit: String, items: [ContentItem]) {
    self.version = version
    self.credit = credit
    self.items = items
  }

  /// Decodes the library's JSON (`library.json`).
  public static func decode(_ data: Data) throws -> ContentLibrary {
    try JSONDecoder().decode(ContentLibrary.self, from: data)
  }

  /// Throws the first item the API could not serve as promised: an id twice, an id the event
  /// contract would refuse as a `content_id`, or an item without text.
  public func validate() throws(ContentLibraryError) {
    var seen = Set<String>()
    for item in items {
      guard seen.insert(item.id).inserted else { throw .duplicateID(item.id) }
      guard MIGAEvent.isContentID(item.id) else { throw .invalidID(item.id) }
      guard !item.text.isEmpty, item.words > 0 else { throw .emptyText(item.id) }
    }
  }
}

/// Why a library cannot be served.
public enum ContentLibraryError: Error, Sendable, Equatable {
  case duplicateID(String)
  /// Not ``MIGAEvent/idLength`` printable ASCII characters without spaces.
  case invalidID(String)
  case emptyText(String)
}
