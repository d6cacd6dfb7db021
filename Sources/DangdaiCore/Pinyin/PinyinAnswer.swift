#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A reading as a learner may type it: for each syllable, its letters and every tone accepted.
///
/// Most syllables accept their own tone. Some accept more, and the item says which: 一 and 不,
/// whose tone changes with the next syllable (yīgòng and yígòng both count, as ``ToneChange``
/// decides, but chū yí does not); a neutral tone whose character has a full tone in careful or
/// Taiwan speech (xièxie and xièxiè).
public struct AcceptedReading: Hashable, Sendable {
  public struct Syllable: Hashable, Sendable {
    public let base: String
    /// The tone the reading gives it: what a wrong answer is told.
    public let tone: Int
    public let accepted: Set<Int>

    public init(base: String, tone: Int, accepted: Set<Int> = []) {
      self.base = Pinyin.canonical(base)
      self.tone = tone
      self.accepted = accepted.union([tone])
    }
  }

  public let syllables: [Syllable]

  public init(_ syllables: [Syllable]) { self.syllables = syllables }

  /// `reading` for the word `hanzi`: each 一 and 不 also its citation tone and the tone it
  /// changes to before the next syllable, where one applies (``ToneChange``, where the characters
  /// and syllables line up one to one), and each neutral syllable also the full tone `citation`
  /// gives for it, by index.
  public init(_ reading: [PinyinSyllable], hanzi: String = "", citation: [Int: Int] = [:]) {
    let characters = ToneChange.aligned(hanzi, reading)
    let full = reading.enumerated().map { index, syllable in
      citation[index].map { PinyinSyllable(syllable.base, $0) } ?? syllable
    }
    self.init(
      reading.enumerated().map { index, syllable in
        var accepted: Set<Int> = [syllable.tone]
        accepted.formUnion(ToneChange.accepted(at: index, characters: characters, reading, citation: full))
        if syllable.tone == 5, let full = citation[index] { accepted.insert(full) }
        return Syllable(base: syllable.base, tone: syllable.tone, accepted: accepted)
      })
  }
}

/// How a typed answer compares with the accepted readings.
public enum PinyinVerdict: Hashable, Sendable {
  case correct
  /// The right syllables with wrong tones at these indices. `sandhiHint`: each wrong tone is a
  /// third tone typed as the second before another third (nǐ hǎo typed ní hǎo), which is how it is
  /// said but not how it is written.
  case toneError(syllables: [Int], sandhiHint: Bool)
  /// The right syllables, typed without any tone: worth asking again.
  case missingTones
  case wrong
}

/// Judges typed pinyin fairly: tone marks or numbers, `ü`, `v` or `u:`, any case, full-width
/// letters, syllables run together or apart (research §C); or zhuyin, as a learner who reads it
/// types it.
public enum PinyinAnswer {
  public static func check(_ input: String, against readings: [AcceptedReading]) -> PinyinVerdict {
    var best = PinyinVerdict.wrong
    for candidate in TypedPinyin.candidates(input) {
      for reading in readings {
        let verdict = judge(candidate, reading)
        if rank(verdict) < rank(best) { best = verdict }
        if best == .correct { return best }
      }
    }
    return best
  }

  static func judge(_ typed: [TypedPinyin.Syllable], _ reading: AcceptedReading) -> PinyinVerdict {
    guard typed.count == reading.syllables.count,
      zip(typed, reading.syllables).allSatisfy({ Pinyin.canonical($0.base) == $1.base })
    else { return .wrong }
    guard typed.contains(where: { $0.tone != nil }) else {
      // A word all in the neutral tone (嗎, 呢, 的) may be typed with no tone at all, as with 5 or 0.
      return reading.syllables.allSatisfy { $0.tone == 5 } ? .correct : .missingTones
    }
    let wrong = zip(typed, reading.syllables).enumerated().compactMap { index, pair in
      pair.1.accepted.contains(pair.0.tone ?? 5) ? nil : index
    }
    guard !wrong.isEmpty else { return .correct }
    let sandhi = wrong.allSatisfy { index in
      reading.syllables[index].tone == 3 && typed[index].tone == 2 && index + 1 < reading.syllables.count
        && reading.syllables[index + 1].tone == 3
    }
    return .toneError(syllables: wrong, sandhiHint: sandhi)
  }

  static func rank(_ verdict: PinyinVerdict) -> Int {
    switch verdict {
    case .correct: 0
    case .toneError(let syllables, _): syllables.count
    case .missingTones: 1_000
    case .wrong: 1_001
    }
  }
}

/// Typed pinyin, read into the syllables it could mean.
enum TypedPinyin {
  struct Syllable: Hashable {
    var base: String
    /// Nil when the learner gave it no tone.
    var tone: Int?
  }

  /// A stretch of letters between boundaries (spaces, apostrophes, hyphens, tone numbers), with
  /// the tone each marked letter carries and the number that ended it.
  struct Run {
    var letters: [Character] = []
    var marks: [Int: Int] = [:]
    var number: Int?
  }

  /// The most readings of one answer considered; more than anyone types.
  static let limit = 64

