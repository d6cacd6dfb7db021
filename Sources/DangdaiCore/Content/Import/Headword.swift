/// How a list writes a word, read as the book means it.
///
/// Word lists for the book write more than plain words in their first column: variants
/// (`臺灣/台灣`, `臺灣(=台灣)`), an optional part (`忘(了)`), a short form beside the full one
/// (`故宮博物院 (故宮)`, `師大（師範大學）`), a repeated expression (`哪裡,哪裡`), a pattern with a
/// slot (`星期 + number`, `number + 月`), and words with Latin letters or digits (`KTV`, `2號線`).
/// Each becomes one item: the form a question shows, and every other form the list gives.
struct Headword: Hashable, Sendable {
  enum Shape: Hashable, Sendable {
    /// Characters, perhaps with Latin letters or digits.
    case word(String)
    /// The same word written more than one way, the first as shown.
    case variants([String])
    /// A form and another in parentheses: a part that may be left out (`忘(了)`), or a short
    /// form beside the full one (`故宮博物院 (故宮)`); the reading tells which.
    case pair(String, String)
    /// A pattern: the characters it fixes, with a slot the learner fills (`星期 + number`).
    case pattern(String)
  }

  let shape: Shape

  /// Reads the first column; nil when it holds no word at all.
  init?(_ column: String) {
    let text = Self.plain(column)
    guard !text.isEmpty else { return nil }
    if text.contains("+") {
      let fixed = text.split(separator: "+").map { $0.trimmed(while: \.isBlank) }.filter { $0.contains(where: \.isHan) }
      guard fixed.count == 1, fixed[0].allSatisfy(\.isHan) else { return nil }
      shape = .pattern(fixed[0])
    } else if let open = text.firstIndex(of: "("), text.last == ")" {
      let outer = Self.word(text[..<open])
      var inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
      let variant = inner.hasPrefix("=")
      if variant { inner.removeFirst() }
      let second = Self.word(inner)
      guard let outer, let second else { return nil }
      shape = variant ? .variants([outer, second]) : .pair(outer, second)
    } else if text.contains("/") {
      let forms = text.split(separator: "/").compactMap(Self.word)
      guard forms.count > 1, forms.count == text.split(separator: "/").count else { return nil }
      shape = .variants(forms)
    } else {
      guard let word = Self.word(text) else { return nil }
      shape = .word(word)
    }
  }

  /// A form as Chinese writes it: spaces between characters dropped (`是 啊`), a comma between
  /// repeated words full-width (`哪裡，哪裡`); nil unless it holds a character, a Latin letter or a
  /// digit, and nothing else but that punctuation.
  static func word(_ text: some StringProtocol) -> String? {
    var word = ""
    var hasSpelling = false
    for character in text.trimmed(while: \.isBlank) {
      if character.isHan || character.isLatinSpelling {
        word.append(character)
        hasSpelling = true
      } else if character == "," || character == "，" || character == "、" {
        word.append("，")
      } else if character.isBlank {
        // Between two Latin words a space is kept (`T shirt`); between characters it is not.
        if word.last?.isLatinSpelling == true { word.append(" ") }
      } else {
        return nil
      }
    }
    word = word.trimmed(while: { $0 == " " || $0 == "，" })
    return hasSpelling ? word.replacing(" ，", with: "，") : nil
  }

  /// The column with full-width parentheses and no-break spaces as their plain forms.
  static func plain(_ column: String) -> String {
    String(
      column.map { character -> Character in
        switch character {
        case "（": "("
        case "）": ")"
        case "\u{00A0}", "\u{3000}": " "
        default: character
        }
      }
    ).trimmed(while: \.isBlank)
  }

}

extension Headword {
  /// The forms this headword and `column` (its readings) make, the one a question shows first,
  /// and that form's readings; or why the reading does not fit.
  func readings(_ column: String) -> Result<(forms: [String], readings: [[PinyinSyllable]]), VocabularyImport.Code> {
    let text = Self.plainReading(column)
    switch shape {
    case .word(let word), .pattern(let word):
      return Self.readings(text, for: word).map { ([word], $0) }
    case .variants(let forms):
      return Self.readings(text, for: forms[0]).map { (forms, $0) }
    case .pair(let first, let second):
      // `忘(了)`: the part in parentheses may be said or not, and the reading says it.
      if !first.contains(where: \.isLatinSpelling), !second.contains(where: \.isLatinSpelling),
        second.count < first.count || second.count == 1,
        case .success(let whole) = Self.readings(text, for: first + second)
      {
        let short = whole.map { Array($0.prefix(Self.syllableCount(first))) }
        return .success(([first + second, first], Self.distinct(whole + short)))
      }
      // `師大（師範大學）` read `Shīdà（Shīfàn Dàxué）`: each form its own reading.
      if let open = text.firstIndex(of: "("), text.last == ")" {
        let outer = String(text[..<open])
        return Self.readings(outer, for: first).map { ([first, second], $0) }
      }
      // `故宮博物院 (故宮)` read `Gùgōng Bówùyuàn`: the reading is the first form's.
      return Self.readings(text, for: first).map { ([first, second], $0) }
    }
  }

  /// The reading column with full-width parentheses and no-break spaces plain, and without the
  /// quote marks spreadsheets leave at its ends (`Dà'ān'`).
  static func plainReading(_ column: String) -> String {
    plain(column).trimmed(while: { $0 == "'" || $0 == "’" || $0 == "\"" || $0.isBlank })
  }

  /// Every reading of `word` the text gives (alternatives apart by `/`); a word of Latin letters
  /// alone may have none (`KTV`).
  static func readings(_ text: String, for word: String) -> Result<[[PinyinSyllable]], VocabularyImport.Code> {
    let alternatives = text.split(separator: "/").map { $0.trimmed(while: \.isBlank) }.filter { !$0.isEmpty }
    if alternatives.isEmpty {
      return word.contains(where: \.isHan) ? .failure(.unreadableReading) : .success([])
    }
    var readings: [[PinyinSyllable]] = []
    for alternative in alternatives {
      switch VocabularyImport.reading(alternative, for: word) {
      case .success(let syllables): readings.append(syllables)
      case .failure(let code): return .failure(code)
      }
    }
    return .success(distinct(readings))
  }

  /// How many syllables the characters of `word` take: one each but an erhua 兒 after another.
  static func syllableCount(_ word: String) -> Int {
    let characters = word.filter(\.isHan)
    return characters.count - characters.dropFirst().filter { $0 == "兒" || $0 == "儿" }.count
  }

  static func distinct(_ readings: [[PinyinSyllable]]) -> [[PinyinSyllable]] {
    var seen: Set<[PinyinSyllable]> = []
    return readings.filter { seen.insert($0).inserted }
  }
}

extension Character {
  /// A Chinese character (CJK ideographs, their extensions and compatibility forms, and 〇).
  var isHan: Bool {
    unicodeScalars.count == 1 && unicodeScalars.allSatisfy(VocabularyImport.isHan)
  }

  /// A Latin letter or a digit, as a word like `KTV` or `2號線` is spelled.
  var isLatinSpelling: Bool { isASCII && (isLetter || isNumber) }
}
