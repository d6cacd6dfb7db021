#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A learner's own vocabulary list, in the flash-card format that circulates for the book:
///
///     //當代中文/Book 1/L01-I
///     你	nǐ	(N) you
///     這	zhè / zhèi	(Det) this
///
/// A header names the book, the lesson and its part (Vocabulary I or II); each line under it is the
/// word, its readings (tone marks or numbers, alternatives separated by `/`), and its gloss, with
/// the part of speech in parentheses first when given. Blank lines and lines starting with `#` are
/// skipped. The whole list is read or none of it: every bad line is reported with its number.
public enum VocabularyImport {
  public struct Item: Hashable, Sendable {
    public let hanzi: String
    /// Every accepted reading, the first as listed first.
    public let readings: [[PinyinSyllable]]
    public let partOfSpeech: String?
    public let gloss: String
    /// Where it was read (1-based).
    public let line: Int
  }

  public struct Section: Hashable, Sendable {
    /// `book × 100 + lesson`.
    public let lesson: Int
    /// 1 for Vocabulary I, 2 for Vocabulary II.
    public let part: Int
    public var items: [Item]
  }

  /// Why a line was refused: a stable code, and the line's number.
  public struct Problem: Error, Hashable, Sendable {
    public enum Code: String, Error, Sendable {
      case malformedHeader = "MALFORMED_HEADER"
      case lessonOutOfRange = "LESSON_OUT_OF_RANGE"
      case itemBeforeHeader = "ITEM_BEFORE_HEADER"
      case missingColumns = "MISSING_COLUMNS"
      case notChinese = "NOT_CHINESE"
      case unreadableReading = "UNREADABLE_READING"
      case readingDoesNotFit = "READING_DOES_NOT_FIT"
      case missingGloss = "MISSING_GLOSS"
      case duplicate = "DUPLICATE_ITEM"
      case empty = "EMPTY_LIST"
    }

    public let line: Int
    public let code: Code
  }

  /// Every problem of a list that was refused, in line order.
  public struct Refusal: Error, Hashable, Sendable {
    public let problems: [Problem]
  }

