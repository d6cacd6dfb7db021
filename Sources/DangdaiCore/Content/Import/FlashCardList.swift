/// The flash-card list that circulates for the book:
///
///     //當代中文/Book 1/L01-I
///     你	nǐ	(N) you
///     這	zhè / zhèi	(Det) this
///
/// A header names the book, the lesson and its part (Vocabulary I or II); each line under it is
/// the word, its readings (tone marks or numbers, alternatives apart by `/`) and its English
/// gloss, with the part of speech in parentheses first when given. Columns are apart by tabs
/// (trailing ones, as the downloaded file has on its headers, are ignored). Blank lines and
/// lines starting with `#` are skipped.
enum FlashCardList {
  static func rows(_ lines: [Substring]) -> [VocabularyImport.Row] {
    var rows: [VocabularyImport.Row] = []
    var place: VocabularyImport.Row.Place = .problem(.itemBeforeHeader)
    for (index, raw) in lines.enumerated() {
      let number = index + 1
      // Tabs separate columns, so an empty last column (a missing gloss) is kept; a header's
      // trailing tabs are its own business.
      let line = raw.trimmed(while: { $0.isBlank && $0 != "\t" })
      if line.trimmed(while: \.isBlank).isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("//") {
        switch header(line) {
        case .success(let (book, lesson, part)):
          place = .lesson(book: book, lesson: lesson, part: part)
          // The header itself: a lesson part that may stay empty.
          rows.append(VocabularyImport.Row(line: number, place: place))
        case .failure(let code):
          rows.append(VocabularyImport.Row(line: number, place: .problem(code)))
          place = .problem(.itemBeforeHeader)
        }
        continue
      }
      if case .problem(let code) = place {
        rows.append(VocabularyImport.Row(line: number, place: .problem(code)))
        continue
      }
      rows.append(word(line, number: number, place: place))
    }
    return rows
  }

  /// `//當代中文/Book N/LNN-I` or `-II` (any book, any lesson: the report says which it teaches).
  static func header(_ line: String) -> Result<(Int, Int, Int), VocabularyImport.Code> {
    let parts = line.dropFirst(2).split(separator: "/").map { $0.trimmed(while: \.isBlank) }
    guard parts.count == 3, parts[1].lowercased().hasPrefix("book "),
      let book = Int(parts[1].dropFirst(5).trimmed(while: \.isBlank)), book > 0,
      parts[2].first == "L" || parts[2].first == "l"
    else { return .failure(.malformedHeader) }
    let lessonPart = parts[2].dropFirst().split(separator: "-")
    guard lessonPart.count == 2, let lesson = Int(lessonPart[0]), lesson > 0,
      let part = ["I": 1, "II": 2][lessonPart[1].uppercased()]
    else { return .failure(.malformedHeader) }
    return .success((book, lesson, part))
  }

  static func word(_ line: String, number: Int, place: VocabularyImport.Row.Place) -> VocabularyImport.Row {
    let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map {
      $0.trimmed(while: \.isBlank)
    }
    guard columns.count >= 3 else { return VocabularyImport.Row(line: number, place: .problem(.missingColumns)) }
    var gloss = columns[2...].filter { !$0.isEmpty }.joined(separator: " ")
    var partsOfSpeech: [String] = []
    if gloss.hasPrefix("("), let close = gloss.firstIndex(of: ")") {
      let inside = gloss[gloss.index(after: gloss.startIndex)..<close]
      let named = inside.split(whereSeparator: { $0 == "/" || $0 == "," }).map { $0.trimmed(while: \.isBlank) }
      if !named.isEmpty, named.allSatisfy(isPartOfSpeech) {
        partsOfSpeech = named
        gloss = String(gloss[gloss.index(after: close)...])
      }
    }
    let row = VocabularyImport.Row(
      line: number, place: place, headword: columns[0], reading: columns[1], partsOfSpeech: partsOfSpeech,
      glosses: ["en": VocabularyImport.gloss(gloss, language: "en")])
    return row
  }

  /// Whether `name` is written like the book's parts of speech (`N`, `Vs`, `V-sep`, `Vs-attr`),
  /// not like a note (`lit. good to drink`).
  static func isPartOfSpeech(_ name: String) -> Bool {
    guard let first = name.first, first.isUppercase, first.isASCII, name.count <= 12 else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
  }
}
