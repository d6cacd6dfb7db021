import Testing
import WearbloomCore

@Suite("Wardrobe error codes", .timeLimit(.minutes(5)))
struct WardrobeErrorTests {
  @Test("the API's codes are stable strings")
  func codes() {
    #expect(
      WardrobeError.allCases.map(\.rawValue) == [
        "MISSING_PHOTO", "INVALID_CATEGORY", "INVALID_IMAGE_TYPE", "IMAGE_TOO_LARGE", "IMAGE_TOO_SMALL",
        "IMAGE_UNREADABLE", "GARMENT_NOT_FOUND", "NO_BODY_PHOTO", "GARMENT_NOT_CUT_OUT", "STOCK_ITEM_NOT_FOUND",
        "INVALID_NAME",
      ])
  }
}
