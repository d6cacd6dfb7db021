import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every lesson the app teaches, with the words an example may use beyond them.
public struct Course: Sendable {
  /// The lessons in the book's order.
  public let lessons: [Lesson]
  /// Grammatical words a sentence may use before a lesson teaches them.
  public let functionWords: Set<String>
  /// The people's names sentences use.
  public let names: Set<String>
  /// Where Taiwan's reading is shown instead of CC-CEDICT's, and why.
  public let taiwanReadings: [TaiwanReading]
  private let index: [LessonID: Int]
  /// What a learner has met by the end of each lesson.
  private let horizons: [LessonID: Vocabulary]
  /// The first lesson teaching each word.
  private let teachers: [String: LessonID]

  public init(lessons: [Lesson], functionWords: Set<String>, names: Set<String>, taiwanReadings: [TaiwanReading] = []) {
    self.lessons = lessons.sorted { $0.id < $1.id }
    self.functionWords = functionWords
    self.names = names
    self.taiwanReadings = taiwanReadings
    self.index = Dictionary(uniqueKeysWithValues: self.lessons.enumerated().map { ($1.id, $0) })
    self.horizons = Vocabulary.horizons(of: self.lessons, functionWords: functionWords, names: names)
    var teachers: [String: LessonID] = [:]
    for lesson in self.lessons {
      for item in lesson.vocabulary where teachers[item.hanzi] == nil { teachers[item.hanzi] = lesson.id }
    }
    self.teachers = teachers
  }

  /// What a learner has met by the end of lesson `id` (nothing but the function words and names
  /// before the course's first lesson).
  func vocabulary(through id: LessonID) -> Vocabulary {
    if let horizon = horizons[id] { return horizon }
    let before = lessons.last { $0.id < id }.flatMap { horizons[$0.id] }
    return before
      ?? Vocabulary(
        lesson: id, items: [:], words: functionWords.union(names),
        longest: functionWords.union(names).map(\.count).max() ?? 1,
        examples: [], points: [])
  }

  public func lesson(_ id: LessonID) -> Lesson? { index[id].map { lessons[$0] } }

  /// Every correct order of `example`'s words: as written, the others it lists, and those the
  /// grammar allows besides (``WordOrders``).
  public func orders(of example: ExampleSentence) -> [[String]] {
    var orders = [example.tokens] + example.otherOrders
    for order in WordOrders.alternatives(example.tokens, names: names) where !orders.contains(order) {
      orders.append(order)
    }
    return orders
  }

  /// The first lesson whose words include `hanzi`.
  public func lesson(teaching hanzi: String) -> LessonID? { teachers[hanzi] }

  /// `id` and every lesson before it.
  public func lessons(through id: LessonID) -> ArraySlice<Lesson> {
    lessons.prefix { $0.id <= id }
  }

  /// Every word a learner has met by the end of lesson `id`: its words and every earlier
  /// lesson's, the function words and the names.
  public func knownWords(through id: LessonID) -> Set<String> { vocabulary(through: id).words }

  /// The course with the words of each imported section's lesson replaced by the learner's own
  /// (both parts of a lesson together), glossed in each language the list has; grammar stays ours.
  public func replacingVocabulary(with sections: [VocabularyImport.Section]) -> Course {
    var imported: [LessonID: [VocabularyItem]] = [:]
    for section in sections {
      guard let id = LessonID(rawValue: section.lesson) else { continue }
      imported[id, default: []].append(
        contentsOf: section.items.compactMap { item in
          // The companion course knows how else its characters are read; a list does not say.
          let known = teachers[item.hanzi].flatMap { lesson($0)?.vocabulary.first { $0.hanzi == item.hanzi } }
          return VocabularyItem(imported: item, otherReadings: (known?.readings ?? []) + (known?.otherReadings ?? []))
        })
    }
    let lessons = lessons.map { lesson in
      guard let words = imported[lesson.id] else { return lesson }
      var replaced = lesson
      replaced.vocabulary = words
      replaced.isImported = true
      // The grammar's sentences are ours, written with the companion words: they stay known.
      replaced.sentenceWords.formUnion(words.map(\.hanzi))
      return replaced
    }
    return Course(lessons: lessons, functionWords: functionWords, names: names, taiwanReadings: taiwanReadings)
  }
}

