/// The part of ICU's MessageFormat that catalogs use: `{name}` places a value, and
/// `{name, plural, =0 {…} one {…} other {…}}` picks words by a number, with `#` standing for it
/// inside the chosen branch. A branch may itself place values. Text outside braces is as written;
/// `'{'` writes a brace.
enum MessageFormat {
  static func format(_ template: String, values: [String: any Sendable], language: Language) -> String {
    var scanner = Scanner(Array(template.unicodeScalars))
    return scanner.text(until: nil, values: values, language: language, count: nil)
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }

    /// Text up to the `}` that closes the current branch (or the end), with values placed.
    mutating func text(
      until closing: Unicode.Scalar?, values: [String: any Sendable], language: Language, count: Int?
    ) -> String {
      var output = String.UnicodeScalarView()
      while !atEnd {
        let scalar = scalars[index]
        if scalar == closing { return String(output) }
        index += 1
        switch scalar {
        case "'" where !atEnd && (scalars[index] == "{" || scalars[index] == "}"):
          output.append(scalars[index])
          index += 1
          if !atEnd, scalars[index] == "'" { index += 1 }
        case "#" where count != nil:
          output.append(contentsOf: String(count!).unicodeScalars)
        case "{":
          output.append(contentsOf: placeholder(values: values, language: language).unicodeScalars)
        default:
          output.append(scalar)
        }
      }
      return String(output)
    }

    /// `{name}` or `{name, plural, …}`, after its opening brace, through its closing one.
    mutating func placeholder(values: [String: any Sendable], language: Language) -> String {
      let name = word()
      skipSpaces()
      guard !atEnd, scalars[index] == "," else {
        expect("}")
        return values[name].map { "\($0)" } ?? "{\(name)}"
      }
      index += 1
      skipSpaces()
      let kind = word()
      skipSpaces()
      if !atEnd, scalars[index] == "," { index += 1 }
      guard kind == "plural" else {
        skipBranches()
        return values[name].map { "\($0)" } ?? "{\(name)}"
      }
      let count = Self.integer(values[name]) ?? 0
      return plural(count: count, values: values, language: language)
    }

    /// The branch a count picks: its exact `=n` branch, else its category's, else `other`.
    mutating func plural(count: Int, values: [String: any Sendable], language: Language) -> String {
      let category = language.pluralCategory(count).rawValue
      var chosen: String?
      var other: String?
      while true {
        skipSpaces()
        guard !atEnd else { break }
        if scalars[index] == "}" {
          index += 1
          break
        }
        let selector = word()
        skipSpaces()
        expect("{")
        let branch = text(until: "}", values: values, language: language, count: count)
        expect("}")
        if selector == "=\(count)" {
          chosen = branch
        } else if selector == category, chosen == nil {
          chosen = branch
        } else if selector == "other" {
          other = branch
        }
      }
      return chosen ?? other ?? ""
    }

    mutating func skipBranches() {
      var depth = 1
      while !atEnd, depth > 0 {
        if scalars[index] == "{" { depth += 1 }
        if scalars[index] == "}" { depth -= 1 }
        index += 1
      }
    }

    mutating func word() -> String {
      var output = String.UnicodeScalarView()
      while !atEnd, !" ,{}\n\t".unicodeScalars.contains(scalars[index]) {
        output.append(scalars[index])
        index += 1
      }
      return String(output)
    }

    mutating func skipSpaces() {
      while !atEnd, scalars[index] == " " || scalars[index] == "\n" || scalars[index] == "\t" { index += 1 }
    }

    mutating func expect(_ scalar: Unicode.Scalar) {
      if !atEnd, scalars[index] == scalar { index += 1 }
    }

    static func integer(_ value: (any Sendable)?) -> Int? {
      switch value {
      case let number as Int: number
      case let number as Int64: Int(number)
      case let number as Double: Int(number)
      case let text as String: Int(text)
      default: nil
      }
    }
  }
}
