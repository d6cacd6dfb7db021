extension Deck {
  /// Everything a deck needs to continue where it left off, in a form that outlives the source.
  ///
  /// Stores IDs rather than items so it is small, `Codable`, and still meaningful after the
  /// source collection has gained or lost items.
  public struct State: Codable, Sendable, Equatable {
    /// The current cycle's shuffled order.
    public let order: [ID]
    /// How many items of `order` have been dealt in this cycle.
    public let position: Int
    /// The most recently dealt item, which the next deal must not repeat.
    public let lastDealt: ID?
  }

  /// The deck's progress, to persist and later hand to ``restore(_:using:)``.
  public var state: State {
    State(order: order.map { ids[$0] }, position: position, lastDealt: lastDealt.map { ids[$0] })
  }

  /// Continues from a saved state, reconciling it with this deck's (possibly changed) items.
  ///
  /// What a returning user expects, rule by rule:
  /// - Nothing changed: dealing continues exactly as if the app had never closed (and no
  ///   randomness is consumed here).
  /// - Items removed from the source are dropped from the saved order.
  /// - Items dealt earlier in this cycle stay dealt; the last dealt item always counts as dealt,
  ///   so it cannot come next.
  /// - Items new to the source join the rest of the current cycle at random positions, so they
  ///   show up before anything repeats.
  /// - A saved state with a nonsense position or duplicate IDs is read as far as it makes sense.
  public mutating func restore<G: RandomNumberGenerator>(_ saved: State, using generator: inout G) {
    let cut = min(max(saved.position, 0), saved.order.count)
    var placed = Set<Int>()
    var dealt = knownUnplaced(saved.order[..<cut], placed: &placed)
    let last = saved.lastDealt.flatMap { indexByID[$0] }
    if let last, placed.insert(last).inserted {
      dealt.append(last)
    }
    var remaining = knownUnplaced(saved.order[cut...], placed: &placed)
    // With no cycle under way (a deck that never dealt), the first deal shuffles everything anyway.
    let cycleUnderWay = !dealt.isEmpty || !remaining.isEmpty
    for index in items.indices where cycleUnderWay && !placed.contains(index) {
      remaining.insert(index, at: Int(generator.next(upperBound: UInt(remaining.count + 1))))
    }
    order = dealt + remaining
    position = dealt.count
    lastDealt = last
  }

  /// The indices of `savedIDs` that are still in the deck and not yet placed, in saved order.
  private func knownUnplaced(_ savedIDs: ArraySlice<ID>, placed: inout Set<Int>) -> [Int] {
    savedIDs.compactMap { indexByID[$0] }.filter { placed.insert($0).inserted }
  }
}
