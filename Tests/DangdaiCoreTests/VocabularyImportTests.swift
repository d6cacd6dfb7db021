import OrchardKit
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

  static func report(_ text: String) throws -> VocabularyImport.Report { try VocabularyImport.read(text).get() }

  static func item(_ report: VocabularyImport.Report, _ hanzi: String) -> VocabularyImport.Item? {
    report.sections.flatMap(\.items).first { $0.hanzi == hanzi }
  }

  @Test("every section and item is read, readings divided as pinyin writes them")
  func sample() throws {
    let report = try Self.report(Self.sample)
    let sections = report.sections
    #expect(sections.map(\.lesson) == [101, 101, 215])
    #expect(sections.map(\.part) == [1, 2, 1])
    #expect(sections.map(\.items.count) == [4, 3, 2])
    #expect(report.notes.isEmpty)
    let this = sections[0].items[1]
    #expect(this.hanzi == "這")
    #expect(this.readings == [[PinyinSyllable("zhe", 4)], [PinyinSyllable("zhei", 4)]])
    #expect(this.partOfSpeech == "Det")
    #expect(this.glosses == ["en": "this"])
    #expect(this.line == 4)
    #expect(sections[0].items[2].readings == [[PinyinSyllable("xie", 4), PinyinSyllable("xie", 5)]])
    #expect(sections[1].items[0].readings == [[PinyinSyllable("yi", 4), PinyinSyllable("dianr", 3)]])
    #expect(sections[1].items[1].readings == [[PinyinSyllable("fang", 1), PinyinSyllable("an", 4)]])
    #expect(sections[1].items[2].readings == [[PinyinSyllable("fan", 3), PinyinSyllable("gan", 3)]])
    #expect(sections[2].items[0].readings == [[PinyinSyllable("nü", 3), PinyinSyllable("er", 2)]])
    #expect(sections[2].items[1].partOfSpeech == nil)
    #expect(sections[2].items[1].glosses["en"] == "green")
  }

  @Test("a list as downloaded reads: CRLF line ends, a byte-order mark, tabs trailing its headers")
  func asDownloaded() throws {
    let text =
      "\u{FEFF}//當代中文/Book 1/L01-I\t\t\r\n你\tnǐ\t(N) you\r\n這\tzhè / zhèi\t(Det) this\r\n"
      + "//當代中文/Book 1/L01-II\t\t\r\n請\tqǐng\t(V) please\r\n"
    let report = try Self.report(text)
    #expect(report.sections.map(\.items.count) == [2, 1])
    #expect(report.notes.isEmpty)
    #expect(Self.item(report, "請")?.line == 5)
  }

  @Test("a headword written with variants, an optional part, a short form or a repeat is one word")
  func headwords() throws {
    let report = try Self.report(
      """
      //當代中文/Book 1/L01-I
      臺灣/台灣\tTáiwān\tTaiwan
      忘(了)\twàngle\t(Vpt) to forget
      故宮博物院 (故宮)\tGùgōng Bówùyuàn\tNational Palace Museum
      師大（師範大學）\t\u{00A0}Shīdà（Shīfàn Dàxué）\tNTNU
      企業管理系 （企管系）\tqìyè guǎnlǐ xì\tdepartment of business management
      哪裡,哪裡\tnǎlǐ nǎlǐ\tIt's my pleasure. Don't mention it.'
      KTV\t\tKaraoke
      2號線\tèr hào xiàn\tLine 2 (of Taipei MRT)
      //當代中文/Book 1/L02-I
      臺灣(=台灣)\tTáiwān\tTaiwan
      """)
    #expect(report.notes.isEmpty)
    let taiwan = try #require(Self.item(report, "臺灣"))
    #expect(taiwan.otherForms == ["台灣"])
    #expect(taiwan.written == "臺灣/台灣")
    #expect(taiwan.readings == [[PinyinSyllable("tai", 2), PinyinSyllable("wan", 1)]])
    let forget = try #require(Self.item(report, "忘了"))
    #expect(forget.otherForms == ["忘"])
    #expect(forget.written == "忘(了)")
    #expect(forget.readings == [[PinyinSyllable("wang", 4), PinyinSyllable("le", 5)], [PinyinSyllable("wang", 4)]])
    #expect(forget.partsOfSpeech == ["Vpt"])
    #expect(Self.item(report, "故宮博物院")?.otherForms == ["故宮"])
    #expect(Self.item(report, "故宮博物院")?.readings.first?.count == 5)
    #expect(Self.item(report, "師大")?.otherForms == ["師範大學"])
    #expect(Self.item(report, "師大")?.readings == [[PinyinSyllable("shi", 1), PinyinSyllable("da", 4)]])
    #expect(Self.item(report, "企業管理系")?.otherForms == ["企管系"])
    let pleasure = try #require(Self.item(report, "哪裡，哪裡"))
    #expect(pleasure.readings.first?.count == 4)
    #expect(pleasure.glosses["en"] == "It's my pleasure. Don't mention it.")
    let karaoke = try #require(Self.item(report, "KTV"))
    #expect(karaoke.readings.isEmpty)
    #expect(Self.item(report, "2號線")?.readings.first?.map(\.base) == ["er", "hao", "xian"])
    let again = report.sections.first { $0.lesson == 102 }?.items.first
    #expect(again?.hanzi == "臺灣")
    #expect(again?.otherForms == ["台灣"])
  }

  @Test("a pattern with a slot is kept as the characters it fixes, and says so")
  func patterns() throws {
    let report = try Self.report(
      """
      //當代中文/Book 1/L09-II
      女 + noun\tnǚ\tgirl-, female-
      number + 月\tyuè\tmonth of a year
      星期+number\txīngqí\tweek
      """)
    #expect(report.sections[0].items.map(\.hanzi) == ["女", "月", "星期"])
    #expect(report.sections[0].items.map(\.written) == ["女 + noun", "number + 月", "星期+number"])
    #expect(report.notes.map(\.code) == [.patternAsWord, .patternAsWord, .patternAsWord])
    #expect(report.notes.allSatisfy { !$0.code.skipsLine })
    #expect(report.skipped.isEmpty)
  }

  @Test("the same word twice in a lesson is one item with both senses, as the book lists them")
  func senses() throws {
    let report = try Self.report(
      """
      //當代中文/Book 1/L04-I
      好\thǎo\t(Vs) fine, well
      要\tyào\t(V) to want, to need
      好\thǎo\t(Ptc) OK
      //當代中文/Book 1/L04-II
      要\tyào\t(Vst) to take, to require
      要\tyào\t(Vst) to take, to require
      """)
    let good = try #require(Self.item(report, "好"))
    #expect(good.partsOfSpeech == ["Vs", "Ptc"])
    #expect(good.glosses["en"] == "fine, well; OK")
    let want = try #require(Self.item(report, "要"))
    #expect(want.partsOfSpeech == ["V", "Vst"])
    #expect(want.glosses["en"] == "to want, to need; to take, to require")
    #expect(report.words == 2)
    #expect(
      report.notes == [
        .init(line: 4, code: .senseMerged, lesson: 104, joins: 2),
        .init(line: 6, code: .senseMerged, lesson: 104, joins: 3),
        .init(line: 7, code: .duplicate, lesson: 104, joins: 3),
      ])
  }

  @Test("readings spaced, run together or with a spreadsheet's stray quote all fit their characters")
  func readings() throws {
    let report = try Self.report(
      """
      //當代中文/Book 1/L07-I
      大安\tDà'ān'\tDa-an
      十二月底\tshí'èryuè dǐ'\tthe end of December
      哪國\tnǎguó / něi guó\tWhich country?
      烏龍茶\tWūlóng chá\tOolong tea
      首爾\tShǒu'ěr'\tSeoul
      """)
    #expect(report.notes.isEmpty)
    #expect(Self.item(report, "大安")?.readings == [[PinyinSyllable("da", 4), PinyinSyllable("an", 1)]])
    #expect(Self.item(report, "十二月底")?.readings.first?.map(\.base) == ["shi", "er", "yue", "di"])
    #expect(Self.item(report, "哪國")?.readings.count == 2)
    #expect(Self.item(report, "烏龍茶")?.readings.first?.count == 3)
    #expect(Self.item(report, "首爾")?.readings == [[PinyinSyllable("shou", 3), PinyinSyllable("er", 3)]])
  }

  @Test("a line that cannot be read is left out and named with its number; the rest is imported")
  func problems() throws {
    let list = """
      你\tnǐ\tyou
      //當代中文/Book 1/L01-I
      好\thǎo\t(Adj) good
      //當代中文/L01
      學生\txuéshēng
      //當代中文/Book 1/L02-I
      學生\txuéshēng\t
      學生\txue\tstudent
      學生\tqqq\tstudent
      student?\txuéshēng\tstudent
      公共汽車（公車）\tgōnggòng\tbus
      老師\tlǎoshī\tteacher
      """
    let report = try Self.report(list)
    let expected: [VocabularyImport.Note] = [
      .init(line: 1, code: .itemBeforeHeader), .init(line: 4, code: .malformedHeader),
      .init(line: 5, code: .itemBeforeHeader), .init(line: 7, code: .missingGloss, lesson: 102),
      .init(line: 8, code: .readingDoesNotFit, lesson: 102), .init(line: 9, code: .unreadableReading, lesson: 102),
      .init(line: 10, code: .notChinese, lesson: 102), .init(line: 11, code: .readingDoesNotFit, lesson: 102),
    ]
    #expect(report.notes == expected)
    #expect(report.sections.map(\.lesson) == [101, 102])
    // "(Adj)" reads as a part of speech: the word is kept.
    #expect(Self.item(report, "好")?.partsOfSpeech == ["Adj"])
    #expect(report.words == 2)
  }

  @Test("a lesson Dangdai does not teach (Book 3 and on) is counted, not refused")
  func otherLessons() throws {
    let report = try Self.report(
      """
      //當代中文/Book 1/L01-I
      你\tnǐ\tyou
      //當代中文/Book 3/L01-I
      走\tzǒu\tto walk
      跑\tpǎo\tto run
      //當代中文/Book 3/L01-II
      """)
    #expect(report.words == 1)
    #expect(
      report.otherLessons == [
        .init(book: 3, lesson: 1, part: 1, line: 3, words: 2), .init(book: 3, lesson: 1, part: 2, line: 6, words: 0),
      ])
    #expect(report.notes.isEmpty)
  }

  @Test("a list with no word of a lesson Dangdai teaches is refused, with why")
  func empty() {
    #expect(VocabularyImport.read("//當代中文/Book 1/L02-I\n") == .failure(.init(code: .empty, notes: [])))
    #expect(VocabularyImport.read("") == .failure(.init(code: .empty, notes: [])))
    #expect(
      VocabularyImport.read("學生\txuéshēng\tstudent\n")
        == .failure(.init(code: .empty, notes: [.init(line: 1, code: .itemBeforeHeader)])))
    let huge = String(repeating: "a", count: VocabularyImport.maximumBytes + 1)
    #expect(VocabularyImport.read(huge) == .failure(.init(code: .tooLarge, notes: [])))
  }

  @Test("a table with a column per gloss language gives each language its gloss")
  func table() throws {
    let text =
      "\u{FEFF}課-序號,序號,生詞,漢拼,詞類,英譯,越譯,日譯,韓譯,冊\r\n"
      + "1-1,4,你,nǐ,N,you,bạn,あなた (anata),당신 / 너 (dangsin / neo),1\r\n"
      + "1-2,1,\"好,好\",\"hǎo hǎo\",Vs,\"fine, well\",tốt,よい,좋다,1\r\n"
      + "1-1,5,是 啊,shì a,,That’s right.,,そうです,,1\r\n"
      + ",,,,,,,,,\r\n"
      + "2-1,1,走,zǒu,Vi,to walk,,歩く,걷다,3\r\n"
    let report = try Self.report(text)
    #expect(report.sections.map(\.lesson) == [101, 101])
    #expect(report.sections.map(\.part) == [1, 2])
    let you = try #require(Self.item(report, "你"))
    #expect(you.glosses == ["en": "you", "ja": "あなた", "ko": "당신 / 너"])
    #expect(you.partsOfSpeech == ["N"])
    #expect(you.line == 2)
    let good = try #require(Self.item(report, "好，好"))
    #expect(good.glosses["en"] == "fine, well")
    #expect(Self.item(report, "是啊")?.glosses["ja"] == "そうです")
    #expect(report.otherLessons == [.init(book: 3, lesson: 2, part: 1, line: 6, words: 1)])
  }

  @Test("an imported gloss in the learner's language is the one they read; English stands in")
  func glossLanguages() throws {
    let report = try Self.report(
      "生詞,漢拼,英譯,日譯,課,冊\n你,nǐ,you,あなた,1-1,1\n我,wǒ,\"I, me\",,1-1,1\n")
    let course = CompanionLessons.course.replacingVocabulary(with: report.sections)
    let words = try #require(course.lesson(LessonID(rawValue: 101)!)?.vocabulary)
    #expect(words.map(\.hanzi) == ["你", "我"])
    #expect(words[0].meaning[.japanese] == "あなた")
    #expect(words[0].meaning[.korean] == "you")
    #expect(words[1].meaning[.japanese] == "I, me")
  }
}

