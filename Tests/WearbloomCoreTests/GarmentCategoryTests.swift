import Testing
import WearbloomCore

@Suite("Garment categories", .timeLimit(.minutes(5)))
struct GarmentCategoryTests {
  @Test("the picker and the filter pills list tops, bottoms, dresses, shoes, outerwear, in that order")
  func displayOrder() {
    #expect(GarmentCategory.allCases.map(\.rawValue) == ["tops", "bottoms", "dresses", "shoes", "outerwear"])
  }

  @Test("each category parses from its lowercase API name", arguments: GarmentCategory.allCases)
  func parses(_ category: GarmentCategory) {
    #expect(GarmentCategory(rawValue: category.rawValue) == category)
  }

  @Test(
    "anything but the exact lowercase name is not a category",
    arguments: ["Tops", "TOPS", " tops", "tops ", "top", "dress", "hats", "", "tops,bottoms"])
  func rejects(_ text: String) {
    #expect(GarmentCategory(rawValue: text) == nil)
  }

  @Test("an upload's category is checked: missing or unknown is INVALID_CATEGORY")
  func uploadCategory() throws {
    #expect(try UploadPolicy.check(category: "dresses").get() == .dresses)
    #expect(throws: WardrobeError.invalidCategory) { try UploadPolicy.check(category: nil).get() }
    #expect(throws: WardrobeError.invalidCategory) { try UploadPolicy.check(category: "Dresses").get() }
  }

  @Test("background removal statuses are sent as pending, completed, failed, skipped")
  func statuses() {
    #expect(BackgroundRemovalStatus.allCases.map(\.rawValue) == ["pending", "completed", "failed", "skipped"])
  }
}
