import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The spec's fake Canvas (`USE_FAKE_CANVAS=true`), moved onto the student's today.
///
/// ``MockData/todayCanvas`` describes one fixed day, 2026-11-17. Served as is, it would be a past
/// day by the time anyone asks, and no deadline in it could ever be "within 24 hours". So every
/// time in it moves by the same whole number of days: the number from 2026-11-17 to `now`'s local
/// day. Titles, points and times of day (in UTC) stay exactly as the mock file has them.
public enum FakeCanvas {
  /// The day the mock file describes.
  public static let mockDay = LocalDay(year: 2026, month: 11, day: 17)!

  /// The mock as decoded, once.
  public static let mock: TodayCanvas = {
    do {
      return try JSONDecoder().decode(TodayCanvas.self, from: Data(MockData.todayCanvas.utf8))
    } catch {
      // MockDataTests decode the same text, so this cannot ship broken.
      preconditionFailure("the mock canvas does not decode: \(error)")
    }
  }()

  /// The mock day as if it were `now`'s local day in `timeZone`.
  public static func today(now: Date, timeZone: TimeZone) -> TodayCanvas {
    let days = LocalDay(containing: now, in: timeZone).days(from: mockDay)
    let shift = TimeInterval(days * 86_400)
    return TodayCanvas(
      assignmentsToday: mock.assignmentsToday.map { assignment in
        Assignment(title: assignment.title, due_at: moved(assignment.due_at, by: shift), points: assignment.points)
      },
      examsToday: mock.examsToday.map { Exam(title: $0.title, when: moved($0.when, by: shift)) })
  }

  private static func moved(_ text: String, by shift: TimeInterval) -> String {
    guard let date = WireTimestamp.parse(text) else { return text }
    return WireTimestamp.format(date.addingTimeInterval(shift), precision: .seconds)
  }
}
