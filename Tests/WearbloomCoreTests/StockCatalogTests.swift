import Testing
import WearbloomCore

@Suite("The stock catalog's rule")
struct StockCatalogTests {
  /// Nine garments as FR11 asks and two body figures.
  static let sound: [StockItem] = [
    StockItem(id: "white-t-shirt", kind: .garment, category: .tops, label: "White T-shirt"),
    StockItem(id: "striped-shirt", kind: .garment, category: .tops, label: "Striped shirt"),
    StockItem(id: "black-top", kind: .garment, category: .tops, label: "Black top"),
    StockItem(id: "blue-jeans", kind: .garment, category: .bottoms, label: "Blue jeans"),
    StockItem(id: "pleated-skirt", kind: .garment, category: .bottoms, label: "Pleated skirt"),
    StockItem(id: "summer-dress", kind: .garment, category: .dresses, label: "Summer dress"),
    StockItem(id: "little-black-dress", kind: .garment, category: .dresses, label: "Little black dress"),
    StockItem(id: "trench-coat", kind: .garment, category: .outerwear, label: "Trench coat"),
    StockItem(id: "white-sneakers", kind: .garment, category: .shoes, label: "White sneakers"),
    StockItem(id: "figure-a", kind: .body, label: "Figure A"),
    StockItem(id: "figure-b", kind: .body, label: "Figure B"),
  ]

  @Test("3 tops, 2 bottoms, 2 dresses, 1 outerwear, 1 shoes and 2 bodies, all labelled, is sound")
  func sound() {
    #expect(StockCatalog.check(Self.sound) == [])
  }

  @Test("a third body figure is fine: two is a minimum")
  func moreBodies() {
    #expect(StockCatalog.check(Self.sound + [StockItem(id: "figure-c", kind: .body, label: "Figure C")]) == [])
  }

  @Test("an id used twice is reported once for each repeat")
  func duplicate() {
    let items = Self.sound.map { $0.id == "figure-b" ? StockItem(id: "figure-a", kind: .body, label: "Figure B") : $0 }
    #expect(StockCatalog.check(items) == [.duplicateID("figure-a")])
  }

  @Test(
    "ids are lowercase words joined by single hyphens",
    arguments: ["White-T-shirt", "white_t_shirt", "white--shirt", "-shirt", "shirt-", "", "shirt/../x", "robe é"])
  func malformedID(_ id: String) {
    let items = Self.sound.map {
      $0.id == "trench-coat" ? StockItem(id: id, kind: .garment, category: .outerwear, label: "Coat") : $0
    }
    #expect(StockCatalog.check(items) == [.malformedID(id)])
  }

  @Test("a label that is empty or only spaces is reported", arguments: ["", "  ", "\n"])
  func emptyLabel(_ label: String) {
    let items = Self.sound.map { $0.id == "figure-a" ? StockItem(id: "figure-a", kind: .body, label: label) : $0 }
    #expect(StockCatalog.check(items) == [.emptyLabel("figure-a")])
  }

  @Test("a garment needs a category and a body figure has none")
  func categoryMismatch() {
    let items =
      Self.sound + [
        StockItem(id: "scarf", kind: .garment, label: "Scarf"),
        StockItem(id: "figure-c", kind: .body, category: .tops, label: "Figure C"),
      ]
    #expect(StockCatalog.check(items) == [.categoryMismatch("scarf"), .categoryMismatch("figure-c")])
  }

  @Test("each category has exactly its count: one top too many and no shoes are both reported")
  func counts() {
    let items =
      Self.sound.filter { $0.category != .shoes }
      + [StockItem(id: "silk-blouse", kind: .garment, category: .tops, label: "Silk blouse")]
    #expect(
      StockCatalog.check(items) == [
        .wrongCount(.tops, expected: 3, found: 4), .wrongCount(.shoes, expected: 1, found: 0),
      ])
  }

  @Test("fewer than two body figures is reported")
  func bodies() {
    #expect(StockCatalog.check(Self.sound.filter { $0.id != "figure-b" }) == [.tooFewBodies(found: 1)])
  }

  @Test("an empty catalog reports every category and the bodies")
  func emptyCatalog() {
    #expect(
      StockCatalog.check([]) == [
        .wrongCount(.tops, expected: 3, found: 0), .wrongCount(.bottoms, expected: 2, found: 0),
        .wrongCount(.dresses, expected: 2, found: 0), .wrongCount(.shoes, expected: 1, found: 0),
        .wrongCount(.outerwear, expected: 1, found: 0), .tooFewBodies(found: 0),
      ])
  }
}
