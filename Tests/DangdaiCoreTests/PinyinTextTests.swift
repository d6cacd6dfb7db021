import Testing

@testable import DangdaiCore

@Suite("Readings written out: tone marks and zhuyin", .timeLimit(.minutes(5)))
struct PinyinTextTests {
  func reading(_ numbered: String) -> [PinyinSyllable] { PinyinSyllable.numbered(numbered) ?? [] }

  @Test(
    "tone marks go where pinyin puts them, with apostrophes before a, o and e",
    arguments: [
      ("xue2 sheng1", "xuéshēng"), ("liu2", "liú"), ("gui4", "guì"), ("hou4", "hòu"), ("lu:4", "lǜ"),
      ("nu:3 er2", "nǚ'ér"), ("Xi1 an1", "xī'ān"), ("xie4 xie5", "xièxie"), ("jia1", "jiā"), ("zhuang4", "zhuàng"),
      ("yi1 dian3 r5", "yīdiǎnr"), ("ju2", "jú"), ("pi2 ao3", "pí'ǎo"), ("tian1 e2", "tiān'é"), ("nu:e4", "nüè"),
    ])
  func marked(numbered: String, written: String) {
    #expect(PinyinText.marked(reading(numbered)) == written)
  }

  @Test(
    "zhuyin by rule",
    arguments: [
      ("ni3 hao3", "ㄋㄧˇ ㄏㄠˇ"), ("xue2 sheng1", "ㄒㄩㄝˊ ㄕㄥ"), ("xie4 xie5", "ㄒㄧㄝˋ ˙ㄒㄧㄝ"), ("lu:4", "ㄌㄩˋ"),
      ("lu4", "ㄌㄨˋ"), ("zhi1", "ㄓ"), ("shi4", "ㄕˋ"), ("nu:3 er2", "ㄋㄩˇ ㄦˊ"), ("Zhong1 wen2", "ㄓㄨㄥ ㄨㄣˊ"),
      ("xiong2", "ㄒㄩㄥˊ"), ("yue4", "ㄩㄝˋ"), ("yao4", "ㄧㄠˋ"), ("you3", "ㄧㄡˇ"), ("liu4", "ㄌㄧㄡˋ"),
      ("dui4", "ㄉㄨㄟˋ"), ("chun1", "ㄔㄨㄣ"), ("wo3", "ㄨㄛˇ"), ("na3 r5", "ㄋㄚˇㄦ"), ("ju2", "ㄐㄩˊ"),
      ("quan2", "ㄑㄩㄢˊ"), ("yun2", "ㄩㄣˊ"), ("si4", "ㄙˋ"), ("ri4", "ㄖˋ"), ("bo1", "ㄅㄛ"), ("feng1", "ㄈㄥ"),
      ("wei4", "ㄨㄟˋ"), ("yi1", "ㄧ"), ("er4", "ㄦˋ"), ("lu:e4", "ㄌㄩㄝˋ"), ("jiong3", "ㄐㄩㄥˇ"),
    ])
  func zhuyin(numbered: String, written: String) {
    #expect(PinyinText.zhuyin(reading(numbered)) == written)
  }

  @Test("every Mandarin syllable has its zhuyin")
  func everySyllable() {
    let missing = PinyinSyllables.all.filter { PinyinText.zhuyin(PinyinSyllable($0, 1)) == nil }
    #expect(missing.isEmpty)
  }

  @Test("numbers, syllables apart")
  func numbered() { #expect(PinyinText.numbered(reading("yi1 dian3 r5")) == "yi1 dian3r") }
}
