import ServerKit
import Testing
import WearbloomCore

@testable import WearbloomServer

@Suite("Wearbloom's API problems", .timeLimit(.minutes(1)))
struct WearbloomProblemTests {
  @Test("the category and photo-type problems name every category, format and MIME type the core has")
  func listsFromTheCore() {
    let category = WearbloomProblem.refusal(.invalidCategory).detail
    for name in GarmentCategory.allCases.map(\.rawValue) { #expect(category.contains(name)) }
    let type = WearbloomProblem.refusal(.invalidImageType).detail
    for format in ImageType.allCases {
      #expect(type.contains(format.name) && type.contains(format.mimeType))
    }
  }
}
