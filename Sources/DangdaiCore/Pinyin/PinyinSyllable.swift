/// One syllable of a reading: its letters and its tone.
///
/// Letters are as pinyin writes them, with `ü` only where it is written (after l and n: `lü`,
/// `nüe`); after j, q, x and y the `u` is already ü and is written `u`. An erhua `r` belongs to the
/// syllable before it (`dianr`). Tones are 1–4, and 5 for the neutral tone.
public struct PinyinSyllable: Hashable, Sendable, Codable {
  public let base: String
  public let tone: Int

  public init(_ base: String, _ tone: Int) {
    precondition((1...5).contains(tone), "tones are 1–4, and 5 for the neutral tone")
    self.base = base
    self.tone = tone
  }

  /// Syllables written with tone numbers, as CC-CEDICT writes them: `xue2 sheng1`, `lu:4`,
  /// `yi1 dian3 r5` (the erhua joins the syllable before it). Nil unless every syllable is one of
  /// Mandarin's, with a tone from 1 to 5.
  public static func numbered(_ text: String) -> [PinyinSyllable]? {
    var syllables: [PinyinSyllable] = []
    for word in text.lowercased().split(whereSeparator: { $0 == " " }) {
      guard let digit = word.last?.wholeNumberValue, (1...5).contains(digit) else { return nil }
      let base = Pinyin.canonical(String(word.dropLast()).replacing("u:", with: "ü"))
      if base == "r", let previous = syllables.popLast() {
        syllables.append(PinyinSyllable(previous.base + "r", previous.tone))
        continue
      }
      guard PinyinSyllables.contains(base) else { return nil }
      syllables.append(PinyinSyllable(base, digit))
    }
    return syllables.isEmpty ? nil : syllables
  }
}

/// Mandarin's syllables, without tones (``source`` is built from CC-CEDICT's readings).
public enum PinyinSyllables {
  /// Every syllable, as ``Pinyin/canonical(_:)`` writes it.
  public static let all: Set<String> = Set(source.split(separator: "\n").map(String.init))

  /// Whether `base` is a syllable, or one with an erhua `r` (`dianr`).
  public static func contains(_ base: String) -> Bool { all.contains(base) || isErhua(base) }

  /// Whether `base` is a syllable with an erhua `r` (`dianr`, but not `er`).
  public static func isErhua(_ base: String) -> Bool {
    base.count > 1 && base.hasSuffix("r") && !all.contains(base) && all.contains(String(base.dropLast()))
  }
}

/// Pinyin's spelling rules, shared by reading, checking and writing.
public enum Pinyin {
  /// The one spelling of a syllable's letters: `ü` written `u` after j, q, x and y (where it is
  /// the only u there is), and `lue`/`nue` written `lüe`/`nüe` (pinyin has no other).
  public static func canonical(_ base: String) -> String {
    guard let first = base.first else { return base }
    if "jqxy".contains(first) { return base.replacing("ü", with: "u") }
    if base == "lue" || base == "nue" { return String(first) + "üe" }
    return base
  }
}
