import Testing

@testable import DangdaiCore

/// One typed answer and what it earns: the word's readings (tone numbers, as CC-CEDICT writes
/// them), its characters, and the full tones of its neutral syllables by index.
struct PinyinCase: CustomTestStringConvertible, Sendable {
  let readings: [String]
  let hanzi: String
  let citation: [Int: Int]
  let input: String
  let verdict: PinyinVerdict

  init(_ readings: [String], _ hanzi: String, _ input: String, _ verdict: PinyinVerdict, citation: [Int: Int] = [:]) {
    self.readings = readings
    self.hanzi = hanzi
    self.citation = citation
    self.input = input
    self.verdict = verdict
  }

  var testDescription: String { "\(hanzi) “\(input)”" }

  var accepted: [AcceptedReading] {
    readings.map { AcceptedReading(PinyinSyllable.numbered($0)!, hanzi: hanzi, citation: citation) }
  }
}

let xuesheng = ["xue2 sheng1"]
let pinyinCases: [PinyinCase] = [
  // Tone numbers, tone marks, case, spacing.
  PinyinCase(xuesheng, "學生", "xue2sheng1", .correct),
  PinyinCase(xuesheng, "學生", "XUÉ SHĒNG", .correct),
  PinyinCase(xuesheng, "學生", "xuéshēng", .correct),
  PinyinCase(xuesheng, "學生", "Xue2 Sheng1", .correct),
  PinyinCase(xuesheng, "學生", "xue2-sheng1", .correct),
  PinyinCase(xuesheng, "學生", "xue2'sheng1", .correct),
  PinyinCase(xuesheng, "學生", "  xue2   sheng1  ", .correct),
  PinyinCase(xuesheng, "學生", "xué sheng1", .correct),
  PinyinCase(xuesheng, "學生", "xuesheng", .missingTones),
  PinyinCase(xuesheng, "學生", "xue sheng", .missingTones),
  PinyinCase(xuesheng, "學生", "xue2sheng", .toneError(syllables: [1], sandhiHint: false)),
  PinyinCase(xuesheng, "學生", "xue3sheng1", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(xuesheng, "學生", "xue4sheng4", .toneError(syllables: [0, 1], sandhiHint: false)),
  PinyinCase(xuesheng, "學生", "xuéshèng", .toneError(syllables: [1], sandhiHint: false)),
  PinyinCase(xuesheng, "學生", "xuexi", .wrong),
  PinyinCase(xuesheng, "學生", "xue2", .wrong),
  PinyinCase(xuesheng, "學生", "xue2sheng1sheng1", .wrong),
  PinyinCase(xuesheng, "學生", "", .wrong),
  PinyinCase(xuesheng, "學生", "學生", .wrong),
  PinyinCase(xuesheng, "學生", "xue2sheng1!", .correct),
  // ü: v, u: and ü, composed or not; distinct from u only after l and n.
  PinyinCase(["lu:4"], "綠", "lv4", .correct),
  PinyinCase(["lu:4"], "綠", "lu:4", .correct),
  PinyinCase(["lu:4"], "綠", "lǜ", .correct),
  PinyinCase(["lu:4"], "綠", "lu\u{308}\u{300}", .correct),
  PinyinCase(["lu:4"], "綠", "LV4", .correct),
  PinyinCase(["lu:4"], "綠", "lu4", .wrong),
  PinyinCase(["lu4"], "路", "lv4", .wrong),
  PinyinCase(["nu:3 er2"], "女兒", "nv3er2", .correct),
  PinyinCase(["nu:3 er2"], "女兒", "nü3'er2", .correct),
  PinyinCase(["nu:3 er2"], "女兒", "nǚ'ér", .correct),
  PinyinCase(["nu:3 er2"], "女兒", "nu3er2", .wrong),
  PinyinCase(["ju2"], "局", "jv2", .correct),
  PinyinCase(["ju2"], "局", "ju2", .correct),
  PinyinCase(["qu4"], "去", "qü4", .correct),
  PinyinCase(["yu2"], "魚", "yv2", .correct),
  PinyinCase(["lu:e4"], "略", "lve4", .correct),
  PinyinCase(["lu:e4"], "略", "lue4", .correct),
  // Syllables run together: every division is tried; a toned syllable whole is that syllable.
  PinyinCase(["Xi1 an1"], "西安", "xi1an1", .correct),
  PinyinCase(["Xi1 an1"], "西安", "Xī'ān", .correct),
  PinyinCase(["Xi1 an1"], "西安", "xian1", .wrong),
  PinyinCase(["Xi1 an1"], "西安", "xiān", .wrong),
  PinyinCase(["Xi1 an1"], "西安", "xian", .missingTones),
  PinyinCase(["xian1"], "先", "xian1", .correct),
  PinyinCase(["xian1"], "先", "xi1an1", .wrong),
  PinyinCase(["fang1 an4"], "方案", "fangan", .missingTones),
  PinyinCase(["fang1 an4"], "方案", "fāng'àn", .correct),
  PinyinCase(["fan3 gan3"], "反感", "fangan", .missingTones),
  PinyinCase(["fan3 gan3"], "反感", "fǎngǎn", .correct),
  PinyinCase(["Zhong1 wen2"], "中文", "zhongwen2", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["Zhong1 wen2"], "中文", "zhōngwén", .correct),
  // Number forms: 0 and 5 for the neutral tone, tone on a run's last syllable.
  PinyinCase(["xie4 xie5"], "謝謝", "xie4xie", .correct, citation: [1: 4]),
  PinyinCase(["xie4 xie5"], "謝謝", "xie4xie5", .correct, citation: [1: 4]),
  PinyinCase(["xie4 xie5"], "謝謝", "xie4xie0", .correct, citation: [1: 4]),
  PinyinCase(["xie4 xie5"], "謝謝", "xie4xie4", .correct, citation: [1: 4]),
  PinyinCase(["xie4 xie5"], "謝謝", "xièxie", .correct, citation: [1: 4]),
  PinyinCase(["xie4 xie5"], "謝謝", "xie4xie1", .toneError(syllables: [1], sandhiHint: false), citation: [1: 4]),
  PinyinCase(["peng2 you5"], "朋友", "peng2you3", .correct, citation: [1: 3]),
  PinyinCase(["peng2 you5"], "朋友", "péngyou", .correct, citation: [1: 3]),
  PinyinCase(["peng2 you5"], "朋友", "peng2you4", .toneError(syllables: [1], sandhiHint: false), citation: [1: 3]),
  // 一 and 不 change their tone before the next syllable; both forms count.
  PinyinCase(["yi2 gong4"], "一共", "yi2gong4", .correct),
  PinyinCase(["yi2 gong4"], "一共", "yi1gong4", .correct),
  PinyinCase(["yi2 gong4"], "一共", "yi3gong4", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["bu4 shi4"], "不是", "bu2shi4", .correct),
  PinyinCase(["bu4 shi4"], "不是", "bu3shi4", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["yi1 dian3 r5"], "一點兒", "yidianr", .missingTones),
  PinyinCase(["yi1 dian3 r5"], "一點兒", "yi4dian3r", .correct),
  PinyinCase(["yi1 dian3 r5"], "一點兒", "yìdiǎnr", .correct),
  // ... but only where a change applies: 一 counting (初一, 一月, at the end) and 不 before
  // anything but a fourth tone keep their own tone.
  PinyinCase(["chu1 yi1"], "初一", "chū yī", .correct),
  PinyinCase(["chu1 yi1"], "初一", "chū yí", .toneError(syllables: [1], sandhiHint: false)),
  PinyinCase(["Yi1 yue4"], "一月", "yí yuè", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["bu4 hao3"], "不好", "bù hǎo", .correct),
  PinyinCase(["bu4 hao3"], "不好", "bú hǎo", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["yi1 qi3"], "一起", "yìqǐ", .correct),
  PinyinCase(["yi1 qi3"], "一起", "yīqǐ", .correct),
  PinyinCase(["yi1 qi3"], "一起", "yíqǐ", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["yi1 ge5"], "一個", "yí ge", .correct, citation: [1: 4]),
  PinyinCase(["yi1 ge5"], "一個", "yì ge", .toneError(syllables: [0], sandhiHint: false), citation: [1: 4]),
  // Zhuyin, typed by a learner who reads it: unmarked is the first tone.
  PinyinCase(["feng1 jing3"], "風景", "ㄈㄥ ㄐㄧㄥˇ", .correct),
  PinyinCase(["feng1 jing3"], "風景", "ㄈㄥㄐㄧㄥˇ", .correct),
  PinyinCase(["feng1 jing3"], "風景", "ㄈㄥˊ ㄐㄧㄥˇ", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["feng1 jing3"], "風景", "ㄈㄣ ㄐㄧㄥˇ", .wrong),
  PinyinCase(["xie4 xie5"], "謝謝", "ㄒㄧㄝˋ ˙ㄒㄧㄝ", .correct, citation: [1: 4]),
  PinyinCase(["xie4 xie5"], "謝謝", "ㄒㄧㄝˋ ㄒㄧㄝ˙", .correct, citation: [1: 4]),
  PinyinCase(["yi1 dian3 r5"], "一點兒", "ㄧˋ ㄉㄧㄢˇㄦ", .correct),
  PinyinCase(["nu:3 er2"], "女兒", "ㄋㄩˇ ㄦˊ", .correct),
  PinyinCase(["lu:4"], "綠", "ㄌㄩˋ", .correct),
  PinyinCase(["lu:4"], "綠", "ㄌㄨˋ", .wrong),
  PinyinCase(["zhi1 dao5"], "知道", "ㄓ ˙ㄉㄠ", .correct),
  // Third-tone sandhi: said ní hǎo, written nǐ hǎo; a hint, not a pass.
  PinyinCase(["ni3 hao3"], "你好", "ni2hao3", .toneError(syllables: [0], sandhiHint: true)),
  PinyinCase(["ni3 hao3"], "你好", "ni3hao3", .correct),
  PinyinCase(["ni3 hao3"], "你好", "ni3hao2", .toneError(syllables: [1], sandhiHint: false)),
  PinyinCase(["ni3 hao3"], "你好", "ni2hao2", .toneError(syllables: [0, 1], sandhiHint: false)),
  // Several readings: each counts.
  PinyinCase(["zhe4", "zhei4"], "這", "zhei4", .correct),
  PinyinCase(["zhe4", "zhei4"], "這", "zhè", .correct),
  PinyinCase(["zhe4", "zhei4"], "這", "zhei3", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["le4 se4", "la1 ji1"], "垃圾", "lèsè", .correct),
  PinyinCase(["le4 se4", "la1 ji1"], "垃圾", "la1ji1", .correct),
  // What keyboards and phones produce: breves, full-width forms, look-alike letters.
  PinyinCase(["hao3"], "好", "hăo", .correct),
  PinyinCase(["hao3"], "好", "ｈａｏ３", .correct),
  PinyinCase(["ni3 hao3"], "你好", "ＮＩ３\u{3000}ｈａｏ３", .correct),
  PinyinCase(["hao3"], "好", "ha\u{301}o", .toneError(syllables: [0], sandhiHint: false)),
  PinyinCase(["hao3"], "好", "hɑo3", .correct),
  PinyinCase(["ge4"], "個", "ɡe4", .correct),
  PinyinCase(["hao3"], "好", "hao", .missingTones),
  PinyinCase(["hao3"], "好", "hao35", .correct),
  PinyinCase(["hao3"], "好", "hǎo4", .wrong),
  PinyinCase(["hao3"], "好", "háǒ", .wrong),
]

@Suite("Typed pinyin is judged fairly", .timeLimit(.minutes(5)))
struct PinyinAnswerTests {
  @Test("the table", arguments: pinyinCases)
  func table(_ example: PinyinCase) {
    #expect(PinyinAnswer.check(example.input, against: example.accepted) == example.verdict)
  }

  @Test("the table holds enough cases to pin the rules down")
  func size() { #expect(pinyinCases.count >= 60) }

  @Test("numbered readings are read as CC-CEDICT writes them, and refused when not Mandarin")
  func numbered() {
    #expect(PinyinSyllable.numbered("xue2 sheng1") == [PinyinSyllable("xue", 2), PinyinSyllable("sheng", 1)])
    #expect(PinyinSyllable.numbered("lu:4") == [PinyinSyllable("lü", 4)])
    #expect(PinyinSyllable.numbered("yi1 dian3 r5") == [PinyinSyllable("yi", 1), PinyinSyllable("dianr", 3)])
    #expect(PinyinSyllable.numbered("Tai2 wan1") == [PinyinSyllable("tai", 2), PinyinSyllable("wan", 1)])
    #expect(PinyinSyllable.numbered("xue sheng") == nil)
    #expect(PinyinSyllable.numbered("xya4") == nil)
    #expect(PinyinSyllable.numbered("") == nil)
  }

  @Test("the syllable inventory is Mandarin's")
  func inventory() {
    #expect(PinyinSyllables.all.count > 400)
    for syllable in ["a", "zhuang", "lüe", "nü", "jiong", "er", "yo", "zhei"] {
      #expect(PinyinSyllables.all.contains(syllable))
    }
    for notOne in ["xya", "lve", "ju:", "bui", "r"] { #expect(!PinyinSyllables.all.contains(notOne)) }
  }
}
