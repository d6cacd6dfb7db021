import Testing

@testable import DangdaiCore

@Suite("A learner's own vocabulary list", .timeLimit(.minutes(5)))
struct VocabularyImportTests {
  /// A list in the circulating flash-card format, made here: two lessons, both parts, tone marks
  /// and numbers, alternatives, parts of speech, comments and blank lines.
  static let sample = """
    # My list for the first weeks
    //當代中文/Book 1/L01-I
    你\tnǐ\t(N) you
    這\tzhè / zhèi\t(Det) this
    謝謝\txièxie\t(V) to thank
    臺灣\tTáiwān\t(N) Taiwan

    //當代中文/Book 1/L01-II
    一點兒\tyìdiǎnr\t(N) a little
    方案\tfāng'àn\t(N) plan
    反感\tfǎngǎn\t(N) dislike
    //當代中文/Book 2/L15-I
    女兒\tnv3 er2\t(N) daughter
    綠\tlǜ\tgreen
    """

  @Test("every section and item is read, readings divided as pinyin writes them")
  func sample() throws {
    let sections = try VocabularyImport.parse(Self.sample).get()
    #expect(sections.map(\.lesson) == [101, 101, 215])
    #expect(sections.map(\.part) == [1, 2, 1])
    #expect(sections.map(\.items.count) == [4, 3, 2])
    let this = sections[0].items[1]
    #expect(this.hanzi == "這")
    #expect(this.readings == [[PinyinSyllable("zhe", 4)], [PinyinSyllable("zhei", 4)]])
    #expect(this.partOfSpeech == "Det")
    #expect(this.gloss == "this")
    #expect(this.line == 4)
    #expect(sections[0].items[2].readings == [[PinyinSyllable("xie", 4), PinyinSyllable("xie", 5)]])
    #expect(sections[1].items[0].readings == [[PinyinSyllable("yi", 4), PinyinSyllable("dianr", 3)]])
    #expect(sections[1].items[1].readings == [[PinyinSyllable("fang", 1), PinyinSyllable("an", 4)]])
    #expect(sections[1].items[2].readings == [[PinyinSyllable("fan", 3), PinyinSyllable("gan", 3)]])
    #expect(sections[2].items[0].readings == [[PinyinSyllable("nü", 3), PinyinSyllable("er", 2)]])
    #expect(sections[2].items[1].partOfSpeech == nil)
    #expect(sections[2].items[1].gloss == "green")
  }

  @Test("every bad line is named with its number, and nothing is read")
  func problems() {
    let list = """
      你\tnǐ\tyou
      //當代中文/Book 1/L01-I
      好\thǎo\t(Adj) good
      //當代中文/Book 3/L01-I
      //當代中文/L01
      學生\txuéshēng
      學生\txuéshēng\t
      學生\txue\tstudent
      學生\tqqq\tstudent
      student\txuéshēng\tstudent
      好\thǎo\tgood again
      """
    let expected: [VocabularyImport.Problem] = [
      .init(line: 1, code: .itemBeforeHeader), .init(line: 4, code: .lessonOutOfRange),
      .init(line: 5, code: .malformedHeader), .init(line: 6, code: .missingColumns),
      .init(line: 7, code: .missingGloss),
      .init(line: 8, code: .readingDoesNotFit), .init(line: 9, code: .unreadableReading),
      .init(line: 10, code: .notChinese), .init(line: 11, code: .duplicate),
    ]
    let outcome = VocabularyImport.parse(list)
    #expect(outcome == .failure(VocabularyImport.Refusal(problems: expected)))
  }

  @Test("a list with headers but no words is refused")
  func empty() {
    let empty = VocabularyImport.Refusal(problems: [.init(line: 1, code: .empty)])
    #expect(VocabularyImport.parse("//當代中文/Book 1/L02-I\n") == .failure(empty))
    #expect(VocabularyImport.parse("") == .failure(empty))
  }
}

@Suite("A list written back reads the same", .timeLimit(.minutes(5)))
struct VocabularyImportFormatTests {
  @Test("format then parse gives the same sections, every reading kept")
  func roundTrip() throws {
    let text = """
      //當代中文/Book 2/L03-II
      這\tzhè / zhèi\t(Det) this
      謝謝\txièxie\tthanks
      女兒\tnǚ'ér\t(N) daughter
      一點兒\tyìdiǎnr\t(N) a little
      """
    let sections = try VocabularyImport.parse(text).get()
    let again = try VocabularyImport.parse(VocabularyImport.format(sections)).get()
    #expect(again.map(\.lesson) == [203])
    #expect(again.map(\.part) == [2])
    #expect(again[0].items.map(\.hanzi) == sections[0].items.map(\.hanzi))
    #expect(again[0].items.map(\.readings) == sections[0].items.map(\.readings))
    #expect(again[0].items.map(\.partOfSpeech) == [Optional("Det"), nil, Optional("N"), Optional("N")])
    #expect(again[0].items.map(\.gloss) == sections[0].items.map(\.gloss))
  }
}
