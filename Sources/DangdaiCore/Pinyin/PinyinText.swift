/// Readings written out for people: pinyin with tone marks, and zhuyin (Bopomofo).
public enum PinyinText {
  /// Tone marks placed as pinyin places them (a or e takes the mark; in ou the o; otherwise the
  /// last vowel), `ü` kept where it is written, and an apostrophe before a syllable after the first
  /// that starts with a, o or e (Xī'ān, nǚ'ér), per GB/T 16159.
  public static func marked(_ syllables: [PinyinSyllable]) -> String {
    var text = ""
    for (index, syllable) in syllables.enumerated() {
      if index > 0, let first = syllable.base.first, "aoe".contains(first) { text += "'" }
      text += marked(syllable)
    }
    return text
  }

  /// One syllable with its tone mark (none for the neutral tone).
  public static func marked(_ syllable: PinyinSyllable) -> String {
    var letters = Array(syllable.base)
    guard (1...4).contains(syllable.tone), let index = markIndex(letters) else { return syllable.base }
    let forms: [Character: String] = [
      "a": "āáǎà", "e": "ēéěè", "i": "īíǐì", "o": "ōóǒò", "u": "ūúǔù", "ü": "ǖǘǚǜ",
    ]
    guard let row = forms[letters[index]] else { return syllable.base }
    letters[index] = Array(row)[syllable.tone - 1]
    return String(letters)
  }

  static func markIndex(_ letters: [Character]) -> Int? {
    if let a = letters.firstIndex(of: "a") { return a }
    if let e = letters.firstIndex(of: "e") { return e }
    if let o = letters.firstIndex(of: "o"), o + 1 < letters.count, letters[o + 1] == "u" { return o }
    return letters.lastIndex { "iouü".contains($0) }
  }

  /// Tone numbers, syllables apart: `xue2 sheng1`; an erhua after its syllable's tone (`dian3r`).
  public static func numbered(_ syllables: [PinyinSyllable]) -> String {
    syllables.map { syllable in
      PinyinSyllables.isErhua(syllable.base)
        ? "\(syllable.base.dropLast())\(syllable.tone)r" : "\(syllable.base)\(syllable.tone)"
    }.joined(separator: " ")
  }

  /// Zhuyin, syllables apart: ㄒㄩㄝˊ ㄕㄥ. The neutral tone's dot comes first (˙ㄒㄧㄝ); an
  /// erhua ㄦ follows its syllable's tone (ㄋㄚˇㄦ). Nil for a syllable outside Mandarin's.
  public static func zhuyin(_ syllables: [PinyinSyllable]) -> String? {
    var parts: [String] = []
    for syllable in syllables {
      guard let part = zhuyin(syllable) else { return nil }
      parts.append(part)
    }
    return parts.joined(separator: " ")
  }

  public static func zhuyin(_ syllable: PinyinSyllable) -> String? {
    var base = syllable.base
    let erhua = PinyinSyllables.isErhua(base)
    if erhua { base.removeLast() }
    guard let symbols = Zhuyin.symbols(base) else { return nil }
    let written =
      switch syllable.tone {
      case 2: symbols + "ˊ"
      case 3: symbols + "ˇ"
      case 4: symbols + "ˋ"
      case 5: "˙" + symbols
      default: symbols
      }
    return written + (erhua ? "ㄦ" : "")
  }
}

/// Pinyin's spellings in zhuyin, by rule: the initial's symbol, then the final's, with pinyin's
/// spelling conventions undone (y and w, the dropped ü dots after j, q and x, iu/ui/un for
/// iou/uei/uen, and the empty rhyme of zhi, chi, shi, ri, zi, ci, si).
enum Zhuyin {
  static let initials: [(String, String)] = [
    ("zh", "ㄓ"), ("ch", "ㄔ"), ("sh", "ㄕ"), ("b", "ㄅ"), ("p", "ㄆ"), ("m", "ㄇ"), ("f", "ㄈ"), ("d", "ㄉ"),
    ("t", "ㄊ"), ("n", "ㄋ"), ("l", "ㄌ"), ("g", "ㄍ"), ("k", "ㄎ"), ("h", "ㄏ"), ("j", "ㄐ"), ("q", "ㄑ"),
    ("x", "ㄒ"), ("r", "ㄖ"), ("z", "ㄗ"), ("c", "ㄘ"), ("s", "ㄙ"),
  ]

  static let finals: [String: String] = [
    "a": "ㄚ", "o": "ㄛ", "e": "ㄜ", "ê": "ㄝ", "ai": "ㄞ", "ei": "ㄟ", "ao": "ㄠ", "ou": "ㄡ", "an": "ㄢ",
    "en": "ㄣ", "ang": "ㄤ", "eng": "ㄥ", "er": "ㄦ", "ong": "ㄨㄥ",
    "i": "ㄧ", "ia": "ㄧㄚ", "io": "ㄧㄛ", "ie": "ㄧㄝ", "iai": "ㄧㄞ", "iao": "ㄧㄠ", "iu": "ㄧㄡ", "iou": "ㄧㄡ",
    "ian": "ㄧㄢ", "in": "ㄧㄣ", "iang": "ㄧㄤ", "ing": "ㄧㄥ", "iong": "ㄩㄥ",
    "u": "ㄨ", "ua": "ㄨㄚ", "uo": "ㄨㄛ", "uai": "ㄨㄞ", "ui": "ㄨㄟ", "uei": "ㄨㄟ", "uan": "ㄨㄢ", "un": "ㄨㄣ",
    "uen": "ㄨㄣ", "uang": "ㄨㄤ", "ueng": "ㄨㄥ",
    "ü": "ㄩ", "üe": "ㄩㄝ", "üan": "ㄩㄢ", "ün": "ㄩㄣ",
  ]

  /// The initials whose `i` is no vowel at all (zhi, chi, shi, ri, zi, ci, si): ㄓ alone.
  static let emptyRhyme: Set<String> = ["zh", "ch", "sh", "r", "z", "c", "s"]

  /// The y- and w- spellings of syllables without an initial.
  static let glides: [String: String] = [
    "yi": "i", "ya": "ia", "yo": "io", "ye": "ie", "yai": "iai", "yao": "iao", "you": "iou", "yan": "ian",
    "yin": "in", "yang": "iang", "ying": "ing", "yong": "iong", "yu": "ü", "yue": "üe", "yuan": "üan",
    "yun": "ün", "wu": "u", "wa": "ua", "wo": "uo", "wai": "uai", "wei": "uei", "wan": "uan", "wen": "uen",
    "wang": "uang", "weng": "ueng",
  ]

  static func symbols(_ base: String) -> String? {
    if let final = glides[base] { return finals[final] }
    guard let (letters, initial) = initials.first(where: { base.hasPrefix($0.0) }) else { return finals[base] }
    var final = String(base.dropFirst(letters.count))
    if final == "i", emptyRhyme.contains(letters) { return initial }
    if "jqx".contains(letters), final.hasPrefix("u") { final = "ü" + final.dropFirst() }
    guard let symbols = finals[final] else { return nil }
    return initial + symbols
  }
}
