/// A word list saved from a spreadsheet: a header row naming the columns, then a word a row,
/// comma-, semicolon- or tab-separated, with quotes as RFC 4180 writes them. Columns are found
/// by their names, in Chinese or English:
///
///     課-序號,序號,生詞,漢拼,詞類,英譯,越譯,日譯,韓譯,冊
///     1-1,4,你,nǐ,N,you,bạn,あなた (anata),당신 (dangsin),1
///
/// The word, its reading, the lesson (`1-1` is lesson 1, Vocabulary I; `L01-II` also reads) and
/// the book are needed, and a gloss in at least one language; a column per gloss language
/// (English, French, Japanese, Korean) gives the learner glosses in theirs.
struct GlossTable {
  enum Column: Hashable {
    case word, reading, partOfSpeech, lesson, book
    case gloss(String)
  }

  let columns: [Int: Column]
  let separator: Character
  let body: [(line: Int, fields: [String])]

  /// The header's names for each column, folded to lower case.
  static let names: [String: Column] = [
    "生詞": .word, "生词": .word, "詞彙": .word, "词汇": .word, "漢字": .word, "word": .word, "hanzi": .word,
    "characters": .word, "chinese": .word, "traditional": .word,
    "漢拼": .reading, "拼音": .reading, "pinyin": .reading, "reading": .reading,
    "詞類": .partOfSpeech, "词类": .partOfSpeech, "詞性": .partOfSpeech, "pos": .partOfSpeech,
    "part of speech": .partOfSpeech,
    "課-序號": .lesson, "課": .lesson, "课": .lesson, "課次": .lesson, "lesson": .lesson, "chapter": .lesson,
    "冊": .book, "册": .book, "book": .book,
    "英譯": .gloss("en"), "英译": .gloss("en"), "英文": .gloss("en"), "english": .gloss("en"), "en": .gloss("en"),
    "meaning": .gloss("en"), "gloss": .gloss("en"),
    "法譯": .gloss("fr"), "法译": .gloss("fr"), "法文": .gloss("fr"), "french": .gloss("fr"), "français": .gloss("fr"),
    "fr": .gloss("fr"),
    "日譯": .gloss("ja"), "日译": .gloss("ja"), "日文": .gloss("ja"), "japanese": .gloss("ja"), "日本語": .gloss("ja"),
    "ja": .gloss("ja"),
    "韓譯": .gloss("ko"), "韩译": .gloss("ko"), "韓文": .gloss("ko"), "korean": .gloss("ko"), "한국어": .gloss("ko"),
    "ko": .gloss("ko"),
  ]

  /// The table `lines` hold, or nil when its first line is not a header naming a word, a
  /// reading, a lesson, a book and a gloss column.
  init?(_ lines: [Substring]) {
    guard let first = lines.firstIndex(where: { !$0.trimmed(while: \.isBlank).isEmpty }) else { return nil }
    let header = lines[first]
    guard let separator = [",", ";", "\t"].max(by: { a, b in header.count(of: a) < header.count(of: b) }),
      header.contains(separator)
    else { return nil }
    guard let names = Self.records(lines[first...first], separator: separator, firstLine: first + 1).first?.fields
    else { return nil }
    var columns: [Int: Column] = [:]
    for (index, name) in names.enumerated() {
      guard let column = Self.names[name.trimmed(while: \.isBlank).lowercased()],
        !columns.values.contains(column)
      else { continue }
      columns[index] = column
    }
    let found = Set(columns.values)
    guard found.isSuperset(of: [.word, .reading, .lesson, .book]),
      found.contains(where: { if case .gloss = $0 { true } else { false } })
    else { return nil }
    self.columns = columns
    self.separator = separator
    self.body = Self.records(lines[(first + 1)...], separator: separator, firstLine: first + 2)
  }

  var rows: [VocabularyImport.Row] {
    body.compactMap { record in
      var values: [Column: String] = [:]
      for (index, column) in columns where index < record.fields.count {
        values[column] = record.fields[index].trimmed(while: \.isBlank)
      }
      // A row left blank (a spreadsheet's last rows) is no word.
      guard values.values.contains(where: { !$0.isEmpty }) else { return nil }
      guard let book = Int(values[.book] ?? ""), book > 0, let (lesson, part) = Self.lesson(values[.lesson] ?? "")
      else { return VocabularyImport.Row(line: record.line, place: .problem(.itemBeforeHeader)) }
      var glosses: [String: String] = [:]
      for case .gloss(let language) in columns.values {
        glosses[language] = VocabularyImport.gloss(values[.gloss(language)] ?? "", language: language)
      }
      let partsOfSpeech = (values[.partOfSpeech] ?? "").split(whereSeparator: { $0 == "/" || $0 == "," })
        .map { $0.trimmed(while: \.isBlank) }.filter(FlashCardList.isPartOfSpeech)
      return VocabularyImport.Row(
        line: record.line, place: .lesson(book: book, lesson: lesson, part: part),
        headword: values[.word] ?? "", reading: values[.reading] ?? "", partsOfSpeech: partsOfSpeech,
        glosses: glosses)
    }
  }

  /// A lesson as a table writes it: `1-1` (lesson 1, Vocabulary I), `12-2`, `12`, `L12-II`.
  static func lesson(_ text: String) -> (Int, Int)? {
    var text = Substring(text)
    if text.first == "L" || text.first == "l" { text = text.dropFirst() }
    let parts = text.split(separator: "-")
    guard let lesson = parts.first.flatMap({ Int($0) }), lesson > 0, parts.count <= 2 else { return nil }
    guard parts.count == 2 else { return (lesson, 1) }
    let part = Int(parts[1]) ?? ["I": 1, "II": 2][parts[1].uppercased()]
    guard let part, (1...2).contains(part) else { return nil }
    return (lesson, part)
  }

  /// The records of `lines`, fields apart by `separator`, a quoted field taking its separators,
  /// doubled quotes and line breaks as they are; each record with the line it starts on.
  static func records(
    _ lines: ArraySlice<Substring>, separator: Character, firstLine: Int
  ) -> [(line: Int, fields: [String])] {
    var records: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var start = firstLine
    for (offset, line) in lines.enumerated() {
      let number = firstLine + offset
      if !quoted { start = number }
      var characters = line.makeIterator()
      var previousQuote = false
      while let character = characters.next() {
        if quoted {
          if character == "\"" {
            quoted = false
            previousQuote = true
          } else {
            field.append(character)
          }
          continue
        }
        if character == "\"" {
          if previousQuote { field.append("\"") }
          quoted = true
          previousQuote = false
        } else if character == separator {
          fields.append(field)
          field = ""
          previousQuote = false
        } else {
          field.append(character)
          previousQuote = false
        }
      }
      if quoted {
        field.append("\n")
        continue
      }
      fields.append(field)
      if !(fields.count == 1 && fields[0].trimmed(while: \.isBlank).isEmpty) { records.append((start, fields)) }
      fields = []
      field = ""
    }
    if quoted || !fields.isEmpty { records.append((start, fields + [field])) }
    return records
  }
}

extension StringProtocol {
  func count(of character: Character) -> Int { reduce(0) { $0 + ($1 == character ? 1 : 0) } }
}
