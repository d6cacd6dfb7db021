#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A learner's own vocabulary list for the book's lessons, as people have them: the flash-card
/// list that circulates for the book (``FlashCardList``) or a spreadsheet with a column per
/// gloss language (``GlossTable``), exactly as downloaded (CRLF or LF, a BOM, trailing tabs).
///
/// A list is read line by line. A line that cannot be read is left out and reported with its
/// number and why; a line kept with a change is reported too (a second sense merged into its
/// word, a pattern kept as the word it fixes); everything else is imported. Only a list with no
/// word at all is refused.
public enum VocabularyImport {
  /// One word of a learner's list.
  public struct Item: Hashable, Sendable, Codable {
    /// The form a question shows (`臺灣`, `忘了`, `故宮博物院`, `KTV`).
    public let hanzi: String
    /// The other forms the list gives (`台灣`; `忘`; `故宮`).
    public var otherForms: [String]
    /// The first column as the list writes it (`忘(了)`, `星期 + number`).
    public let written: String
    /// Every accepted reading of ``hanzi``, the first as listed first; none for a word of Latin
    /// letters the list gives no reading (`KTV`).
    public var readings: [[PinyinSyllable]]
    /// The parts of speech given (`Vs`, then `Ptc` for a second sense), none when not given.
    public var partsOfSpeech: [String]
    /// The gloss in each language the list has, by language code (`en`, `ja`).
    public var glosses: [String: String]
    /// Where it was read (1-based): its first line.
    public let line: Int

    public var partOfSpeech: String? { partsOfSpeech.first }
  }

  /// The words of one part (Vocabulary I or II) of one lesson.
  public struct Section: Hashable, Sendable, Codable {
    /// `book × 100 + lesson`.
    public let lesson: Int
    /// 1 for Vocabulary I, 2 for Vocabulary II.
    public let part: Int
    public var items: [Item]
  }

  /// Why a line was left out, or kept with a change: stable codes.
  public enum Code: String, Error, Sendable, Codable, CaseIterable {
    case malformedHeader = "MALFORMED_HEADER"
    case itemBeforeHeader = "ITEM_BEFORE_HEADER"
    case missingColumns = "MISSING_COLUMNS"
    case notChinese = "NOT_CHINESE"
    case unreadableReading = "UNREADABLE_READING"
    case readingDoesNotFit = "READING_DOES_NOT_FIT"
    case missingGloss = "MISSING_GLOSS"
    case duplicate = "DUPLICATE_ITEM"
    /// Kept: the word is already in this lesson with another sense, which joins it (好 Vs and Ptc).
    case senseMerged = "SENSE_MERGED"
    /// Kept: a pattern with a slot (`星期 + number`) is asked as the characters it fixes.
    case patternAsWord = "PATTERN_AS_WORD"
    /// The whole list: no line of it is a word of a lesson Dangdai teaches.
    case empty = "EMPTY_LIST"
    /// The whole list: larger than a word list can be.
    case tooLarge = "LIST_TOO_LARGE"

    /// Whether the line is left out (rather than kept with a change).
    public var skipsLine: Bool { self != .senseMerged && self != .patternAsWord }
  }

  /// A line that was left out, or kept with a change.
  public struct Note: Hashable, Sendable, Codable {
    public let line: Int
    public let code: Code
    /// The lesson the line is under, when it is under one Dangdai teaches.
    public let lesson: Int?
    /// For a sense merged or a duplicate, the line of the word it joined.
    public let joins: Int?

    public init(line: Int, code: Code, lesson: Int? = nil, joins: Int? = nil) {
      self.line = line
      self.code = code
      self.lesson = lesson
      self.joins = joins
    }
  }

  /// The part of a lesson Dangdai does not teach (Book 3 and on), with its words left out.
  public struct OtherLesson: Hashable, Sendable, Codable {
    public let book: Int
    public let lesson: Int
    public let part: Int
    /// The line of its header (or of its first word, in a table).
    public let line: Int
    public var words: Int
  }

