import Testing
import WearbloomCore

@Suite("The wardrobe grid and who reaches a garment", .timeLimit(.minutes(5)))
struct WardrobeTests {
  static let own = [
    garment("jeans", .bottoms, createdAt: 10), garment("blouse", .tops, createdAt: 30),
    garment("coat", .outerwear, createdAt: 20), garment("tee", .tops, createdAt: 30),
  ]
  static let stock = [
    garment("white-t-shirt", owner: nil, .tops), garment("blue-jeans", owner: nil, .bottoms),
    garment("summer-dress", owner: nil, .dresses),
  ]

  @Test("own garments come newest first, same-moment ones by id, then stock garments in catalog order")
  func order() {
    #expect(
      Wardrobe.list(own: Self.own, stock: Self.stock).map(\.id) == [
        "tee", "blouse", "coat", "jeans", "white-t-shirt", "blue-jeans", "summer-dress",
      ])
    #expect(
      Wardrobe.list(own: Self.own.reversed(), stock: Self.stock).map(\.id)
        == Wardrobe.list(own: Self.own, stock: Self.stock).map(\.id))
  }

  @Test("a category shows only its garments, own before stock, in the same order")
  func filtered() {
    #expect(
      Wardrobe.list(own: Self.own, stock: Self.stock, category: .tops).map(\.id) == ["tee", "blouse", "white-t-shirt"])
    #expect(Wardrobe.list(own: Self.own, stock: Self.stock, category: .dresses).map(\.id) == ["summer-dress"])
    #expect(Wardrobe.list(own: Self.own, stock: Self.stock, category: .shoes).isEmpty)
  }

  @Test("an empty wardrobe still shows the stock garments")
  func emptyWardrobe() {
    #expect(Wardrobe.list(own: [], stock: Self.stock).map(\.id) == ["white-t-shirt", "blue-jeans", "summer-dress"])
  }

  @Test("an account opens its own garments and stock ones; another's or a missing one is GARMENT_NOT_FOUND")
  func open() throws {
    #expect(try Wardrobe.garment(garment("tee", owner: "ana"), openedBy: "ana").get().id == "tee")
    #expect(try Wardrobe.garment(garment("white-t-shirt", owner: nil), openedBy: "ana").get().id == "white-t-shirt")
    #expect(throws: WardrobeError.garmentNotFound) {
      try Wardrobe.garment(garment("tee", owner: "ben"), openedBy: "ana").get()
    }
    #expect(throws: WardrobeError.garmentNotFound) { try Wardrobe.garment(nil, openedBy: "ana").get() }
  }

  @Test("an account removes only its own garments; a stock one or another's is GARMENT_NOT_FOUND")
  func remove() throws {
    #expect(try Wardrobe.garment(garment("tee", owner: "ana"), removedBy: "ana").get().id == "tee")
    #expect(throws: WardrobeError.garmentNotFound) {
      try Wardrobe.garment(garment("white-t-shirt", owner: nil), removedBy: "ana").get()
    }
    #expect(throws: WardrobeError.garmentNotFound) {
      try Wardrobe.garment(garment("tee", owner: "ben"), removedBy: "ana").get()
    }
    #expect(throws: WardrobeError.garmentNotFound) { try Wardrobe.garment(nil, removedBy: "ana").get() }
  }
}
