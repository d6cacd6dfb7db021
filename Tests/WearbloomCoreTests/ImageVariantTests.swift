import Testing
import WearbloomCore

@Suite("Image variants", .timeLimit(.minutes(5)))
struct ImageVariantTests {
  @Test("the full image keeps 1200 px; thumbnails are smaller, the small one smallest")
  func longEdges() {
    #expect(ImageVariant.full.maximumLongEdge == 1200)
    #expect(ImageVariant.thumbnailSmall.maximumLongEdge < ImageVariant.thumbnailLarge.maximumLongEdge)
    #expect(ImageVariant.thumbnailLarge.maximumLongEdge < ImageVariant.full.maximumLongEdge)
  }

  @Test("a photo is kept as JPEG and a cutout as PNG, each with both thumbnails in WebP and JPEG")
  func forms() {
    #expect(
      ImageKind.garment.forms.map(\.fileName) == [
        "full.jpeg", "small.webp", "small.jpeg", "large.webp", "large.jpeg",
      ])
    #expect(ImageKind.cutout.forms.first?.fileName == "full.png")
    #expect(ImageKind.body.fullFormat == .jpeg)
  }

  @Test("a client that accepts WebP gets WebP thumbnails, another JPEG; the full form is the kind's own")
  func requested() {
    #expect(ImageForm.requested(.thumbnailSmall, of: .cutout, acceptsWebP: true).fileName == "small.webp")
    #expect(ImageForm.requested(.thumbnailLarge, of: .garment, acceptsWebP: false).fileName == "large.jpeg")
    #expect(ImageForm.requested(.full, of: .cutout, acceptsWebP: true).fileName == "full.png")
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
    #expect(ImageFormatName.thumbnails.map(\.mimeType) == ["image/webp", "image/jpeg"])
  }
}
