import DangdaiCore
import Foundation
import OrchardKit

/// A learner's own word lists for the book's lessons (`orchard dangdai import FILE`): read whole
/// or not at all, each lesson's list then replacing that lesson's companion words in quizzes on
/// every server sharing the database (within ``CourseSource/freshness``).
public enum DangdaiImport {
  /// What an import stored: the words of each lesson it replaced.
  public struct Summary: Sendable, Equatable {
    public let words: [LessonID: Int]
  }

  /// Reads `text` and, when every line is sound, stores each of its lessons' lists in one
  /// transaction; otherwise stores nothing and returns every problem.
  public static func run(
    _ text: String, store: DangdaiStore, at now: Date
  ) async throws
    -> Result<Summary, VocabularyImport.Refusal>
  {
    let sections: [VocabularyImport.Section]
    switch VocabularyImport.parse(text) {
    case .success(let read): sections = read
    case .failure(let refusal): return .failure(refusal)
    }
    let byLesson = Dictionary(
      grouping: sections.compactMap { section in
        LessonID(rawValue: section.lesson).map { ($0, section) }
      }
    ) { $0.0 }
    var lists: [LessonID: String] = [:]
    var words: [LessonID: Int] = [:]
    for (lesson, entries) in byLesson {
      let lessonSections = entries.map(\.1)
      lists[lesson] = VocabularyImport.format(lessonSections)
      words[lesson] = lessonSections.map(\.items.count).reduce(0, +)
    }
    try await store.saveImported(lists, at: now)
    return .success(Summary(words: words))
  }
}
