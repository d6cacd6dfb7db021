import DangdaiCore
import Foundation
import OrchardDatabase
import OrchardKit
import Synchronization

/// The course quizzes are made from: the companion lessons with the operator's imported lists in
/// place, read again a minute after it was last read (so an import reaches a running server), and
/// for a learner with lists of their own, that course with theirs in place too.
final class CourseSource: Sendable {
  let store: DangdaiStore
  let clock: any WallClock
  private let cached: Mutex<(course: Course, at: Date)?> = Mutex(nil)
  /// Each learner's own lists (none for most), remembered until they change them.
  let lists: Cache<String, LearnerLists>
  /// The courses made for learners with lists, by account: remade when either part changes.
  private let made = Mutex<[String: (base: Date, lists: Date, course: Course)]>([:])
  static let freshness: TimeInterval = 60
  static let coursesKept = 2_000

  init(store: DangdaiStore, clock: any WallClock, lists: Cache<String, LearnerLists>) {
    self.store = store
    self.clock = clock
    self.lists = lists
  }

  func current() async throws -> Course { try await edition().course }

  /// The course for everyone, and when it was read (which tells one reading from the next).
  func edition() async throws -> (course: Course, at: Date) {
    let now = clock.now
    if let held = cached.withLock({ $0 }), now.timeIntervalSince(held.at) < Self.freshness { return held }
    var sections: [VocabularyImport.Section] = []
    for (_, list) in try await store.importedLists().sorted(by: { $0.key < $1.key }) {
      sections += ImportedList.decode(list)
    }
    // Without imports the companion course stands as it is (made once, when first used).
    let course =
      sections.isEmpty ? CompanionLessons.course : CompanionLessons.course.replacingVocabulary(with: sections)
    cached.withLock { $0 = (course, now) }
    return (course, now)
  }

  /// The course `account` learns from, and a version that changes whenever it does.
  func edition(for account: String) async throws -> (course: Course, version: String) {
    let base = try await edition()
    let lists = try await self.lists.fetch(account) { try await LearnerLists.read(account, store: store) }
    guard let importedAt = lists.importedAt, !lists.sections.isEmpty else {
      return (base.course, Self.version(base.at, nil))
    }
    if let known = made.withLock({ $0[account] }), known.base == base.at, known.lists == importedAt {
      return (known.course, Self.version(base.at, importedAt))
    }
    let course = base.course.replacingVocabulary(with: lists.sections)
    made.withLock { made in
      if made.count >= Self.coursesKept { made.removeAll(keepingCapacity: true) }
      made[account] = (base.at, importedAt, course)
    }
    return (course, Self.version(base.at, importedAt))
  }

  static func version(_ base: Date, _ lists: Date?) -> String {
    "\(base.timeIntervalSince1970)/\(lists?.timeIntervalSince1970 ?? 0)"
  }
}

/// A learner's own lists as kept: every section, the words of each lesson, and when the latest
/// came (nil without lists).
public struct LearnerLists: Sendable {
  let sections: [VocabularyImport.Section]
  let words: [LessonID: Int]
  let importedAt: Date?

  static func read(_ account: String, store: DangdaiStore) async throws -> LearnerLists {
    let kept = try await store.lists(of: account)
    var sections: [VocabularyImport.Section] = []
    var words: [LessonID: Int] = [:]
    for (lesson, list) in kept.sorted(by: { $0.key < $1.key }) {
      let read = ImportedList.decode(list.list)
      sections += read
      words[lesson] = read.map(\.items.count).reduce(0, +)
    }
    return LearnerLists(sections: sections, words: words, importedAt: kept.values.map(\.at).max())
  }
}
