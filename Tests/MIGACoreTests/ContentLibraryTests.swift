import ContentTesting
import Foundation
import MIGACore
import Testing

/// The library the server ships (`Sources/MIGAServer/Storage/library.json`), read from the tree.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let shippedLibrary: ContentLibrary = {
  let url = repositoryRoot.appendingPathComponent("Sources/MIGAServer/Storage/library.json")
  return try! ContentLibrary.decode(Data(contentsOf: url))
}()

@Suite("MIGA's content library", .timeLimit(.minutes(5)))
struct ContentLibraryTests {
  let items = shippedLibrary.items

  @Test("at least 600 items from all six works, at least 80 in every category, quotes and articles both")
  func counts() {
    #expect(items.count >= 600)
    for category in ContentCategory.allCases {
      #expect(items.filter { $0.category == category }.count >= 80, "\(category)")
    }
    #expect(items.filter { $0.kind == .article }.count >= 100)
    #expect(Set(items.map { $0.source.split(separator: "/").first }).count == 6, "from all six works")
  }

  @Test("ids and texts are unique; every item carries complete attribution")
  func attribution() {
    #expect(Set(items.map(\.id)).count == items.count)
    #expect(Set(items.map(\.text)).count == items.count)
    for item in items {
      #expect(!item.author.isEmpty && !item.work.isEmpty && !item.source.isEmpty, "\(item.id)")
      #expect(item.licence == "PD-worldwide" || item.licence == "PD-US", "\(item.id)")
      #expect((1800...1930).contains(item.year), "\(item.id)")
      let original = ["Henry David Thoreau", "Ralph Waldo Emerson"].contains(item.author)
      #expect((item.translator == nil) == original, "\(item.id): a translation names its translator")
      #expect(item.attribution.hasPrefix("\u{2014} \(item.author), \(item.work)"))
    }
    #expect(shippedLibrary.credit.contains("Standard Ebooks"))
  }

  @Test("quotes are 1–3 sentences of 8–60 words; articles 120–400 words")
  func lengths() {
    for item in items {
      let words = item.text.split(whereSeparator: \.isWhitespace).count
      #expect(words == item.words, "\(item.id)")
      switch item.kind {
      case .quote: #expect((8...60).contains(words), "\(item.id)")
      case .article: #expect((120...400).contains(words), "\(item.id)")
      }
    }
  }

  @Test(
    "every item's text occurs verbatim in its source (after whitespace normalisation)",
    .enabled(if: SharedData.available("texts"), "the public-domain texts are not beside the project"))
  func verbatim() throws {
    var sources: [String: Data] = [:]
    for item in items {
      if sources[item.source] == nil {
        let xhtml = try String(
          contentsOf: try SharedData.require("texts").appendingPathComponent(item.source), encoding: .utf8)
        sources[item.source] = Data(SourceText.plain(fromXHTML: xhtml).utf8)
      }
      let needle = Data(SourceText.normalised(item.text).utf8)
      #expect(sources[item.source]!.range(of: needle) != nil, "\(item.id) is not verbatim in \(item.source)")
    }
  }
}

/// The rules `scripts/build-miga-content` documents for turning a Standard Ebooks XHTML file into
/// plain text, written again independently so the check does not trust the script that made the items.
enum SourceText {
  static let blockElements =
    "p|div|section|article|header|footer|hgroup|blockquote|h[1-6]|br|hr|li|ol|ul|table|tr|td|th|cite|figure|figcaption"

  static func plain(fromXHTML xhtml: String) -> String {
    var text = xhtml
    if let open = text.range(of: "<body"), let close = text.range(of: "</body>", options: .backwards),
      let end = text[open.upperBound...].firstIndex(of: ">")
    {
      text = String(text[text.index(after: end)..<close.lowerBound])
    }
    text = replace(#"<a\b[^>]*epub:type="noteref"[^>]*>.*?</a>"#, in: text, with: "", dotAll: true)
    text = replace("</?(?:\(blockElements))\\b[^>]*>", in: text, with: " ")
    text = replace("<[^>]+>", in: text, with: "")
    text = decodeEntities(text)
    return normalised(text)
  }

  /// Rules 6 and 7: invisible characters removed, whitespace runs collapsed, ends trimmed.
  static func normalised(_ text: String) -> String {
    let invisible: Set<Unicode.Scalar> = ["\u{2060}", "\u{00AD}", "\u{200B}", "\u{200E}", "\u{FEFF}"]
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars where !invisible.contains(scalar) {
      if isWhitespace(scalar) {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(" ") }
        pendingSpace = false
        result.append(scalar)
      }
    }
    return String(result)
  }

  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0xA0, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }

  static func decodeEntities(_ text: String) -> String {
    var text = text
    let regex = try! NSRegularExpression(pattern: "&#(x[0-9a-fA-F]+|[0-9]+);")
    for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
      let body = (text as NSString).substring(with: match.range(at: 1))
      let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
      if let value, let scalar = Unicode.Scalar(value), let range = Range(match.range, in: text) {
        text.replaceSubrange(range, with: String(scalar))
      }
    }
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
  }

  static func replace(_ pattern: String, in text: String, with template: String, dotAll: Bool = false) -> String {
    let regex = try! NSRegularExpression(pattern: pattern, options: dotAll ? [.dotMatchesLineSeparators] : [])
    return regex.stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
  }
}

@Suite("A library's own rules", .timeLimit(.minutes(5)))
struct ContentLibraryValidationTests {
  private func library(ids: [String], text: String = "Words.") -> ContentLibrary {
    ContentLibrary(
      credit: "Credit",
      items: ids.map { id in
        ContentItem(
          id: id, kind: .quote, text: text, author: "Author", work: "Work", locus: nil, translator: nil, year: 1850,
          licence: "PD-worldwide", source: "work.xhtml", category: .stoicism, words: text.isEmpty ? 0 : 1)
      })
  }

  @Test("a library item's id follows the event contract's content-id rule")
  func ids() throws {
    try library(ids: ["meditations-4.3", String(repeating: "a", count: MIGAEvent.idLength.upperBound)]).validate()
    #expect(throws: ContentLibraryError.invalidID("with space")) { try library(ids: ["with space"]).validate() }
    let long = String(repeating: "a", count: MIGAEvent.idLength.upperBound + 1)
    #expect(throws: ContentLibraryError.invalidID(long)) { try library(ids: [long]).validate() }
    #expect(throws: ContentLibraryError.duplicateID("a")) { try library(ids: ["a", "a"]).validate() }
    #expect(throws: ContentLibraryError.emptyText("a")) { try library(ids: ["a"], text: "").validate() }
  }

  @Test("the shipped library passes its own rules")
  func shipped() throws { try shippedLibrary.validate() }
}
