/// The tone changes of 一 and 不, as the book and the MOE print them: 一 is yí before a fourth
/// tone (yígòng, yídìng, yí ge) and yì before the others (yìqǐ, yìdiǎn), but stays yī where it
/// counts or orders (初一, 第一, 星期一, 一月, 十一) and at a word's end; 不 is bú before a fourth tone
/// (búcuò, búkèqì) and bù elsewhere (bù hǎo).
///
/// A word's reading is kept in its citation tones; the tone change is what is shown, and a typed
/// answer may use either (yīgòng or yígòng), but never a change where none applies (chū yí, bú hǎo).
public enum ToneChange {
  /// Characters before a 一 that make it a number said as it is (初一, 第一, 十一, 星期一, 週一).
  static let countingBefore: Set<Character> = ["第", "初", "十", "期", "拜", "週", "周"]
  /// Characters after a 一 that make it a date or a digit (一月, 一號, 一日, 一二三).
  static let countingAfter: Set<Character> = [
    "月", "號", "号", "日", "〇", "零", "一", "二", "三", "四", "五", "六", "七", "八", "九",
  ]

  /// `reading` of `hanzi` as it is printed: each 一 and 不 in the tone it takes before the next
  /// syllable (`citation` gives a neutral syllable's own tone, which decides: 一個 is yí ge).
  public static func printed(
    _ reading: [PinyinSyllable], hanzi: String, citation: [PinyinSyllable] = []
  )
    -> [PinyinSyllable]
  {
    let characters = aligned(hanzi, reading)
    return reading.enumerated().map { index, syllable in
      guard let characters, let changed = changed(at: index, characters: characters, reading, citation: citation)
      else { return syllable }
      return PinyinSyllable(syllable.base, changed)
    }
  }

  /// The tone the 一 or 不 at `index` changes to, if one does: nil for any other syllable, and
  /// where no change applies.
  static func changed(
    at index: Int, characters: [Character], _ reading: [PinyinSyllable], citation: [PinyinSyllable]
  ) -> Int? {
    let character = characters[index]
    let syllable = reading[index]
    guard (character == "一" && syllable.base == "yi") || (character == "不" && syllable.base == "bu"),
      syllable.tone != 5, index + 1 < reading.count
    else { return nil }
    var next = reading[index + 1].tone
    if next == 5, index + 1 < citation.count { next = citation[index + 1].tone }
    guard next != 5 else { return nil }
    if character == "不" { return next == 4 ? 2 : nil }
    if index > 0, countingBefore.contains(characters[index - 1]) { return nil }
    if countingAfter.contains(characters[index + 1]) { return nil }
    return next == 4 ? 2 : 4
  }

  /// The tones a typed answer may give the syllable at `index`: its citation tone and, for a 一
  /// or 不 that changes there, the changed one too.
  static func accepted(
    at index: Int, characters: [Character]?, _ reading: [PinyinSyllable], citation: [PinyinSyllable]
  ) -> Set<Int> {
    guard let characters else { return [] }
    let character = characters[index]
    guard (character == "一" && reading[index].base == "yi") || (character == "不" && reading[index].base == "bu")
    else { return [] }
    // A list may print the changed tone (yígòng): its citation tone counts as well.
    let citationTone = character == "一" ? 1 : 4
    var citationReading = reading
    citationReading[index] = PinyinSyllable(reading[index].base, citationTone)
    let changed = changed(at: index, characters: characters, citationReading, citation: citation)
    // Where no change applies, the printed tone must be the citation tone (chū yī, not chū yí).
    if changed == nil { return [citationTone] }
    return [citationTone, changed!]
  }

  /// The characters of `hanzi`, one for each syllable of `reading` (an erhua 兒 joins the one
  /// before it); nil when they do not line up.
  static func aligned(_ hanzi: String, _ reading: [PinyinSyllable]) -> [Character]? {
    var characters = Array(hanzi)
    if characters.count != reading.count { characters.removeAll { $0 == "兒" || $0 == "儿" } }
    return characters.count == reading.count ? characters : nil
  }
}