@Suite("A list kept reads the same", .timeLimit(.minutes(5)))
struct ImportedListTests {
  @Test("encode then decode gives the same sections, every reading and gloss kept")
  func roundTrip() throws {
    let report = try VocabularyImportTests.report(
      """
      //當代中文/Book 2/L03-II
      這\tzhè / zhèi\t(Det) this
      謝謝\txièxie\tthanks
      忘(了)\twàngle\t(Vpt) to forget
      KTV\t\tKaraoke
      """)
    #expect(ImportedList.decode(ImportedList.encode(report.sections)) == report.sections)
  }

  @Test("a list kept as flash-card text, as lists once were, still reads")
  func older() {
    let sections = ImportedList.decode("//當代中文/Book 1/L01-I\n你\tni3\t(N) you\n")
    #expect(sections.map(\.items.count) == [1])
    #expect(ImportedList.decode("[not json").isEmpty)
  }
}

@Suite("An imported course makes sound quizzes", .timeLimit(.minutes(5)))
struct ImportedCourseTests {
  /// A list of every lesson's words written as the book's list writes them: CRLF, tone marks,
  /// alternatives apart by ` / `, two senses of one word, a pattern, Latin letters without a reading.
  static var bookLikeList: String {
    var lines: [String] = []
    for lesson in CompanionLessons.course.lessons {
      let half = lesson.vocabulary.count / 2
      for (part, words) in [("I", lesson.vocabulary.prefix(half)), ("II", lesson.vocabulary.dropFirst(half))] {
        lines.append(
          "//當代中文/Book \(lesson.id.book)/L\(lesson.id.number < 10 ? "0" : "")\(lesson.id.number)-\(part)\t\t")
        for item in words {
          let readings = item.readings.map(PinyinText.marked).joined(separator: " / ")
          lines.append("\(item.hanzi)\t\(readings)\t(\(item.partOfSpeech.rawValue)) \(item.meaning[.english])")
        }
      }
      lines.append("\(lesson.vocabulary[0].hanzi)\t\(lesson.vocabulary[0].pinyin)\t(Ptc) a second sense")
    }
    lines += ["//當代中文/Book 1/L07-I", "KTV\t\tKaraoke", "number + 月\tyuè\tmonth of a year"]
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  @Test("every quiz of every kind on a course made of a book-like list passes the validator")
  func everyQuiz() throws {
    let report = try VocabularyImport.read(Self.bookLikeList).get()
    #expect(report.skipped.isEmpty)
    #expect(report.used == report.lines)
    let course = CompanionLessons.course.replacingVocabulary(with: report.sections)
    #expect(course.lessons.allSatisfy { $0.isImported })
    for language in [Language.english, .japanese] {
      let generator = QuizGenerator(course: course, language: language)
      for lesson in course.lessons {
        for kind in [QuizKind.vocabulary, .test] {
          var random = SeededRandomNumberGenerator(seed: UInt64(lesson.id.rawValue))
          let quiz = generator.quiz(kind, lesson: lesson.id, using: &random) ?? []
          #expect(!quiz.isEmpty, "\(lesson.id) \(kind)")
          for question in quiz { #expect(generator.validator.problems(question).isEmpty, "\(lesson.id): \(question)") }
        }
      }
    }
  }
}