  /// What a list holds: its words by lesson, and every line not taken as it was.
  public struct Report: Hashable, Sendable, Codable {
    public var sections: [Section]
    public var notes: [Note]
    public var otherLessons: [OtherLesson]
    /// Word lines read for lessons Dangdai teaches, and lines under no lesson it could read.
    public var lines: Int

    /// Lines taken (as words, or as a sense of one): all but those left out.
    public var used: Int { lines - skipped.count }

    /// Words imported, in all.
    public var words: Int { sections.map(\.items.count).reduce(0, +) }
    /// Lines of lessons Dangdai teaches that were left out.
    public var skipped: [Note] { notes.filter(\.code.skipsLine) }
    /// The lessons with words, each once, in order.
    public var lessons: [LessonID] {
      Array(Set(sections.filter { !$0.items.isEmpty }.compactMap { LessonID(rawValue: $0.lesson) })).sorted()
    }

    /// The words imported into `lesson`.
    public func words(in lesson: LessonID) -> Int {
      sections.filter { $0.lesson == lesson.rawValue }.map(\.items.count).reduce(0, +)
    }
  }

  /// A list refused whole, with every note on its lines.
  public struct Refusal: Error, Hashable, Sendable {
    public let code: Code
    public let notes: [Note]
  }

  /// The most a list may hold: the whole book's words many times over.
  public static let maximumBytes = 2 * 1024 * 1024

  /// Reads `text`, a flash-card list or a table with a header row.
  public static func read(_ text: String) -> Result<Report, Refusal> {
    guard text.utf8.count <= maximumBytes else { return .failure(Refusal(code: .tooLarge, notes: [])) }
    let lines = Self.lines(text)
    let rows = GlossTable(lines).map(\.rows) ?? FlashCardList.rows(lines)
    var assembly = Assembly()
    for row in rows { assembly.add(row) }
    let report = assembly.report
    guard report.words > 0 else { return .failure(Refusal(code: .empty, notes: report.notes)) }
    return .success(report)
  }

  /// The text of a file as people save lists: UTF-8 (with or without a byte-order mark), or
  /// UTF-16 with its byte-order mark (a spreadsheet's "Unicode text"); nil for anything else,
  /// or text holding a NUL (no list does).
  public static func text(of bytes: [UInt8]) -> String? {
    let text: String?
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let little = bytes[0] == 0xFF
      let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
        little
          ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
      }
      text = bytes.count % 2 == 0 ? String(validating: units, as: UTF16.self) : nil
    } else {
      text = String(validating: bytes, as: UTF8.self)
    }
    guard let text, !text.unicodeScalars.contains("\u{0}") else { return nil }
    return text
  }

  /// The lines of `text` as a spreadsheet or an editor saved it: a byte-order mark dropped, lines
  /// ended by CRLF, LF or CR.
  static func lines(_ text: String) -> [Substring] {
    var text = Substring(text)
    if text.first == "\u{FEFF}" { text = text.dropFirst() }
    // "\r\n" is one Character in Swift, so splitting on line breaks takes CRLF whole.
    return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  }
}

extension VocabularyImport {
  /// One word line of either format, with where it belongs.
  struct Row {
    enum Place {
      /// Under a lesson: its book, lesson and part as the list numbers them.
      case lesson(book: Int, lesson: Int, part: Int)
      /// Not readable as a word of any lesson, and why.
      case problem(Code)
    }

    let line: Int
    let place: Place
    var headword = ""
    var reading = ""
    var partsOfSpeech: [String] = []
    var glosses: [String: String] = [:]
  }

  /// Builds the report from rows, merging a word's second sense into it.
  struct Assembly {
    var sections: [Section] = []
    var notes: [Note] = []
    var others: [OtherLesson] = []
    var lines = 0
    /// Where each lesson's words are, by the form shown: section and item index.
    var placed: [Int: [String: (section: Int, item: Int)]] = [:]

