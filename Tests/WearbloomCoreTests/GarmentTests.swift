import Foundation
import Testing
import WearbloomCore

@Suite("A garment's image", .timeLimit(.minutes(5)))
struct GarmentTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let status: BackgroundRemovalStatus
    let showsCutout: Bool
    var testDescription: String { "\(status)" }
  }

  @Test(
    "the wardrobe shows the cutout only once removal completed, the original otherwise",
    arguments: [
      Case(status: .completed, showsCutout: true),
      Case(status: .pending, showsCutout: false),
      Case(status: .failed, showsCutout: false),
      Case(status: .skipped, showsCutout: false),
    ])
  func displayImage(_ example: Case) {
    let shirt = garment("shirt", status: example.status, cutout: true)
    #expect(shirt.displayImage == (example.showsCutout ? shirt.cutout : shirt.image))
  }

  @Test("a completed garment without a cutout still shows its original")
  func completedWithoutCutout() {
    let shirt = garment("shirt", status: .completed, cutout: false)
    #expect(shirt.displayImage == shirt.image)
  }

  @Test("removing a garment deletes its original and its cutout")
  func images() {
    #expect(garment("a", cutout: true).images == [image(1), image(2)])
    #expect(garment("b", cutout: false).images == [image(1)])
  }

  @Test("a garment survives a JSON round trip")
  func codable() throws {
    let shirt = garment("shirt", owner: nil, .outerwear, status: .skipped)
    let data = try JSONEncoder().encode(shirt)
    #expect(try JSONDecoder().decode(Garment.self, from: data) == shirt)
  }
}
