import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The optional language-model tier (the spec's "RAG + LLM"): what is asked of an
/// OpenAI-compatible chat model and how its answer is read. The retrieval set is the lesson
/// itself: its words, its grammar points with their explanations, and their example sentences,
/// so the model writes new sentences from words the learner has met. Whatever it returns is read
/// into ``Question``s and goes through ``QuestionValidator`` like any other; a question that fails
/// is dropped and the deterministic generator's stands in its place.
public enum GroundedQuestions {
  /// Part of the cache key of anything generated: a new prompt is a new version.
  public static let promptVersion = 1

  /// One message of a chat.
  public struct Message: Hashable, Sendable, Codable {
    public let role: String
    public let content: String
  }

  /// The JSON schema the model answers in (structured outputs, strict: every field required, no
  /// other field allowed).
  public static let schema = #"""
    {"type":"object","additionalProperties":false,"required":["items"],"properties":{"items":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["kind","grammar_point","sentence","options","answer","translation"],"properties":{"kind":{"type":"string","enum":["sentence_completion","correct_sentence"]},"grammar_point":{"type":"string"},"sentence":{"type":"string"},"options":{"type":"array","items":{"type":"string"}},"answer":{"type":"integer"},"translation":{"type":"string"}}}}}}
    """#

  /// The messages asking for `count` grammar questions on `lesson`, grounded on it, with
  /// translations in `language`.
  public static func messages(for lesson: Lesson, course: Course, count: Int, language: Language) -> [Message] {
    let known = course.knownWords(through: lesson.id).sorted()
    var context = "Lesson \(lesson.id): \(lesson.chineseTitle) (\(lesson.englishTitle))\n\nGrammar points:\n"
    for point in lesson.grammar {
      context += "- id \(point.id): \(point.pattern). \(point.explanation[.english])\n"
      for example in point.examples.prefix(3) {
        context += "  example: \(example.text) (\(example.translation[.english]))\n"
      }
    }
    context += "\nWords the learner knows (use no others): \(known.joined(separator: " "))\n"
    let system = """
      You write grammar questions for a learner of Mandarin as taught in Taiwan, in traditional \
      characters. Use only the words listed as known, and only the lesson's grammar points. Each \
      question has exactly one correct option and three options that are clearly wrong. For \
      sentence_completion, `sentence` holds the sentence with ＿＿ where the missing word goes, and \
      the options are single words. For correct_sentence, `sentence` is empty and the options are \
      four whole sentences of which exactly one is grammatical. `answer` is the index of the \
      correct option. `translation` translates the correct sentence into the language `\(language.rawValue)`. \
      Never translate or change the Chinese.
      """
    let user = context + "\nWrite \(count) questions, spread over the grammar points, as JSON in the given schema."
    return [Message(role: "system", content: system), Message(role: "user", content: user)]
  }

  /// The questions in the model's `content`, or nil when it is not the schema's JSON. Each names
  /// one of `lesson`'s grammar points; one that names another is kept out.
  public static func questions(from content: String, lesson: Lesson, horizon: LessonID) -> [Question]? {
    guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(content.utf8)) else { return nil }
    let points = Set(lesson.grammar.map(\.id))
    return answer.items.compactMap { item in
      guard points.contains(item.grammar_point) else { return nil }
      let subject = Question.Subject.grammar(lesson.id, item.grammar_point)
      switch item.kind {
      case "sentence_completion":
        return Question(
          kind: .sentenceCompletion, lesson: horizon, subject: subject, chinese: item.sentence,
          meaning: item.translation, options: item.options, key: .choice(item.answer))
      case "correct_sentence":
        return Question(
          kind: .correctSentence, lesson: horizon, subject: subject, meaning: item.translation, options: item.options,
          key: .choice(item.answer))
      default:
        return nil
      }
    }
  }

  private struct Answer: Decodable {
    struct Item: Decodable {
      let kind: String
      let grammar_point: String
      let sentence: String
      let options: [String]
      let answer: Int
      let translation: String
    }

    let items: [Item]
  }
}
