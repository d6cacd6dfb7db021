/// JSON string literals, for the few answers and log lines written by hand rather than through an
/// encoder.
public enum JSONString {
  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, all
  /// else (non-ASCII included) as it is, which JSON allows in UTF-8.
  public static func quoted(_ text: String) -> String {
    var literal = ""
    literal.reserveCapacity(text.utf8.count + 2)
    append(text, to: &literal)
    return literal
  }

  /// Appends `text` as a JSON string literal.
  public static func append(_ text: String, to output: inout String) {
    output += "\""
    // Most text needs no escape at all: then it is copied whole.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output += text
      output += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
