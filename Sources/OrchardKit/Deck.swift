/// Deals items in shuffled order without repeats: every item once per cycle, then a new shuffle.
///
/// Built for "a verse a day" style features, where a user should see everything before anything
/// comes round again, and must never see the same item twice in a row — not even when one cycle
/// ends and the next begins (if a new shuffle would start with the item just dealt, that item is
/// swapped with a random other position). The only exception is a deck of one item, which can
/// only ever repeat it.
///
/// Items are told apart by an `ID`, and the persisted ``State`` is the shuffled order of IDs, so
/// a deck survives an app restart *and* a changed source collection; see ``restore(_:using:)``.
///
/// Dealing is deterministic for a given generator state: tests pass a
/// ``SeededRandomNumberGenerator``, production `SystemRandomNumberGenerator`. The shuffle is our
/// own Fisher–Yates rather than `Array.shuffle`, so a seeded sequence cannot change with a new
/// standard library.
public struct Deck<Element, ID: Hashable & Codable & Sendable> {
  // Internal, not private, only so that Deck+State.swift can save and restore them.
  let items: [Element]
  let ids: [ID]
  let indexByID: [ID: Int]
  /// This cycle's order, as indices into `items`.
  var order: [Int] = []
  /// How many of `order` have been dealt; a deal at `order.count` starts a new cycle.
  var position = 0
  var lastDealt: Int?

  /// Creates a deck of `items`, told apart by `id`; `nil` if `items` is empty.
  ///
  /// Items sharing an ID are one card: only the first of them is kept.
  public init?(_ items: some Collection<Element>, id: (Element) -> ID) {
    var kept: [Element] = []
    var ids: [ID] = []
    var indexByID: [ID: Int] = [:]
    for item in items {
      let itemID = id(item)
      guard indexByID[itemID] == nil else { continue }
      indexByID[itemID] = kept.count
      kept.append(item)
      ids.append(itemID)
    }
    guard !kept.isEmpty else { return nil }
    self.items = kept
    self.ids = ids
    self.indexByID = indexByID
  }

  /// Creates a deck whose IDs are the items' positions in `items`; `nil` if `items` is empty.
  ///
  /// Use it only for a source that changes by appending: inserting or removing an item shifts the
  /// positions after it, so a restored deck would mistake one item for another. Prefer
  /// ``init(_:id:)`` with a stable identifier.
  public init?(byPosition items: some Collection<Element>) where ID == Int {
    var nextPosition = 0
    self.init(
      items,
      id: { _ in
        defer { nextPosition += 1 }
        return nextPosition
      })
  }

  /// The number of distinct items in the deck, i.e. the length of one cycle.
  public var count: Int { items.count }

  /// Deals the next item, shuffling a new cycle first if the current one is used up.
  public mutating func deal<G: RandomNumberGenerator>(using generator: inout G) -> Element {
    if position >= order.count {
      startCycle(using: &generator)
    }
    let index = order[position]
    position += 1
    lastDealt = index
    return items[index]
  }

  /// Records that the item with `id` was dealt elsewhere — a device that read ahead offline from a
  /// preview of this deck — so dealing carries on after it: it counts as dealt in this cycle and
  /// the next deal will not repeat it. An item already dealt in this cycle means the preview had
  /// moved on to a new shuffle, so a new cycle starts with it. Returns false for an unknown id.
  @discardableResult
  public mutating func markDealt<G: RandomNumberGenerator>(_ id: ID, using generator: inout G) -> Bool {
    guard let index = indexByID[id] else { return false }
    if position >= order.count || !order[position...].contains(index) {
      startCycle(using: &generator)
    }
    guard let slot = order[position...].firstIndex(of: index) else { return false }
    order.swapAt(position, slot)
    position += 1
    lastDealt = index
    return true
  }

  private mutating func startCycle<G: RandomNumberGenerator>(using generator: inout G) {
    order = Array(items.indices)
    // Fisher–Yates: walk down from the end, swapping each slot with a uniformly chosen one at or
    // below it, which makes every permutation equally likely.
    for slot in order.indices.dropFirst().reversed() {
      order.swapAt(slot, Int(generator.next(upperBound: UInt(slot + 1))))
    }
    position = 0
    if count > 1, order[0] == lastDealt {
      order.swapAt(0, 1 + Int(generator.next(upperBound: UInt(count - 1))))
    }
  }
}

extension Deck: Sendable where Element: Sendable {}
