/// A fragment of HTML whose every interpolated string has been escaped.
///
/// Literal text is trusted markup written in our source; anything interpolated as a `String` is
/// escaped; another `HTML` value is inserted as is. So `"<p>\(name)</p>" as HTML` can never let a
/// visitor's text become markup:
///
/// ```swift
/// let item: HTML = "<li class=\"app\" data-id=\"\(app.id)\">\(app.name)</li>"
/// ```
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// The markup, ready to send.
  public private(set) var rendered: String

  public init(stringLiteral value: String) { rendered = value }

  public init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.output }

  /// Markup that is already safe, such as a page assembled from other `HTML` values.
  public init(trusted markup: String) { rendered = markup }

  public var description: String { rendered }

  /// Joins fragments, e.g. the rendered items of a list.
  public init(_ fragments: some Sequence<HTML>, separator: String = "") {
    rendered = fragments.map(\.rendered).joined(separator: separator)
  }

  public struct StringInterpolation: StringInterpolationProtocol {
    var output = ""

    public init(literalCapacity: Int, interpolationCount: Int) {
      output.reserveCapacity(literalCapacity + interpolationCount * 16)
    }

    public mutating func appendLiteral(_ literal: String) { output += literal }
    public mutating func appendInterpolation(_ text: String) { output += HTML.escape(text) }
    public mutating func appendInterpolation(_ text: Substring) { output += HTML.escape(String(text)) }
    public mutating func appendInterpolation(_ html: HTML) { output += html.rendered }
    public mutating func appendInterpolation(_ fragments: [HTML]) { output += HTML(fragments).rendered }
    public mutating func appendInterpolation(_ number: Int) { output += String(number) }
  }

  /// Escapes `& < > " '` one Unicode scalar at a time.
  ///
  /// Working on scalars, not characters, matters: a `"` followed by a combining mark (U+0338) is a
  /// single `Character`, and an escaper that compares characters with `"` lets the raw quote
  /// through, closing an attribute. Text and attribute context need the same five escapes as long
  /// as attributes are always double-quoted, which every Orchard template does.
  public static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
    else { return text }
    var escaped = String.UnicodeScalarView()
    escaped.reserveCapacity(text.unicodeScalars.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
      case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
      case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
      case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }
}
