import Testing
import WearbloomCore

@Suite("Image variants")
struct ImageVariantTests {
  @Test("the original and the cutout keep 1200 px; thumbnails are smaller, the small one smallest")
  func longEdges() {
    #expect(ImageVariant.original.maximumLongEdge == 1200)
    #expect(ImageVariant.cutout.maximumLongEdge == 1200)
    #expect(ImageVariant.thumbnailSmall.maximumLongEdge < ImageVariant.thumbnailLarge.maximumLongEdge)
    #expect(ImageVariant.thumbnailLarge.maximumLongEdge < ImageVariant.original.maximumLongEdge)
  }

  @Test("a large thumbnail fills the tallest grid card at 3x, a small one at 1x")
  func gridCoverage() {
    // Two columns and a 2 pt gutter on a 440 pt-wide iPhone, cards 1:1.2.
    let cardHeight = (440.0 - 2) / 2 * 1.2
    #expect(Double(ThumbnailPolicy.largeLongEdge) >= cardHeight * 3)
    #expect(Double(ThumbnailPolicy.smallLongEdge) >= cardHeight)
  }

  @Test("thumbnails are WebP or JPEG, with their MIME types")
  func formats() {
    #expect(ThumbnailFormat.allCases.map(\.mimeType) == ["image/webp", "image/jpeg"])
    #expect(ThumbnailFormat.allCases.map(\.fileExtension) == ["webp", "jpeg"])
  }
}
