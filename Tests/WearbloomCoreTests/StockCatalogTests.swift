import Testing
import WearbloomCore

extension StockItem {
  /// A test item, its picture's id drawn from its own id (as the catalog's are made from theirs).
  fileprivate init(id: ID, kind: Kind, category: GarmentCategory? = nil, label: String) {
    var generator = SplitMix(seed: UInt64(truncatingIfNeeded: id.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
    self.init(id: id, kind: kind, category: category, label: label, image: ImageReference(using: &generator))
  }
}

/// A small seeded generator, so each test item's picture is the same on every run.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("The stock catalog's rule", .timeLimit(.minutes(5)))
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
    let items = Self.sound.map {
      $0.id == "figure-b" ? StockItem(id: "figure-a", kind: .body, label: "Figure B", image: $0.image) : $0
    }
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

  @Test("a picture shared by two items is reported at the second")
  func duplicatePicture() {
    let first = Self.sound[0]
    let copy = StockItem(id: "plain-tee", kind: .garment, category: .tops, label: "Plain tee", image: first.image)
    let items = Self.sound.map { $0.id == "black-top" ? copy : $0 }
    #expect(StockCatalog.check(items) == [.duplicateImage("plain-tee")])
  }

  @Test("the shipped catalog is sound, and each of its pictures is found by its id")
  func shipped() {
    #expect(StockCatalog.check(StockCatalog.all) == [])
    for item in StockCatalog.all {
      #expect(StockCatalog.item(item.id) == item)
      #expect(StockCatalog.item(image: item.image) == item)
    }
    var generator = SplitMix(seed: 7)
    #expect(StockCatalog.item(image: ImageReference(using: &generator)) == nil)
    #expect(StockCatalog.item("figure-unknown") == nil)
  }

  @Test("a stock garment stands in every wardrobe with no owner, its picture already its cutout")
  func stockGarments() {
    #expect(StockCatalog.garments.map(\.id) == StockCatalog.all.filter { $0.kind == .garment }.map(\.id))
    for garment in StockCatalog.garments {
      let item = StockCatalog.item(garment.id)
      #expect(garment.isStock)
      #expect(garment.category == item?.category)
      #expect(garment.removalStatus == .completed)
      #expect(garment.displayImage == item?.image)
      #expect(item?.imageKind == .cutout)
    }
    #expect(StockCatalog.all.filter { $0.kind == .body }.allSatisfy { $0.garment == nil && $0.imageKind == .body })
  }
}
