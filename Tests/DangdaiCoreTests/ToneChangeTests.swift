import Testing

@testable import DangdaiCore

@Suite("一 and 不 are shown in the tone the book prints", .timeLimit(.minutes(5)))
struct ToneChangeTests {
  static func printed(_ reading: String, _ hanzi: String, citation: String? = nil) -> String {
    let syllables = PinyinSyllable.numbered(reading)!
    return PinyinText.marked(
      ToneChange.printed(syllables, hanzi: hanzi, citation: citation.flatMap(PinyinSyllable.numbered) ?? []))
  }

  @Test(
    "before a fourth tone 一 is yí and 不 bú; before the others 一 is yì; counting, 一 stays yī",
    arguments: [
      ("yi1 gong4", "一共", "yígòng"), ("yi1 ding4", "一定", "yídìng"), ("yi1 qi3", "一起", "yìqǐ"),
      ("yi1 zhi2", "一直", "yìzhí"), ("yi1 dian3 r5", "一點兒", "yìdiǎnr"), ("bu4 cuo4", "不錯", "búcuò"),
      ("bu4 ke4 qi4", "不客氣", "búkèqì"), ("bu4 hao3", "不好", "bùhǎo"), ("dui4 bu4 qi3", "對不起", "duìbùqǐ"),
      ("chu1 yi1", "初一", "chūyī"), ("shi2 yi1", "十一", "shíyī"), ("Yi1 yue4", "一月", "yīyuè"),
      ("di4 yi1 ci4", "第一次", "dìyīcì"), ("xing1 qi2 yi1", "星期一", "xīngqíyī"), ("yi1", "一", "yī"),
      ("bu4", "不", "bù"), ("yi1 bai3", "一百", "yìbǎi"),
    ])
  func table(_ reading: String, _ hanzi: String, _ expected: String) {
    #expect(Self.printed(reading, hanzi) == expected)
  }

  @Test("a neutral syllable after 一 decides by its own tone: 一個 is yí ge")
  func neutral() {
    #expect(Self.printed("yi1 ge5", "一個", citation: "yi1 ge4") == "yíge")
    #expect(Self.printed("yi1 ge5", "一個") == "yīge")
  }

  @Test("the word list, the question and its answer show the printed tone; the key keeps the citation")
  func shown() throws {
    let item = VocabularyItem(
      hanzi: "一共", partOfSpeech: PartOfSpeech(rawValue: "Adv"), readings: [PinyinSyllable.numbered("yi1 gong4")!],
      meaning: LocalizedText([.english: "altogether"]))
    #expect(item.pinyin == "yígòng")
    #expect(item.zhuyin == "ㄧˊ ㄍㄨㄥˋ")
    #expect(item.readings == [PinyinSyllable.numbered("yi1 gong4")!])
    let question = Question(
      kind: .characterToPinyin, lesson: LessonID(rawValue: 104)!, subject: .word("一共"), chinese: "一共",
      key: .pinyin(hanzi: "一共", readings: item.readings, citations: item.citations))
    #expect(question.solution == "yígòng")
  }
}
