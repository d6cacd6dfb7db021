import CVips
import Foundation
import OrchardImages
import OrchardImagesTesting
import Testing

@Suite("Photos through libvips", .timeLimit(.minutes(5)))
struct ImageProcessorTests {
  let processor = ImageProcessor()
  static let renditions = [
    Rendition(longEdge: 1200, format: .jpeg), Rendition(longEdge: 800, format: .webp),
    Rendition(longEdge: 800, format: .jpeg), Rendition(longEdge: 280, format: .webp),
  ]

  @Test("a photo carrying a GPS position comes back with no EXIF block at all, and upright")
  func gpsIsStripped() async throws {
    let original = TestImages.withExif(try await TestImages.photo(width: 640, height: 480, format: .jpeg))
    #expect(TestImages.jpegMarkers(original).contains(0xE1))
    #expect(original.contains(Array("Exif".utf8)))
    #expect(try await processor.size(of: original) == PixelSize(width: 480, height: 640))
    let outputs = try await processor.render(original, as: Self.renditions, maximumPixels: 50_000_000)
    for (rendition, image) in outputs {
      #expect(!image.bytes.contains(Array("Exif".utf8)), "\(rendition)")
      #expect(!image.bytes.contains(TestImages.be16(0x8825)), "\(rendition): a GPS pointer")
      #expect(image.size.height > image.size.width, "\(rendition) is turned upright")
    }
    let jpeg = try #require(outputs[Self.renditions[0]])
    #expect(TestImages.jpegMarkers(jpeg.bytes).allSatisfy { !(0xE1...0xEF).contains($0) }, "no APPn segment but JFIF")
    #expect(jpeg.size == PixelSize(width: 480, height: 640))
  }

  @Test("a 12-megapixel photo becomes 1200 px on its long edge and thumbnails of 800 and 280")
  func sizes() async throws {
    let photo = try await TestImages.photo(width: 4032, height: 3024, format: .jpeg)
    let outputs = try await processor.render(photo, as: Self.renditions, maximumPixels: 50_000_000)
    #expect(outputs[Self.renditions[0]]?.size == PixelSize(width: 1200, height: 900))
    #expect(outputs[Self.renditions[1]]?.size == PixelSize(width: 800, height: 600))
    #expect(outputs[Self.renditions[3]]?.size == PixelSize(width: 280, height: 210))
    #expect(outputs[Self.renditions[0]]?.bytes.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) == true)
    let webp = try #require(outputs[Self.renditions[1]]?.bytes)
    #expect(webp.prefix(4).elementsEqual(Array("RIFF".utf8)) && webp[8..<12].elementsEqual(Array("WEBP".utf8)))
  }

  @Test("a large JPEG is progressive and a small one sequential, unless a rendition says which")
  func progressive() async throws {
    let photo = try await TestImages.photo(width: 1000, height: 700, format: .png)
    let chosen = [
      Rendition(longEdge: 1000, format: .jpeg), Rendition(longEdge: 400, format: .jpeg),
      Rendition(longEdge: 1000, format: .jpeg, progressive: false),
      Rendition(longEdge: 400, format: .jpeg, progressive: true),
    ]
    let outputs = try await processor.render(photo, as: chosen, maximumPixels: 50_000_000)
    // SOF2 (0xC2) starts a progressive frame, SOF0 or SOF1 a sequential one.
    let frames = try chosen.map { TestImages.jpegMarkers(try #require(outputs[$0]).bytes).contains(0xC2) }
    #expect(frames == [true, false, false, true])
  }

  @Test("a small photo is never enlarged")
  func noUpscaling() async throws {
    let photo = try await TestImages.photo(width: 300, height: 400, format: .png)
    let outputs = try await processor.render(photo, as: Self.renditions, maximumPixels: 50_000_000)
    #expect(outputs[Self.renditions[0]]?.size == PixelSize(width: 300, height: 400))
    #expect(outputs[Self.renditions[3]]?.size == PixelSize(width: 210, height: 280))
  }

  @Test("HEIC from an iPhone is read (libvips 8.14 with libheif and libde265)")
  func heic() async throws {
    let photo = try await TestImages.photo(width: 640, height: 480, format: .heic)
    #expect(photo[4..<8].elementsEqual(Array("ftyp".utf8)))
    let outputs = try await processor.render(
      photo, as: [Rendition(longEdge: 1200, format: .jpeg)], maximumPixels: 50_000_000)
    #expect(outputs.first?.value.size == PixelSize(width: 640, height: 480))
  }

  @Test("a 20,000 × 20,000 PNG bomb is refused from its header, without decoding its pixels")
  func bomb() async throws {
    let bomb = DecompressionBomb.png(side: 20_000)
    #expect(bomb.count < 1_000_000)
    #expect(try await processor.size(of: bomb) == PixelSize(width: 20_000, height: 20_000))
    await #expect(throws: ImageError.tooManyPixels(PixelSize(width: 20_000, height: 20_000))) {
      try await processor.render(bomb, as: Self.renditions, maximumPixels: 50_000_000)
    }
    await #expect(throws: ImageError.tooManyPixels(PixelSize(width: 20_000, height: 20_000))) {
      try await processor.pixels(of: bomb, longEdge: 1024, maximumPixels: 50_000_000)
    }
  }

