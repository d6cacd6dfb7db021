import WalkWorthyCore

/// The small local list Next and Previous cycle through on the home screen: the encouragement the
/// mock API sends first (so Home opens on the spec's mock verse), then entries written for the
/// moments of today's Canvas (an exam, a deadline), or for an ordinary day when nothing is due.
enum TodayList {
  static let size = 7

  static func entries(
    from library: EncouragementLibrary, leadingID: String?, canvas: TodayCanvas?
  ) -> [Encouragement] {
    var moments: Set<Moment> = []
    if let canvas {
      if !canvas.examsToday.isEmpty { moments.insert(.exam) }
      if !canvas.assignmentsToday.isEmpty { moments.insert(.deadline) }
    }
    if moments.isEmpty { moments = [.everyday, .heavyDay] }
    let leading = leadingID.flatMap(library.encouragement(payloadID:)).map { [$0] } ?? []
    let fitting = library.entries.filter { entry in
      entry.id != leading.first?.id && entry.moments.contains(where: moments.contains)
    }
    return Array((leading + fitting).prefix(size))
  }
}
