import OrchardKit
import Testing

@testable import ServerKit

@Suite("HTML escaping", .timeLimit(.minutes(5)))
struct HTMLEscapingTests {
  @Test("a quote followed by a combining mark is still escaped (attribute-context XSS)")
  func quoteWithCombiningMark() {
    let hostile = "\"\u{0338} onmouseover=alert(1) x=\""
    let html: HTML = "<a title=\"\(hostile)\">x</a>"
    #expect(html.rendered == "<a title=\"&quot;\u{0338} onmouseover=alert(1) x=&quot;\">x</a>")
    // Only the template's own two quotes remain raw: the attribute cannot be closed early.
    #expect(html.rendered.unicodeScalars.filter { $0 == "\"" }.count == 2)
  }

  @Test(
    "each of the five markup characters is escaped",
    arguments: [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")])
  func fiveCharacters(raw: String, escaped: String) {
    #expect(HTML.escape("a\(raw)b") == "a\(escaped)b")
  }

  @Test("markup characters combined with any mark never survive raw")
  func combiningMarksAfterEveryCharacter() {
    let marks: [Unicode.Scalar] = ["\u{0301}", "\u{0338}", "\u{20D2}", "\u{FE0F}", "\u{200D}"]
    for character in ["<", ">", "\"", "'", "&"] {
      for mark in marks {
        let escaped = HTML.escape(character + String(Character(mark)))
        let raw = escaped.unicodeScalars.filter { "<>\"'".unicodeScalars.contains($0) }
        #expect(raw.isEmpty, "\(character)+U+\(String(mark.value, radix: 16)) → \(escaped)")
        #expect(escaped.hasPrefix("&"))
      }
    }
  }

  @Test("text without markup characters is returned unchanged")
  func plainText() {
    #expect(HTML.escape("Philippians 4:6–7 · 你好 🌿") == "Philippians 4:6–7 · 你好 🌿")
  }

  @Test("interpolated HTML is inserted as is, interpolated text is escaped")
  func interpolation() {
    let inner: HTML = "<em>\("a<b")</em>"
    let outer: HTML = "<p>\(inner) \("<script>")</p>"
    #expect(outer.rendered == "<p><em>a&lt;b</em> &lt;script&gt;</p>")
  }

  @Test("random strings escape to markup-free text whose entities decode back to the input")
  func randomRoundTrip() {
    var generator = SeededRandomNumberGenerator(seed: 2_026)
    let alphabet: [Unicode.Scalar] = ["<", ">", "&", "\"", "'", "a", " ", "\u{0338}", "\u{0301}", "é", "\u{1F33F}"]
    for _ in 0..<2_000 {
      var input = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...24, using: &generator) {
        input.append(alphabet.randomElement(using: &generator)!)
      }
      let text = String(input)
      let escaped = HTML.escape(text)
      #expect(!escaped.unicodeScalars.contains { "<>\"'".unicodeScalars.contains($0) })
      let decoded = Self.unescape(escaped)
      #expect(decoded.unicodeScalars.elementsEqual(text.unicodeScalars))
    }
  }

  /// Decodes the five entities scalar by scalar (Foundation's string replacement works on
  /// grapheme clusters and would miss "&lt;" followed by a combining mark).
  static func unescape(_ text: String) -> String {
    let entities: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "#39": "'"]
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "&", let end = scalars.firstIndex(of: ";"),
        let decoded = entities[String(String.UnicodeScalarView(scalars[..<end]))]
      else {
        output.append(scalar)
        continue
      }
      output.append(decoded)
      scalars = scalars[scalars.index(after: end)...]
    }
    return String(output)
  }
}
