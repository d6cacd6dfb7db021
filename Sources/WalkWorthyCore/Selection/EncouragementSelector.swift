import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Chooses the next encouragement for a device.
///
/// The day's ``DaySignals`` name the moment (exam, deadline, heavy day, everyday). While the
/// device's current encouragement was chosen for that same moment and has not expired, it stays.
/// Otherwise a new one is drawn from the entries written for the moment: one not yet offered in
/// that moment's cycle, never the one handed out just before. When every entry of the moment has
/// been offered, its cycle starts again.
///
/// Personal data enters only through ``signals(personalized:canvas:now:timeZone:)``: without the
/// student's opt-in the day is an everyday one whatever their calendar says. The profile's own
/// fields (age, major, gender, hobbies) choose nothing: the library's tags speak to what a day
/// needs (courage, rest, focus…), not to who a student is, and we will not pretend a hobby maps
/// onto one.
public struct EncouragementSelector: Sendable {
  public let library: EncouragementLibrary
  private let pools: [Moment: [Encouragement]]

  /// - Precondition: `library` has at least one entry for every moment.
  public init(library: EncouragementLibrary) {
    self.library = library
    pools = Dictionary(
      uniqueKeysWithValues: Moment.allCases.map { moment in
        (moment, library.entries.filter { $0.moments.contains(moment) })
      }
    )
    precondition(pools.values.allSatisfy { !$0.isEmpty }, "every moment needs at least one encouragement")
  }

  /// The entries written for `moment`, in library order.
  public func entries(for moment: Moment) -> [Encouragement] { pools[moment] ?? [] }

  /// The signals to choose by: the canvas's only when the student opted in and a canvas (linked or
  /// fake) is there, otherwise an everyday day that knows nothing about them.
  public static func signals(
    personalized: Bool, canvas: TodayCanvas?, now: Date, timeZone: TimeZone
  ) -> DaySignals {
    guard personalized, let canvas else { return .everyday(now: now, timeZone: timeZone) }
    return DaySignals(canvas: canvas, now: now, timeZone: timeZone)
  }

  /// The encouragement for now, the state to keep, and whether it is new to the device.
  public func next<G: RandomNumberGenerator>(
    after state: SelectionState, signals: DaySignals, now: Date, using generator: inout G
  ) -> Selection {
    let moment = signals.moment
    if let current = state.current, current.holds(at: now, for: moment),
      let entry = library.encouragement(id: current.id)
    {
      return Selection(entry: entry, state: state, isNew: false)
    }
    let pool = entries(for: moment)
    let last = state.current?.id
    var offered = state.offered
    var fresh = pool.filter { !offered.contains($0.id) && $0.id != last }
    if fresh.isEmpty {
      // The moment's cycle is used up: forget its offers and start again, still skipping the last.
      let poolIDs = Set(pool.map(\.id))
      offered.removeAll { poolIDs.contains($0) }
      fresh = pool.count > 1 ? pool.filter { $0.id != last } : pool
    }
    let entry = fresh[Int(generator.next(upperBound: UInt(fresh.count)))]
    offered.append(entry.id)
    let serial = state.handedOut + 1
    let current = CurrentEncouragement(id: entry.id, moment: moment, expiresAt: signals.expiry, serial: serial)
    return Selection(
      entry: entry, state: SelectionState(offered: offered, current: current, handedOut: serial), isNew: true)
  }
}

/// One answer of ``EncouragementSelector``.
public struct Selection: Sendable, Equatable {
  public let entry: Encouragement
  public let state: SelectionState
  /// True when the entry was just chosen: the device has not been handed it before.
  public let isNew: Bool

  /// The entry as the API sends it, in `translation`, expiring when the state says.
  public func payload(in translation: Translation) -> EncouragementPayload {
    let card = VerseCard(entry, in: translation)
    return EncouragementPayload(
      id: state.current?.payloadID ?? card.id, ref: card.ref, text: card.text, encouragement: card.encouragement,
      translation: card.label,
      expiresAt: state.current.map { WireTimestamp.format($0.expiresAt, precision: .seconds) })
  }
}
