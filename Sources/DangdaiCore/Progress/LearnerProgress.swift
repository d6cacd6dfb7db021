import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book's progress: each chapter's, the book's completion (the mean of its chapters', rounded
/// down) and how many chapters are mastered.
public struct BookProgress: Hashable, Sendable {
  public let book: Int
  public let chapters: [ChapterEntry]

  public struct ChapterEntry: Hashable, Sendable {
    public let lesson: LessonID
    public let progress: ChapterProgress
    /// The best score in percent of each kind of quiz taken.
    public let best: [QuizKind: Int]

    /// A chapter's entry from the best percent of each kind of quiz on it.
    public init(lesson: LessonID, best: [QuizKind: Int]) {
      self.lesson = lesson
      self.progress = ChapterProgress(percents: best)
      self.best = best
    }
  }

  public var completion: Int {
    chapters.isEmpty ? 0 : chapters.map(\.progress.completion).reduce(0, +) / chapters.count
  }

  public var mastered: Int { chapters.filter { $0.progress.status == .mastered }.count }

  /// Every book's progress from the best percent of each kind of quiz on each lesson.
  public static func books(best: [LessonID: [QuizKind: Int]]) -> [BookProgress] {
    LessonID.books.map { book in
      BookProgress(
        book: book,
        chapters: LessonID.all.filter { $0.book == book }.map { lesson in
          ChapterEntry(lesson: lesson, best: best[lesson] ?? [:])
        })
    }
  }
}

extension ChapterProgress {
  /// Progress from the best score in percent of each kind (a percent is a score out of 100).
  public init(percents: [QuizKind: Int]) {
    self.init(scores: percents.map { ($0.key, QuizScore(correct: min(100, max(0, $0.value)), total: 100)) })
  }
}

/// Quizzes finished each day, in the learner's time zone, for a calendar of weeks and months.
public enum ActivityCalendar {
  /// The longest range asked for at once.
  public static let maximumDays = 400
  /// The range shown by default: 53 weeks ending today.
  public static let defaultDays = 53 * 7

  /// The dashboard's strip: this week, the seven days ending today.
  public static let recentDays = 7

  /// Quizzes finished on each day, for quizzes finished at `instants`.
  public static func counts(_ instants: some Sequence<Date>, in timeZone: TimeZone) -> [LocalDay: Int] {
    var counts: [LocalDay: Int] = [:]
    for instant in instants { counts[LocalDay(containing: instant, in: timeZone), default: 0] += 1 }
    return counts
  }

  /// The ``recentDays`` ending `today`, with the quizzes finished in each.
  public static func recent(_ counts: [LocalDay: Int], today: LocalDay) -> [(day: LocalDay, quizzes: Int)] {
    days(counts, from: today.adding(days: -(recentDays - 1)), to: today)
  }

  /// Each day of `from`…`to` (both included, oldest first) with its count in `counts`.
  public static func days(_ counts: [LocalDay: Int], from: LocalDay, to: LocalDay) -> [(day: LocalDay, quizzes: Int)] {
    let length = to.days(from: from)
    guard length >= 0 else { return [] }
    return (0...length).map { offset in
      let day = from.adding(days: offset)
      return (day, counts[day] ?? 0)
    }
  }

  /// The calendar's two views: a week (seven days) or a calendar month.
  public enum View: String, Sendable, CaseIterable {
    case week, month
  }

  /// The days one view of the calendar shows, and where its neighbours are.
  public struct Page: Hashable, Sendable {
    public let from: LocalDay
    public let to: LocalDay
    /// A day of the page before.
    public let earlier: LocalDay
    /// A day of the page after; nil when this page reaches today.
    public let later: LocalDay?

  }

  /// Empty cells before a page's first day: a month's weeks line up in Monday-first columns, and
  /// a week's page starts on its own first day.
  public static func leadingBlanks(_ view: View, _ page: Page) -> Int {
    view == .month ? weekdayIndex(page.from) : 0
  }

