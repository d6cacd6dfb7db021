import DangdaiCore
import Foundation
import OrchardKit

/// The operator's import of the book's word lists for every learner (`orchard dangdai import
/// FILE`): each lesson's words then replace that lesson's companion words in quizzes on every
/// server sharing the database (within ``CourseSource/freshness``). A learner's own list, from
/// the web, goes over it for that learner alone (``DangdaiService/confirmImport(_:for:)``).
public enum DangdaiImport {
  /// Reads `text` line by line and stores the words of every lesson it has in one transaction,
  /// returning what was read and every line left out; a list with no word is refused whole.
  public static func run(
    _ text: String, store: DangdaiStore, at now: Date
  ) async throws
    -> Result<VocabularyImport.Report, VocabularyImport.Refusal>
  {
    let report: VocabularyImport.Report
    switch VocabularyImport.read(text) {
    case .success(let read): report = read
    case .failure(let refusal): return .failure(refusal)
    }
    try await store.saveImported(lists(report.sections), at: now)
    return .success(report)
  }

  /// Each lesson's sections as they are kept.
  static func lists(_ sections: [VocabularyImport.Section]) -> [LessonID: String] {
    let byLesson = Dictionary(grouping: sections.filter { !$0.items.isEmpty }) { $0.lesson }
    return Dictionary(
      uniqueKeysWithValues: byLesson.compactMap { lesson, sections in
        LessonID(rawValue: lesson).map { ($0, ImportedList.encode(sections)) }
      })
  }
}
