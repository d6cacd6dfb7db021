import OrchardKit

/// How much of each category a person wants: a chosen category comes up three times as often as
/// one they did not choose, and choosing none (or all) means an even mix. Nothing is ever shut
/// out entirely, so the pause keeps some variety (Story 4.3: "mixed content streams").
public struct CategoryPreferences: Codable, Sendable, Hashable {
  public static let chosenWeight = 3
  public static let otherWeight = 1

  /// How chosen themes weigh in the rotation, in words filled from the weights.
  public static var rule: Message<MIGAText> { Message(.rotationRule, ["times": chosenWeight / otherWeight]) }

  public private(set) var chosen: Set<ContentCategory>

  public init(_ chosen: Set<ContentCategory> = []) { self.chosen = chosen }

  /// The relative weight of a category.
  public func weight(of category: ContentCategory) -> Int {
    chosen.isEmpty || chosen.contains(category) ? Self.chosenWeight : Self.otherWeight
  }
}

/// Picks the content for each pause: weighted by category preference, and never the same item
/// again until every item has been shown (then a new round begins, never with the item just shown).
///
/// Each pick first draws a category, with probability proportional to its weight among the
/// categories that still have unshown items, then an unshown item of that category uniformly.
/// Only ids are stored, so the state survives a library that gains or retires items.
public struct ContentRotation: Codable, Sendable, Equatable {
  /// Items shown in the current round.
  public private(set) var shownThisRound: Set<String> = []
  /// Every item ever shown, to tell a first read from a reread.
  public private(set) var everShown: Set<String> = []
  /// The item on screen last, which the next pick never repeats.
  public private(set) var last: String?
  /// Completed rounds.
  public private(set) var rounds = 0

  public init() {}

  /// A pick: the item and whether the person has seen it before.
  public struct Pick: Sendable, Equatable {
    public let item: ContentItem
    public let isReread: Bool
  }

  /// The next item from `library` of one of `kinds`, or nil when there is none. The round is
  /// over when every eligible item has been shown.
  public mutating func next<G: RandomNumberGenerator>(
    from library: [ContentItem], preferences: CategoryPreferences,
    kinds: Set<ContentItem.Kind> = Set(ContentItem.Kind.allCases), using generator: inout G
  ) -> Pick? {
    let eligible = library.filter { kinds.contains($0.kind) }
    var unshown = Self.byCategory(eligible) { !shownThisRound.contains($0.id) && $0.id != last }
    if unshown.isEmpty {
      // The round is over: start the next with everything but the item just shown.
      if eligible.contains(where: { shownThisRound.contains($0.id) }) { rounds += 1 }
      shownThisRound.subtract(eligible.map(\.id))
      unshown = Self.byCategory(eligible) { $0.id != last }
      if unshown.isEmpty { unshown = Self.byCategory(eligible) { _ in true } }
    }
    guard let category = Self.draw(from: unshown, preferences: preferences, using: &generator),
      let items = unshown[category]
    else { return nil }
    let item = items[Int(generator.next(upperBound: UInt(items.count)))]
    let isReread = everShown.contains(item.id)
    shownThisRound.insert(item.id)
    everShown.insert(item.id)
    last = item.id
    return Pick(item: item, isReread: isReread)
  }

  private static func byCategory(
    _ library: [ContentItem], where include: (ContentItem) -> Bool
  ) -> [ContentCategory: [ContentItem]] {
    var groups: [ContentCategory: [ContentItem]] = [:]
    for item in library where include(item) { groups[item.category, default: []].append(item) }
    return groups
  }

  /// A category with items left, chosen in proportion to its weight (in a fixed category order, so
  /// a seeded generator gives the same picks on every platform).
  private static func draw<G: RandomNumberGenerator>(
    from groups: [ContentCategory: [ContentItem]], preferences: CategoryPreferences, using generator: inout G
  ) -> ContentCategory? {
    let candidates = ContentCategory.allCases.filter { groups[$0] != nil }
    let total = candidates.reduce(0) { $0 + preferences.weight(of: $1) }
    guard total > 0 else { return nil }
    var ticket = Int(generator.next(upperBound: UInt(total)))
    for category in candidates {
      ticket -= preferences.weight(of: category)
      if ticket < 0 { return category }
    }
    return candidates.last
  }
}