  @Test("bytes that are not an image, and a truncated one, are errors, never a crash")
  func damaged() async throws {
    await #expect(throws: ImageError.self) { try await processor.size(of: Array("not a photo".utf8)) }
    await #expect(throws: ImageError.self) { try await processor.size(of: []) }
    let photo = try await TestImages.photo(width: 800, height: 600, format: .jpeg)
    await #expect(throws: ImageError.self) {
      try await processor.render(Array(photo.prefix(photo.count / 2)), as: Self.renditions, maximumPixels: 50_000_000)
    }
  }

  @Test("a photo's pixels come out packed RGB at the size asked, and a cutout goes back in with its alpha")
  func pixels() async throws {
    let photo = try await TestImages.photo(width: 1600, height: 1200, format: .jpeg)
    let pixels = try await processor.pixels(of: photo, longEdge: 800, maximumPixels: 50_000_000)
    #expect(pixels.width == 800 && pixels.height == 600 && pixels.channels == 3)
    var rgba = [UInt8]()
    rgba.reserveCapacity(pixels.width * pixels.height * 4)
    for index in 0..<(pixels.width * pixels.height) {
      rgba += pixels.bytes[(index * 3)..<(index * 3 + 3)]
      rgba.append(index % pixels.width < pixels.width / 2 ? 0 : 255)
    }
    let cutout = Pixels(width: pixels.width, height: pixels.height, channels: 4, bytes: rgba)
    let png = Rendition(longEdge: 800, format: .png)
    let webp = Rendition(longEdge: 280, format: .webp)
    let outputs = try await processor.render(cutout, as: [png, webp])
    let back = try await processor.pixels(of: try #require(outputs[png]?.bytes), longEdge: 800, maximumPixels: 1 << 30)
    // Flattened on white where the cutout is transparent, the photo where it is opaque.
    #expect(back.bytes[0..<3].elementsEqual([255, 255, 255]))
    let right = (pixels.width - 1) * 3
    #expect(back.bytes[right..<(right + 3)].elementsEqual(pixels.bytes[right..<(right + 3)]))
    #expect(outputs[webp]?.size == PixelSize(width: 280, height: 210))
  }

  @Test("many photos at once all come out, a few at a time")
  func concurrency() async throws {
    let photo = try await TestImages.photo(width: 1024, height: 768, format: .jpeg)
    let processor = processor
    let sizes = try await withThrowingTaskGroup(of: PixelSize?.self) { group in
      for _ in 0..<8 {
        group.addTask {
          try await processor.render(photo, as: [Rendition(longEdge: 512, format: .webp)], maximumPixels: 50_000_000)
            .first?.value.size
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(sizes == Array(repeating: PixelSize(width: 512, height: 384), count: 8))
  }
}

@Suite("WebP without metadata", .timeLimit(.minutes(5)))
struct WebPContainerTests {
  @Test("a WebP written with metadata keeps its picture and loses its EXIF, XMP and ICC chunks")
  func stripped() async throws {
    let photo = try await TestImages.photo(width: 64, height: 48, format: .jpeg)
    let webp = try #require(
      try await ImageProcessor().render(photo, as: [Rendition(longEdge: 64, format: .webp)], maximumPixels: 1 << 20)
        .first?.value.bytes)
    #expect(!webp.contains(Array("EXIF".utf8)) && !webp.contains(Array("XMP ".utf8)))
    // The RIFF size still covers the whole file, so decoders read it.
    #expect(webp[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } == webp.count - 8)
    #expect(try await ImageProcessor().size(of: webp) == PixelSize(width: 64, height: 48))
  }
}