extension VocabularyItem {
  /// A word of a learner's list: its glosses in each language the list gives (English, or the
  /// first it has, standing in for the others), and the other readings its characters have.
  init?(imported item: VocabularyImport.Item, otherReadings: [[PinyinSyllable]] = []) {
    var texts: [Language: String] = [:]
    for (code, gloss) in item.glosses where !gloss.isEmpty { texts[Language(rawValue: code)] = gloss }
    guard let english = texts[.english] ?? item.glosses.sorted(by: { $0.key < $1.key }).first?.value else { return nil }
    texts[.english] = english
    self.init(
      hanzi: item.hanzi, otherForms: item.otherForms, partOfSpeech: PartOfSpeech(rawValue: item.partOfSpeech ?? "N"),
      readings: item.readings, otherReadings: otherReadings, meaning: LocalizedText(texts))
  }
}

/// Where the reading shown is not simply CC-CEDICT's, and why: a reading Taiwan says differently,
/// or CC-CEDICT's own "Taiwan pr." note declined where the book and the MOE print its first reading.
public struct TaiwanReading: Hashable, Sendable, Codable {
  public let hanzi: String
  /// CC-CEDICT's reading, in its numbered form (`xue2 sheng5`).
  public let cedict: String
  /// Taiwan's, the same way (`xue2 sheng1`).
  public let taiwan: String
  public let reason: String
}

/// Our companion lessons, as `scripts/build-dangdai-content` writes them into ``source``.
public enum CompanionLessons {
  /// A course from the builder's JSON.
  public static func decode(_ json: String) throws -> Course {
    let document = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
    let lessons = try document.lessons.map { lesson in
      guard let id = LessonID(rawValue: lesson.id) else { throw Malformed.lesson(lesson.id) }
      return Lesson(
        id: id, chineseTitle: lesson.title["zh"] ?? "", title: try text(lesson.title.filter { $0.key != "zh" }),
        vocabulary: try lesson.vocabulary.map { item in
          let readings = try item.readings.map { try syllables($0, of: item.hanzi) }
          let citations = try item.citation.map { try syllables($0, of: item.hanzi) }
          return VocabularyItem(
            hanzi: item.hanzi, partOfSpeech: PartOfSpeech(rawValue: item.pos), readings: readings,
            citations: citations,
            otherReadings: try (item.otherReadings ?? []).map { try syllables($0, of: item.hanzi) },
            meaning: try text(item.meaning))
        },
        grammar: try lesson.grammar.map { point in
          GrammarPoint(
            id: point.id, pattern: point.pattern, title: try text(point.title),
            explanation: try text(point.explanation),
            examples: try point.examples.map { example in
              guard example.tokens.indices.contains(example.focus) else { throw Malformed.example(example.tokens) }
              return ExampleSentence(
                tokens: example.tokens, focus: example.focus, wrong: example.wrong, otherOrders: example.orders,
                translation: try text(example.translation))
            })
        })
    }
    return Course(
      lessons: lessons, functionWords: Set(document.functionWords), names: Set(document.names),
      taiwanReadings: document.taiwanReadings)
  }

  enum Malformed: Error {
    case lesson(Int)
    case reading(String, String)
    case text([String: String])
    case example([String])
  }

  private static func syllables(_ reading: String, of hanzi: String) throws -> [PinyinSyllable] {
    guard let syllables = PinyinSyllable.numbered(reading) else { throw Malformed.reading(hanzi, reading) }
    return syllables
  }

  private static func text(_ texts: [String: String]) throws -> LocalizedText {
    guard texts["en"]?.isEmpty == false else { throw Malformed.text(texts) }
    return LocalizedText(
      Dictionary(
        uniqueKeysWithValues: texts.filter { !$0.value.isEmpty }.map { (Language(rawValue: $0.key), $0.value) }))
  }

  private struct Document: Decodable {
    let lessons: [LessonEntry]
    let functionWords: [String]
    let names: [String]
    let taiwanReadings: [TaiwanReading]
  }

  private struct LessonEntry: Decodable {
    let id: Int
    let title: [String: String]
    let vocabulary: [ItemEntry]
    let grammar: [PointEntry]
  }

  private struct ItemEntry: Decodable {
    let hanzi: String
    let pos: String
    let readings: [String]
    let citation: [String]
    let otherReadings: [String]?
    let meaning: [String: String]
  }

  private struct PointEntry: Decodable {
    let id: String
    let pattern: String
    let title: [String: String]
    let explanation: [String: String]
    let examples: [ExampleEntry]
  }

  private struct ExampleEntry: Decodable {
    let tokens: [String]
    let focus: Int
    let wrong: [String]
    let orders: [[String]]
    let translation: [String: String]
  }
}

extension CompanionLessons {
  /// The course the app ships.
  public static let course: Course = {
    do {
      return try decode(source)
    } catch {
      preconditionFailure("the bundled lessons are checked when they are built: \(error)")
    }
  }()
}