  /// Every section of `text`, or every problem in it.
  public static func parse(_ text: String) -> Result<[Section], Refusal> {
    var sections: [Section] = []
    var problems: [Problem] = []
    var seen: Set<String> = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      // Tabs separate columns, so only spaces and a carriage return are trimmed.
      let line = raw.trimmed(while: { $0 == " " || $0 == "\r" })
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("//") {
        switch header(line) {
        case .success(let (lesson, part)): sections.append(Section(lesson: lesson, part: part, items: []))
        case .failure(let code): problems.append(Problem(line: number, code: code))
        }
        continue
      }
      guard !sections.isEmpty else {
        problems.append(Problem(line: number, code: .itemBeforeHeader))
        continue
      }
      switch item(line, number: number) {
      case .success(let item):
        let key = "\(sections[sections.count - 1].lesson)|\(item.hanzi)"
        guard seen.insert(key).inserted else {
          problems.append(Problem(line: number, code: .duplicate))
          continue
        }
        sections[sections.count - 1].items.append(item)
      case .failure(let code): problems.append(Problem(line: number, code: code))
      }
    }
    if problems.isEmpty, !sections.contains(where: { !$0.items.isEmpty }) {
      problems.append(Problem(line: 1, code: .empty))
    }
    return problems.isEmpty ? .success(sections) : .failure(Refusal(problems: problems))
  }

  /// `//當代中文/Book N/LNN-I` or `-II`.
  static func header(_ line: String) -> Result<(Int, Int), Problem.Code> {
    let parts = line.dropFirst(2).split(separator: "/").map { $0.trimmed(while: \.isBlank) }
    guard parts.count == 3, parts[1].lowercased().hasPrefix("book "), let book = Int(parts[1].dropFirst(5)),
      parts[2].first == "L" || parts[2].first == "l"
    else { return .failure(.malformedHeader) }
    let lessonPart = parts[2].dropFirst().split(separator: "-")
    guard lessonPart.count == 2, let lesson = Int(lessonPart[0]), let part = ["I": 1, "II": 2][String(lessonPart[1])]
    else { return .failure(.malformedHeader) }
    guard let id = LessonID(book: book, number: lesson) else { return .failure(.lessonOutOfRange) }
    return .success((id.rawValue, part))
  }

  static func item(_ line: String, number: Int) -> Result<Item, Problem.Code> {
    let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map {
      $0.trimmed(while: \.isBlank)
    }
    guard columns.count >= 3 else { return .failure(.missingColumns) }
    let hanzi = columns[0]
    guard !hanzi.isEmpty, hanzi.unicodeScalars.allSatisfy(isHan) else { return .failure(.notChinese) }
    var readings: [[PinyinSyllable]] = []
    for alternative in columns[1].split(separator: "/") {
      switch reading(String(alternative), for: hanzi) {
      case .success(let syllables): readings.append(syllables)
      case .failure(let code): return .failure(code)
      }
    }
    guard !readings.isEmpty else { return .failure(.unreadableReading) }
    var gloss = columns[2...].joined(separator: " ").trimmed(while: \.isBlank)
    var partOfSpeech: String?
    if gloss.hasPrefix("("), let close = gloss.firstIndex(of: ")") {
      partOfSpeech = String(gloss[gloss.index(after: gloss.startIndex)..<close]).trimmed(while: \.isBlank)
      gloss = String(gloss[gloss.index(after: close)...]).trimmed(while: \.isBlank)
    }
    guard !gloss.isEmpty else { return .failure(.missingGloss) }
    return .success(
      Item(hanzi: hanzi, readings: readings, partOfSpeech: partOfSpeech, gloss: gloss, line: number))
  }

  /// One written reading of `hanzi`: the division into syllables that gives each character its own
  /// (or each but an erhua 兒, which joins the syllable before it) and, among those, the one
  /// pinyin's apostrophe rule means (without an apostrophe, no syllable after the first starts
  /// with a, o or e: `fǎngǎn` is fǎn + gǎn). Unmarked syllables are neutral.
  static func reading(_ text: String, for hanzi: String) -> Result<[PinyinSyllable], Problem.Code> {
    let candidates = TypedPinyin.candidates(text)
    guard !candidates.isEmpty else { return .failure(.unreadableReading) }
    let counts: Set<Int> = [hanzi.count, hanzi.filter { $0 != "兒" && $0 != "儿" }.count]
    let fitting = candidates.filter { counts.contains($0.count) }
    let written = text.contains("'") || text.contains("’")
    // A division against the apostrophe rule is taken only when every syllable's tone is marked,
    // so the writer's intent is plain (xīān); `xue` for 學生 is not xu'e.
    let chosen =
      fitting.first { candidate in
        written || candidate.dropFirst().allSatisfy { syllable in !"aoe".contains(syllable.base.first ?? "x") }
      } ?? fitting.first { candidate in candidate.allSatisfy { $0.tone != nil } }
    guard let chosen else { return .failure(.readingDoesNotFit) }
    return .success(chosen.map { PinyinSyllable(Pinyin.canonical($0.base), $0.tone ?? 5) })
  }

  static func isHan(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
    case 0x3007: true  // 〇
    default: false
    }
  }
}

extension VocabularyImport {
  /// `sections` written back in the format ``parse(_:)`` reads, readings in tone numbers (one
  /// spelling for each), so an imported list is kept as text and read again the same.
  public static func format(_ sections: [Section]) -> String {
    var lines: [String] = []
    for section in sections {
      let number = section.lesson % 100
      lines.append(
        "//當代中文/Book \(section.lesson / 100)/L\(number < 10 ? "0" : "")\(number)-\(section.part == 1 ? "I" : "II")")
      for item in section.items {
        let readings = item.readings.map(PinyinText.numbered).joined(separator: " / ")
        lines.append("\(item.hanzi)\t\(readings)\t\(item.partOfSpeech.map { "(\($0)) " } ?? "")\(item.gloss)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
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
  /// A space or a tab, not a line break: what is trimmed from a column's ends.
  var isBlank: Bool { isWhitespace && !isNewline }
}