    var report: Report {
      Report(sections: sections, notes: notes.sorted { $0.line < $1.line }, otherLessons: others, lines: lines)
    }

    mutating func add(_ row: Row) {
      switch row.place {
      case .problem(let code):
        if code != .malformedHeader { lines += 1 }
        notes.append(Note(line: row.line, code: code))
      case .lesson(let book, let number, let part):
        guard let lesson = LessonID(book: book, number: number) else {
          if let last = others.indices.last, others[last].book == book, others[last].lesson == number,
            others[last].part == part
          {
            if row.headword.isEmpty == false { others[last].words += 1 }
          } else {
            others.append(
              OtherLesson(
                book: book, lesson: number, part: part, line: row.line, words: row.headword.isEmpty ? 0 : 1))
          }
          return
        }
        guard !row.headword.isEmpty else {
          section(lesson, part)
          return
        }
        lines += 1
        switch VocabularyImport.item(row) {
        case .success(let (item, pattern)):
          if pattern { notes.append(Note(line: row.line, code: .patternAsWord, lesson: lesson.rawValue)) }
          place(item, in: lesson, part: part)
        case .failure(let code):
          notes.append(Note(line: row.line, code: code, lesson: lesson.rawValue))
        }
      }
    }

    /// The index of `lesson`'s `part`, made when first met.
    @discardableResult
    mutating func section(_ lesson: LessonID, _ part: Int) -> Int {
      if let index = sections.lastIndex(where: { $0.lesson == lesson.rawValue && $0.part == part }) { return index }
      sections.append(Section(lesson: lesson.rawValue, part: part, items: []))
      return sections.count - 1
    }

    mutating func place(_ item: Item, in lesson: LessonID, part: Int) {
      guard let (at, index) = placed[lesson.rawValue]?[item.hanzi] else {
        let at = section(lesson, part)
        sections[at].items.append(item)
        placed[lesson.rawValue, default: [:]][item.hanzi] = (at, sections[at].items.count - 1)
        return
      }
      var known = sections[at].items[index]
      let merged = known.merging(item)
      let code: Code = merged == known ? .duplicate : .senseMerged
      known = merged
      sections[at].items[index] = known
      notes.append(Note(line: item.line, code: code, lesson: lesson.rawValue, joins: known.line))
    }
  }

  /// The item of a word row, and whether it was a pattern kept as the word it fixes.
  static func item(_ row: Row) -> Result<(Item, Bool), Code> {
    guard let headword = Headword(row.headword) else { return .failure(.notChinese) }
    let forms: [String]
    let readings: [[PinyinSyllable]]
    switch headword.readings(row.reading) {
    case .success(let read): (forms, readings) = read
    case .failure(let code): return .failure(code)
    }
    let glosses = row.glosses.compactMapValues { gloss in gloss.isEmpty ? nil : gloss }
    guard !glosses.isEmpty else { return .failure(.missingGloss) }
    let item = Item(
      hanzi: forms[0], otherForms: Array(forms.dropFirst()), written: Headword.plain(row.headword),
      readings: readings, partsOfSpeech: row.partsOfSpeech, glosses: glosses, line: row.line)
    if case .pattern = headword.shape { return .success((item, true)) }
    return .success((item, false))
  }

