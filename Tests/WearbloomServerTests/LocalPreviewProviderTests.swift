import Foundation
import OrchardImages
import Testing
import WearbloomCore

@testable import WearbloomServer

@Suite("The local preview provider", .timeLimit(.minutes(5)))
struct LocalPreviewProviderTests {
  let images = ImageProcessor()

  /// The RGB pixel at fractions `x`, `y` of decoded pixels.
  func pixel(_ pixels: Pixels, _ x: Double, _ y: Double) -> [Int] {
    let index = (Int(y * Double(pixels.height)) * pixels.width + Int(x * Double(pixels.width))) * 3
    return pixels.bytes[index..<index + 3].map(Int.init)
  }

  @Test(
    "each stock garment is laid on a stock figure in its category's place; the rest of the figure is untouched",
    arguments: StockCatalog.all.filter { $0.kind == .garment })
  func stockGarmentOnFigure(_ item: StockItem) async throws {
    let provider = LocalPreviewProvider(images: images)
    let figure = try StockImages.png(of: try #require(StockCatalog.item("figure-balanced")))
    let category = try #require(item.category)
    let preview = try await provider.render(body: figure, garment: try StockImages.png(of: item), category: category)
    #expect(preview.starts(with: [0xFF, 0xD8, 0xFF]))
    #expect(try await images.size(of: preview) == PixelSize(width: 600, height: 1000))
    let laidOn = try await images.pixels(of: preview, longEdge: 1000, maximumPixels: 50_000_000)
    let bare = try await images.pixels(of: figure, longEdge: 1000, maximumPixels: 50_000_000)
    // Far from every box (the top-left corner), the figure's background is as it was.
    let corner = pixel(laidOn, 0.02, 0.02)
    let original = pixel(bare, 0.02, 0.02)
    #expect(zip(corner, original).allSatisfy { abs($0 - $1) <= 4 }, "\(corner) vs \(original)")
    // Within the category's box, something of the garment shows.
    let box = PreviewPlacement.box(for: category)
    var changed = 0
    for across in [0.3, 0.5, 0.7] {
      for down in 1..<10 {
        let (x, y) = (box.x + box.width * across, box.y + box.height * Double(down) / 10)
        if zip(pixel(laidOn, x, y), pixel(bare, x, y)).contains(where: { abs($0 - $1) > 24 }) { changed += 1 }
      }
    }
    #expect(changed >= 5, "\(item.id): \(changed) of 27 points in its box changed")
    // Just above its box, the figure is as it was: the garment stays in its place.
    let above = pixel(laidOn, box.x + box.width / 2, box.y - 0.015)
    let bareAbove = pixel(bare, box.x + box.width / 2, box.y - 0.015)
    #expect(zip(above, bareAbove).allSatisfy { abs($0 - $1) <= 6 }, "\(item.id): \(above) vs \(bareAbove)")
  }

  @Test("it offers every category, and says its results are a preview")
  func declares() {
    let provider = LocalPreviewProvider(images: images)
    #expect(provider.support.categories == Set(GarmentCategory.allCases))
    #expect(provider.isPreview && provider.name == "local-preview")
  }
}
