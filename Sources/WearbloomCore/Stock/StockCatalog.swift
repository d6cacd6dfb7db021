/// The app's stock items and the rule their list must follow.
///
/// The list itself is generated content: an extension declaring `static let all: [StockItem]`,
/// garments in the order the wardrobe shows them, then the body figures. ``check(_:)`` is what a
/// test runs on it.
public enum StockCatalog {
  /// How many stock garments each category has (FR11): nine in all.
  public static let garmentsPerCategory: [GarmentCategory: Int] = [
    .tops: 3, .bottoms: 2, .dresses: 2, .outerwear: 1, .shoes: 1,
  ]

  /// Body figures to choose from, at least.
  public static let minimumBodies = 2

  /// The stock garments, in the order the wardrobe shows them.
  public static let garments: [Garment] = all.compactMap(\.garment)

  /// The item with this id, if the catalog has one.
  public static func item(_ id: StockItem.ID) -> StockItem? { all.first { $0.id == id } }

  /// The item whose picture this is, if any: stock pictures are served to every account.
  public static func item(image: ImageReference) -> StockItem? { all.first { $0.image == image } }

  /// Something wrong with a catalog.
  public enum Problem: Hashable, Sendable {
    /// A second item with the same id.
    case duplicateID(StockItem.ID)
    /// An item whose picture is another item's.
    case duplicateImage(StockItem.ID)
    /// Not lowercase letters and digits in words joined by single hyphens.
    case malformedID(StockItem.ID)
    /// A label that is empty or only spaces.
    case emptyLabel(StockItem.ID)
    /// A garment without a category, or a body figure with one.
    case categoryMismatch(StockItem.ID)
    /// A category with more or fewer garments than ``garmentsPerCategory`` asks.
    case wrongCount(GarmentCategory, expected: Int, found: Int)
    /// Fewer body figures than ``minimumBodies``.
    case tooFewBodies(found: Int)
  }

  /// Every problem in `items`: first each item's, in the list's order, then the counts per
  /// category in display order, then the bodies. Empty when the catalog is sound.
  public static func check(_ items: [StockItem]) -> [Problem] {
    var problems: [Problem] = []
    var seen: Set<StockItem.ID> = []
    var pictures: Set<ImageReference> = []
    for item in items {
      if !seen.insert(item.id).inserted { problems.append(.duplicateID(item.id)) }
      if !pictures.insert(item.image).inserted { problems.append(.duplicateImage(item.id)) }
      if !isWellFormed(item.id) { problems.append(.malformedID(item.id)) }
      if item.label.trimmed.isEmpty { problems.append(.emptyLabel(item.id)) }
      if (item.kind == .garment) != (item.category != nil) { problems.append(.categoryMismatch(item.id)) }
    }
    for category in GarmentCategory.allCases {
      let expected = garmentsPerCategory[category, default: 0]
      let found = items.count { $0.kind == .garment && $0.category == category }
      if found != expected { problems.append(.wrongCount(category, expected: expected, found: found)) }
    }
    let bodies = items.count { $0.kind == .body }
    if bodies < minimumBodies { problems.append(.tooFewBodies(found: bodies)) }
    return problems
  }

  private static func isWellFormed(_ id: StockItem.ID) -> Bool {
    id.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { word in
      !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }
  }
}
