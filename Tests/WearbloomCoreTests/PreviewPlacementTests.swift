import Testing
import WearbloomCore

@Suite("Where the local preview lays a garment", .timeLimit(.minutes(5)))
struct PreviewPlacementTests {
  @Test(
    "every category's box lies within the picture, and shoes stand at its bottom", arguments: GarmentCategory.allCases)
  func inside(_ category: GarmentCategory) {
    let box = PreviewPlacement.box(for: category)
    #expect(box.x >= 0 && box.y >= 0 && box.width > 0 && box.height > 0)
    #expect(box.x + box.width <= 1 && box.y + box.height <= 1)
    #expect(abs(box.x + box.width / 2 - 0.5) < 0.001, "centred on the figure")
    #expect(box.vertical == (category == .shoes ? 1 : 0))
  }

  @Test(
    "top to toe: a top starts at the shoulders above the bottoms, a dress reaches lower than a top, shoes are lowest")
  func order() {
    let box = PreviewPlacement.box(for:)
    #expect(box(.tops).y < box(.bottoms).y && box(.bottoms).y < box(.shoes).y)
    #expect(box(.dresses).y + box(.dresses).height > box(.tops).y + box(.tops).height)
    #expect(box(.outerwear).width > box(.tops).width && box(.outerwear).height > box(.tops).height)
  }
}
