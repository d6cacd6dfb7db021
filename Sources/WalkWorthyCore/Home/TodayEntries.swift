extension HomeFeed {
  /// How many entries Home's local list holds.
  public static let listSize = 7

  /// The small local list Next and Previous cycle through: the encouragement the API sends first
  /// (so Home opens on the spec's mock verse), then entries written for the moments of today's
  /// Canvas (an exam, a deadline, both when both are due), or for an ordinary or heavy day when
  /// nothing is; at most ``listSize``.
  ///
  /// This is the list's own choice of moments (everything due today), not ``DaySignals/moment``,
  /// which picks the single most pressing moment, looking ahead, for one notification.
  public static func todayEntries(
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
    return Array((leading + fitting).prefix(listSize))
  }
}