  /// Where `day` falls in a week that starts on Monday (0–6).
  public static func weekdayIndex(_ day: LocalDay) -> Int {
    ((day.days(from: aMonday) % 7) + 7) % 7
  }

  /// A week of days, Monday first, whose names head a month's columns.
  public static let columnHeads: [LocalDay] = (0..<7).map { aMonday.adding(days: $0) }

  /// 1 January 2024 was a Monday.
  private static let aMonday = LocalDay(year: 2024, month: 1, day: 1)!

  /// How strongly a day is coloured: 0 for none, then one step a quiz up to ``levels``.
  public static let levels = 3
  public static func level(_ quizzes: Int) -> Int { min(max(quizzes, 0), levels) }

  /// The week ending on `day` (today when nil), or the month holding it; never past today.
  public static func page(_ view: View, at day: LocalDay?, today: LocalDay) -> Page {
    let day = min(day ?? today, today)
    switch view {
    case .week:
      return Page(
        from: day.adding(days: -(recentDays - 1)), to: day, earlier: day.adding(days: -recentDays),
        later: day < today ? min(day.adding(days: recentDays), today) : nil)
    case .month:
      let first = LocalDay(year: day.year, month: day.month, day: 1)!
      let next = LocalDay(year: day.month == 12 ? day.year + 1 : day.year, month: day.month % 12 + 1, day: 1)!
      return Page(
        from: first, to: min(next.adding(days: -1), today), earlier: first.adding(days: -1),
        later: next <= today ? next : nil)
    }
  }

  /// The range to show: `from`…`to` as asked, the default ending today, or nil when it runs
  /// backwards or is longer than ``maximumDays``.
  public static func range(from: LocalDay?, to: LocalDay?, today: LocalDay) -> (from: LocalDay, to: LocalDay)? {
    let end = to ?? (from.map { $0.adding(days: defaultDays - 1) } ?? today)
    let start = from ?? end.adding(days: -(defaultDays - 1))
    let length = end.days(from: start) + 1
    guard length >= 1, length <= maximumDays else { return nil }
    return (start, end)
  }
}

/// Where the dashboard suggests continuing: an unfinished quiz at its next question, else the first
/// chapter not yet mastered (the last chapter once every one is).
public enum ContinuePoint: Hashable, Sendable {
  case resume(quiz: String, kind: QuizKind, lesson: LessonID?, question: Int)
  /// A new quiz of `kind` on the lesson: straight into it, one tap (the spec's story 8.3).
  case start(LessonID, QuizKind)

  public static func choose(
    unfinished: (quiz: String, kind: QuizKind, lesson: LessonID?, next: Int)?, books: [BookProgress]
  ) -> ContinuePoint {
    if let unfinished {
      return .resume(quiz: unfinished.quiz, kind: unfinished.kind, lesson: unfinished.lesson, question: unfinished.next)
    }
    let chapters = books.flatMap(\.chapters)
    guard let next = chapters.first(where: { $0.progress.status != .mastered }) ?? chapters.last else {
      return .start(LessonID.all[0], .vocabulary)
    }
    // The chapter's first quiz not yet taken, then its test; a mastered course practises words.
    let kind =
      next.progress.status == .mastered
      ? .vocabulary : QuizKind.ofAChapter.first { next.best[$0] == nil } ?? .test
    return .start(next.lesson, kind)
  }
}

/// The spaced-repetition queue: a word answered wrong enters it; each later answer to it is a
/// review (research §D: wrong → Again, right → Good; a multiple-choice guess never earns Easy).
public enum ReviewSchedule {
  /// The word's card after an answer, or nil when it stays out of the queue (right, and never
  /// wrong before).
  public static func next(_ card: ReviewCard?, correct: Bool, at now: Date, fsrs: FSRS = FSRS()) -> ReviewCard? {
    guard card != nil || !correct else { return nil }
    return fsrs.review(card ?? .new(at: now), correct ? .good : .again, at: now)
  }
}
