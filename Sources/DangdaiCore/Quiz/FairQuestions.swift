import OrchardKit

/// What keeps a question fair: one right answer, and nothing on screen that gives it away.
public enum FairQuestions {
  /// Words of one family whose meanings overlap though their glosses differ: never offered in one
  /// meaning question (緊張 "nervous" and 著急 "anxious" are both right for either).
  public static let nearSynonyms: [Set<String>] = [
    ["緊張", "著急"], ["真", "非常", "很"], ["還是", "或是", "或者"], ["會", "能", "可以"], ["二", "兩"],
    ["如果", "要是"], ["怎麼", "怎麼樣"], ["字", "漢字"], ["可是", "但是", "不過"], ["高興", "快樂", "開心"],
    ["覺得", "想"], ["常", "常常", "經常"], ["一點", "有一點"], ["剛", "剛才"], ["以後", "後來", "然後"],
    ["以前", "從前"], ["漂亮", "美", "好看"], ["馬上", "立刻"], ["每天", "天天"],
  ]

  /// Each listed word's groups, by index into ``nearSynonyms``.
  static let groupOf: [String: Set<Int>] = {
    var groups: [String: Set<Int>] = [:]
    for (index, group) in nearSynonyms.enumerated() {
      for word in group { groups[word, default: []].insert(index) }
    }
    return groups
  }()

  /// Words too common in glosses for sharing one to make two words mean the same.
  static let stopWords: Set<String> = [
    "to", "be", "a", "an", "the", "of", "in", "on", "at", "for", "and", "with", "sb", "sth", "etc", "one", "used",
    "as", "by", "is", "it", "up", "out", "do", "make", "get", "have", "go", "come", "very",
  ]

  /// The content words of an English gloss: letters only, lower case, without the common ones.
  static func contentWords(_ gloss: String) -> Set<String> {
    Set(
      gloss.lowercased().split(whereSeparator: { !$0.isLetter || !$0.isASCII }).map(String.init).filter {
        !stopWords.contains($0)
      })
  }

  /// Whether `a` and `b` mean too nearly the same for one to be wrong where the other is right:
  /// listed together, or glossed with a word in common (二 "two" and 兩 "two (of something)"), or
  /// glossed alike in `language`.
  public static func areNear(_ a: VocabularyItem, _ b: VocabularyItem, in language: Language) -> Bool {
    guard a.hanzi != b.hanzi else { return true }
    if let groups = groupOf[a.hanzi], let others = groupOf[b.hanzi], !groups.isDisjoint(with: others) { return true }
    if a.meaning[language] == b.meaning[language] { return true }
    return !a.meaningWords.isDisjoint(with: b.meaningWords)
  }

  /// Whether `gloss` (a Japanese meaning) shows one of the characters of `hanzi`, in any of their
  /// forms (歓迎する for 歡迎, 学生 for 學生): a Japanese reader would match characters, not meanings.
  public static func givesAway(_ gloss: String, _ hanzi: String) -> Bool {
    let characters = Set(hanzi.filter(\.isHan).map(HanVariants.fold))
    guard !characters.isEmpty else { return false }
    return gloss.contains { $0.isHan && characters.contains(HanVariants.fold($0)) }
  }

  /// Whether `item`'s meaning in `language` shows the word itself.
  public static func meaningShowsWord(_ item: VocabularyItem, in language: Language) -> Bool {
    language == .japanese && givesAway(item.meaning[language], item.hanzi)
  }

  /// Whether `item` may be asked for its reading alone: it has one, and it is not a single
  /// character read more than one way (著, 都, 教, 倒), which only a word or a sentence decides.
  public static func isReadAlone(_ item: VocabularyItem) -> Bool {
    item.isRead && !(item.hanzi.count == 1 && !item.otherReadings.isEmpty)
  }

  /// Whether `item` could be read as `reading`: one of its readings, or one of the other readings
  /// of its characters.
  public static func canRead(_ item: VocabularyItem, as readings: [[PinyinSyllable]]) -> Bool {
    item.readings.contains(where: readings.contains) || item.otherReadings.contains(where: readings.contains)
  }
}

/// Characters as Chinese and Japanese write them differently: simplified and Japanese forms, each
/// with the traditional character it stands for (``source``, built from CC-CEDICT).
public enum HanVariants {
  static let folding: [Character: Character] = {
    var table: [Character: Character] = [:]
    for line in source.split(separator: "\n") where line.count == 2 {
      table[line.first!] = line.last!
    }
    return table
  }()

  /// The traditional form of `character` (itself when it is one).
  public static func fold(_ character: Character) -> Character { folding[character] ?? character }
}
