/// The word orders Mandarin allows a sentence beyond the one written: a time phrase or a
/// conjunction like 如果 may come before the subject or after it (今天我很忙 and 我今天很忙; 如果你…
/// and 你如果…; 我們下課以後… and 下課以後我們…). A word-order question accepts each.
public enum WordOrders {
  /// Subjects a time phrase may move around: the pronouns (and any name the course gives).
  static let pronouns: Set<String> = ["我", "你", "您", "他", "她", "我們", "你們", "他們", "她們", "大家", "咱們"]

  /// Time words that may stand before or after the subject.
  static let timeWords: Set<String> = [
    "今天", "明天", "昨天", "後天", "前天", "早上", "上午", "中午", "下午", "晚上", "現在", "週末", "每天", "今年",
    "明年", "去年", "最近", "剛才", "以後", "以前", "等一下", "這個週末", "上個月", "下個月", "這個月", "上個星期",
    "下個星期", "這個星期", "今天晚上", "明天早上", "昨天晚上", "平常", "有時候", "那時候", "後來", "將來",
  ]

  /// Words that end a time phrase (下課以後, 吃飯的時候).
  static let timeEnds: Set<String> = ["以後", "以前", "的時候", "時候", "之後", "之前"]

  /// Conjunctions that may stand before or after the subject of their clause.
  static let movableConjunctions: Set<String> = ["如果", "要是", "雖然", "因為"]

  /// Every order of `tokens` the grammar allows beyond `tokens` itself: the first clause's subject
  /// and the time phrase or conjunction beside it, swapped. `names` are the people the sentences
  /// name, who are subjects too.
  public static func alternatives(_ tokens: [String], names: Set<String> = []) -> [[String]] {
    let isSubject = { (token: String) in pronouns.contains(token) || names.contains(token) }
    guard tokens.count >= 3 else { return [] }
    var found: [[String]] = []
    // Subject first: 我 今天 … → 今天 我 …
    if isSubject(tokens[0]), let length = movableLength(tokens, from: 1) {
      found.append(Array(tokens[1...length]) + [tokens[0]] + tokens[(length + 1)...])
    }
    // Time or conjunction first: 今天 我 … → 我 今天 …
    if let length = movableLength(tokens, from: 0), length + 1 < tokens.count, isSubject(tokens[length + 1]) {
      found.append([tokens[length + 1]] + tokens[0...length] + tokens[(length + 2)...])
    }
    return found.filter { $0 != tokens }
  }

  /// The index of the last token of the time phrase or conjunction starting at `start`, if one does:
  /// a time word or conjunction alone, or a short phrase ending in 以後, 以前 or 的時候 (at most three
  /// tokens, with no punctuation inside).
  static func movableLength(_ tokens: [String], from start: Int) -> Int? {
    guard start < tokens.count else { return nil }
    if timeWords.contains(tokens[start]) || movableConjunctions.contains(tokens[start]) {
      // 如果 opens the clause it belongs to: only the conjunction itself moves.
      return start
    }
    for end in start..<min(start + 3, tokens.count) {
      if tokens[end].allSatisfy(Vocabulary.free.contains) { return nil }
      if end > start, timeEnds.contains(tokens[end]) { return end }
    }
    return nil
  }
}