  /// Every way `input` divides into syllables (zhuyin too: ``TypedZhuyin``). With
  /// `apostropheRule`, only the divisions pinyin's apostrophe rule allows as written: inside a run of
  /// letters no syllable after the first starts with a, o or e (`fangan` is fan + gan), unless every
  /// syllable of the run carries its tone, which makes the intent plain (xīān).
  static func candidates(_ input: String, apostropheRule: Bool = false) -> [[Syllable]] {
    if TypedZhuyin.isZhuyin(input) { return TypedZhuyin.candidates(input) }
    var results: [[Syllable]] = [[]]
    for (index, run) in runs(normalized(input)).enumerated() {
      var options = segmentations(run, first: index == 0)
      if apostropheRule {
        // The divisions the rule allows first; against it, only a fully toned run (xīān).
        let allowed = options.filter { $0.dropFirst().allSatisfy { !"aoe".contains($0.base.first ?? "x") } }
        options = allowed + options.filter { !allowed.contains($0) && $0.allSatisfy { $0.tone != nil } }
      }
      guard !options.isEmpty else { return [] }
      var next: [[Syllable]] = []
      for prefix in results {
        for option in options where next.count < limit { next.append(prefix + option) }
      }
      results = next
    }
    return results.compactMap(joiningErhua).filter { !$0.isEmpty }
  }

  /// Full-width letters, digits and spaces as their ASCII forms, lower case, the look-alikes `ɑ`
  /// and `ɡ`, breves for carons (keyboards offer ă), and `v` and `u:` for ü. Combining marks need
  /// no composing: a character compares (and hashes) as its canonical composition.
  static func normalized(_ input: String) -> String {
    var text = String(String.UnicodeScalarView(input.unicodeScalars.map(halfWidth))).lowercased()
    for (from, to) in [("ɑ", "a"), ("ɡ", "g"), ("ă", "ǎ"), ("ĕ", "ě"), ("ĭ", "ǐ"), ("ŏ", "ǒ"), ("ŭ", "ǔ"), ("’", "'")] {
      text = text.replacing(from, with: to)
    }
    return text.replacing("u:", with: "ü").replacing("v", with: "ü")
  }

  /// A full-width form (U+FF01–U+FF5E, and the ideographic space) as the ASCII it stands for, as
  /// NFKC maps it; any other scalar as it is.
  static func halfWidth(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0xFF01...0xFF5E: Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
    case 0x3000: " "
    default: scalar
    }
  }

  static let marked: [Character: (Character, Int)] = {
    var table: [Character: (Character, Int)] = [:]
    for (vowel, forms) in [
      ("a", "āáǎà"), ("e", "ēéěè"), ("i", "īíǐì"), ("o", "ōóǒò"), ("u", "ūúǔù"), ("ü", "ǖǘǚǜ"),
    ] {
      for (tone, form) in forms.enumerated() { table[form] = (Character(vowel), tone + 1) }
    }
    return table
  }()

  static func runs(_ text: String) -> [Run] {
    var runs: [Run] = []
    var current = Run()
    func close() {
      if !current.letters.isEmpty { runs.append(current) }
      current = Run()
    }
    for character in text {
      if let (vowel, tone) = marked[character] {
        current.marks[current.letters.count] = tone
        current.letters.append(vowel)
      } else if ("a"..."z").contains(character) || character == "ü" {
        current.letters.append(character)
      } else if let digit = character.wholeNumberValue, character.isASCII {
        guard !current.letters.isEmpty, current.number == nil else { continue }
        current.number = digit == 0 ? 5 : digit
        close()
      } else if character == " " || character == "'" || character == "-" {
        close()
      }
      // Anything else (punctuation, stray symbols) is not part of an answer.
    }
    close()
    return runs
  }

  /// The ways one run divides into syllables, each with its tones. A run that carries a tone and
  /// is one syllable whole is that syllable: `xian1` is xiān, never xī'ān.
  static func segmentations(_ run: Run, first: Bool) -> [[Syllable]] {
    let word = String(run.letters)
    let toned = run.number != nil || !run.marks.isEmpty
    if toned, run.marks.count <= 1, PinyinSyllables.all.contains(Pinyin.canonical(word)),
      let whole = assign(run, [word.count])
    {
      return [whole]
    }
    return splits(run.letters[...], first: first).compactMap { lengths in assign(run, lengths) }
  }

  /// The lengths of each division of `letters` into syllables (an erhua `r` may follow one).
  static func splits(_ letters: ArraySlice<Character>, first: Bool) -> [[Int]] {
    if letters.isEmpty { return [[]] }
    var found: [[Int]] = []
    for length in stride(from: min(6, letters.count), through: 1, by: -1) {
      let head = String(letters.prefix(length))
      guard PinyinSyllables.all.contains(Pinyin.canonical(head)) || (!first && head == "r") else { continue }
      for rest in splits(letters.dropFirst(length), first: false) where found.count < limit {
        found.append([length] + rest)
      }
    }
    return found
  }

  /// The syllables of `run` cut at `lengths`, each with the one mark inside it or the run's number
  /// (on its last syllable); nil when a syllable has two tones.
  static func assign(_ run: Run, _ lengths: [Int]) -> [Syllable]? {
    var syllables: [Syllable] = []
    var start = 0
    for (index, length) in lengths.enumerated() {
      let tones = (start..<start + length).compactMap { run.marks[$0] }
      guard tones.count <= 1 else { return nil }
      var tone = tones.first
      if index == lengths.count - 1, let number = run.number {
        if let tone, tone != number { return nil }
        tone = number
      }
      syllables.append(Syllable(base: String(run.letters[start..<start + length]), tone: tone))
      start += length
    }
    return syllables
  }

  /// Joins each erhua `r` to the syllable before it; nil when one stands first.
  static func joiningErhua(_ syllables: [Syllable]) -> [Syllable]? {
    var joined: [Syllable] = []
    for syllable in syllables {
      if syllable.base == "r" {
        guard var previous = joined.popLast() else { return nil }
        previous.base += "r"
        previous.tone = previous.tone ?? (syllable.tone == 5 ? nil : syllable.tone)
        joined.append(previous)
      } else {
        joined.append(syllable)
      }
    }
    return joined
  }
}