  /// One written reading of `word`: the division into syllables that gives each character its own
  /// (or each but an erhua 兒, which joins the syllable before it) and, among those, the one
  /// pinyin's apostrophe rule means (``TypedPinyin/candidates(_:apostropheRule:)``: `fǎngǎn` is
  /// fǎn + gǎn). Unmarked syllables are neutral. A word with Latin letters or digits (`2號線`) takes
  /// a syllable at least for each of its characters.
  static func reading(_ text: String, for word: String) -> Result<[PinyinSyllable], Code> {
    guard !TypedPinyin.candidates(text).isEmpty else { return .failure(.unreadableReading) }
    // As written: `xue` for 學生 is not xu'e, and `shì a` is two syllables.
    let candidates = TypedPinyin.candidates(text, apostropheRule: true)
    let characters = word.filter(\.isHan)
    let counts: Set<Int> = [characters.count, Headword.syllableCount(word)]
    let spelled = word.contains(where: \.isLatinSpelling)
    let fitting = candidates.filter { counts.contains($0.count) || (spelled && $0.count >= characters.count) }
    guard let chosen = fitting.first else { return .failure(.readingDoesNotFit) }
    return .success(chosen.map { PinyinSyllable(Pinyin.canonical($0.base), $0.tone ?? 5) })
  }

  static func isHan(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
    case 0x3007: true  // 〇
    default: false
    }
  }

  /// A gloss as a learner should read it: blanks trimmed and single, without the quote mark a
  /// spreadsheet leaves at the end of a cell that held one (`You're welcome'`), and, in Japanese
  /// and Korean, without a romanisation in parentheses after it (`あなた (anata)`).
  static func gloss(_ text: some StringProtocol, language: String) -> String {
    var gloss = Headword.plain(String(text)).split(whereSeparator: \.isBlank).joined(separator: " ")
    if gloss.hasSuffix("'"), gloss.dropLast().contains("'") || gloss.dropLast().last == " " {
      gloss = String(gloss.dropLast()).trimmed(while: \.isBlank)
    }
    if language == "ja" || language == "ko", gloss.hasSuffix(")"), let open = gloss.lastIndex(of: "("),
      open != gloss.startIndex,
      gloss[gloss.index(after: open)...].dropLast().allSatisfy({ $0.isASCII })
    {
      gloss = String(gloss[..<open]).trimmed(while: \.isBlank)
    }
    return gloss
  }
}

extension VocabularyImport.Item {
  /// This word with `other`'s readings, parts of speech and glosses added where they are new.
  func merging(_ other: Self) -> Self {
    var merged = self
    merged.readings = Headword.distinct(readings + other.readings)
    merged.otherForms += other.otherForms.filter { !merged.otherForms.contains($0) && $0 != hanzi }
    merged.partsOfSpeech += other.partsOfSpeech.filter { !partsOfSpeech.contains($0) }
    for (language, gloss) in other.glosses {
      guard let mine = glosses[language] else {
        merged.glosses[language] = gloss
        continue
      }
      if !mine.split(separator: ";").map({ $0.trimmed(while: \.isBlank) }).contains(gloss) {
        merged.glosses[language] = mine + "; " + gloss
      }
    }
    return merged
  }
}

extension StringProtocol {
  /// The text without the characters `drop` matches at either end.
  func trimmed(while drop: (Character) -> Bool) -> String {
    guard let start = firstIndex(where: { !drop($0) }), let end = lastIndex(where: { !drop($0) }) else { return "" }
    return String(self[start...end])
  }
}

extension Character {
  /// A space, a tab or a no-break space, not a line break: what is trimmed from a column's ends.
  var isBlank: Bool { isWhitespace && !isNewline }
}

/// A learner's list as it is kept: its sections as JSON, read back the same. A list kept as
/// flash-card text (as lists once were) reads as it always did.
public enum ImportedList {
  public static func encode(_ sections: [VocabularyImport.Section]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Sections are plain values: encoding them cannot fail.
    return (try? String(decoding: encoder.encode(sections), as: UTF8.self)) ?? "[]"
  }

  /// The sections `text` keeps; none when it keeps nothing readable.
  public static func decode(_ text: String) -> [VocabularyImport.Section] {
    if text.first == "[" {
      return (try? JSONDecoder().decode([VocabularyImport.Section].self, from: Data(text.utf8))) ?? []
    }
    guard case .success(let report) = VocabularyImport.read(text) else { return [] }
    return report.sections
  }
}
