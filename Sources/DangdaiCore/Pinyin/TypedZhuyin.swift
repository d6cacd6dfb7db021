/// Zhuyin (Bopomofo) as a learner types it, read into the syllables it spells: ㄈㄥ ㄐㄧㄥˇ is
/// fēng jǐng. A syllable with no tone mark (or ˉ) is in the first tone, as zhuyin writes it; ˊ ˇ ˋ
/// follow a syllable, and the neutral tone's ˙ comes before it (˙ㄇㄚ) or, as some keyboards put
/// it, after. Syllables may be typed apart or run together (ㄈㄥㄐㄧㄥˇ); an ㄦ after a syllable
/// is its erhua (ㄋㄚˇㄦ).
enum TypedZhuyin {
  /// Each syllable's zhuyin spelling, without tone, and the pinyin it stands for.
  static let syllables: [String: String] = {
    var table: [String: String] = [:]
    for base in PinyinSyllables.all {
      guard let symbols = Zhuyin.symbols(base) else { continue }
      // Spellings shared by two pinyin forms (iou and iu) keep the one pinyin writes.
      if table[symbols] == nil || base.count < table[symbols]!.count { table[symbols] = base }
    }
    return table
  }()

  static let longest = syllables.keys.map(\.count).max() ?? 3

  /// Whether `input` is zhuyin: it holds a Bopomofo letter.
  static func isZhuyin(_ input: String) -> Bool {
    input.unicodeScalars.contains { (0x3105...0x312F).contains($0.value) || (0x31A0...0x31BF).contains($0.value) }
  }

  static let tones: [Character: Int] = ["ˉ": 1, "ˊ": 2, "ˇ": 3, "ˋ": 4, "˙": 5]

  /// Every way `input` divides into syllables, each with its tone.
  static func candidates(_ input: String) -> [[TypedPinyin.Syllable]] {
    // Runs of letters with the tone that ends each, and a neutral dot that opens one.
    var runs: [(letters: [Character], tone: Int?, neutral: Bool)] = []
    var letters: [Character] = []
    var neutral = false
    func close(_ tone: Int?) {
      if !letters.isEmpty || tone != nil { runs.append((letters, tone, neutral)) }
      letters = []
      neutral = false
    }
    for character in input {
      if let tone = tones[character] {
        if tone == 5, letters.isEmpty {
          neutral = true
        } else {
          close(tone)
        }
      } else if isZhuyin(String(character)) {
        letters.append(character)
      } else {
        // A space or any other mark ends a run; an untoned run is in the first tone.
        close(nil)
      }
    }
    close(nil)
    var results: [[TypedPinyin.Syllable]] = [[]]
    for run in runs where !run.letters.isEmpty {
      let options = splits(run.letters[...])
      guard !options.isEmpty else { return [] }
      var next: [[TypedPinyin.Syllable]] = []
      for prefix in results {
        for option in options where next.count < TypedPinyin.limit {
          // Run together, every syllable but the last is in the first tone; the tone mark ends
          // the run, and the neutral dot opens it.
          var syllables = option.map { TypedPinyin.Syllable(base: $0, tone: 1) }
          if let tone = run.tone { syllables[syllables.count - 1].tone = tone }
          if run.neutral { syllables[0].tone = 5 }
          next.append(prefix + syllables)
        }
      }
      results = next
    }
    return results.compactMap(TypedPinyin.joiningErhua).filter { !$0.isEmpty }
  }

  /// The pinyin of each division of `letters` into zhuyin syllables (an ㄦ after a syllable is
  /// its erhua, written `r` for ``TypedPinyin/joiningErhua(_:)``).
  static func splits(_ letters: ArraySlice<Character>) -> [[String]] {
    if letters.isEmpty { return [[]] }
    var found: [[String]] = []
    for length in stride(from: min(longest, letters.count), through: 1, by: -1) {
      let head = String(letters.prefix(length))
      guard let base = syllables[head] else { continue }
      for rest in splits(letters.dropFirst(length)) where found.count < TypedPinyin.limit {
        found.append([base] + rest)
      }
    }
    if letters.first == "ㄦ", letters.count == 1 || found.isEmpty {
      for rest in splits(letters.dropFirst()) where found.count < TypedPinyin.limit { found.append(["r"] + rest) }
    }
    return found
  }
}
