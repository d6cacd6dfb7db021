import ContentTesting
import Foundation
import OrchardImages
import ServerKit
import Testing
import WearbloomCore

@testable import WearbloomServer

/// Photos for the removers: a garment on a plain, softly lit sheet, and the sheet alone.
enum Photos {
  static func garment(on surface: Bool = true) async throws -> [UInt8] {
    let width = 400
    let height = 300
    var bytes = [UInt8]()
    bytes.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let inside = surface && (120..<280).contains(x) && (60..<240).contains(y)
        let shade = UInt8(20 * x / width)
        bytes += inside ? [30, 70, 150] : [228 - shade, 218 - shade, 200 - shade]
      }
    }
    let rendition = Rendition(longEdge: width, format: .jpeg, quality: 92)
    let pixels = Pixels(width: width, height: height, channels: 3, bytes: bytes)
    return try await ImageProcessor().render(pixels, as: [rendition])[rendition]!.bytes
  }

  /// A 64 × 64 PNG keeping `share` of its pixels (the rest transparent): what a hosted model returns.
  static func cutout(keeping share: Double) async throws -> [UInt8] {
    let kept = Int(Double(64) * share)
    var bytes = [UInt8]()
    for _ in 0..<64 {
      for x in 0..<64 { bytes += [30, 70, 150, x < kept ? 255 : 0] }
    }
    let rendition = Rendition(longEdge: 64, format: .png)
    return try await ImageProcessor().render(
      Pixels(width: 64, height: 64, channels: 4, bytes: bytes), as: [rendition])[rendition]!.bytes
  }
}

@Suite("The local background remover", .timeLimit(.minutes(5)))
struct LocalBackgroundRemoverTests {
  let remover = LocalBackgroundRemover(images: ImageProcessor())

  @Test("a garment on a sheet comes back as a PNG with transparency, cropped around it")
  func cutout() async throws {
    let outcome = try await remover.removeBackground(from: try await Photos.garment())
    guard case .cutout(let png) = outcome else { Issue.record("refused: \(outcome)"); return }
    #expect(png.prefix(4).elementsEqual([0x89, 0x50, 0x4E, 0x47]))
    let size = try await ImageProcessor().size(of: png)
    #expect((170...200).contains(size.width) && (190...220).contains(size.height))
    let coverage = try await ImageProcessor().alphaCoverage(of: png, maximumPixels: 1 << 24)
    #expect((0.6...0.95).contains(coverage))
  }

  @Test("a photo of the sheet alone is refused by the quality check, with its code")
  func refused() async throws {
    let outcome = try await remover.removeBackground(from: try await Photos.garment(on: false))
    #expect(outcome == .refused("SUBJECT_TOO_SMALL"))
  }
}

@Suite(
  "The local background remover on real photos: the CC0 garments, one of each category",
  .enabled(if: SharedData.available("garments")), .timeLimit(.minutes(5)))
struct RealGarmentCutoutTests {
  let remover = LocalBackgroundRemover(images: ImageProcessor())

  @Test(
    "a garment photographed on a hanger, a bed or a floor comes out cut clear of its background",
    arguments: ["dress", "longsleeve", "outwear", "pants", "shirt", "shoes", "shorts", "skirt", "t-shirt"])
  func category(_ category: String) async throws {
    let folder = try SharedData.require("garments").appendingPathComponent(category)
    let first = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted().first)
    let photo = try [UInt8](Data(contentsOf: folder.appendingPathComponent(first)))
    let outcome = try await remover.removeBackground(from: photo)
    guard case .cutout(let png) = outcome else { Issue.record("\(category)/\(first) refused: \(outcome)"); return }
    // The background is gone (a garment covers a part of its crop, never all of it), and what is
    // kept is a garment's worth of the photo, not a scrap.
    let coverage = try await ImageProcessor().alphaCoverage(of: png, maximumPixels: 1 << 24)
    #expect((0.3...0.9).contains(coverage), "\(category)/\(first): \(coverage)")
  }
}

@Suite("The fal.ai background remover, against fal's queue on loopback", .timeLimit(.minutes(5)))
struct FalBackgroundRemoverTests {
  // A budget far above a loopback round trip: a loaded test run must not make a test time out.
  func remover(_ fal: FakeFal, budget: Duration = .seconds(120)) -> FalBackgroundRemover {
    FalBackgroundRemover(
      settings: FalSettings(
        key: "fal-test-key", queueURL: URL(string: "http://127.0.0.1:\(fal.port)")!, mediaHosts: ["127.0.0.1"],
        allowsPlainHTTP: true, pollInterval: .milliseconds(20)),
      images: ImageProcessor(), budget: budget, downloads: PublicHTTPClient(allowsPrivateAddresses: true))
  }

  @Test("a job is submitted with the key and the photo as a data URI, polled, and its PNG downloaded")
  func success() async throws {
    let png = try await Photos.cutout(keeping: 0.5)
    let fal = try await FakeFal.start(.succeeds, result: png)
    let photo = try await Photos.garment()
    #expect(try await remover(fal).removeBackground(from: photo) == .cutout(png: png))
    let seen = fal.observed
    #expect(seen.submissions == 1 && seen.authorization == ["Key fal-test-key"])
    #expect(seen.imageURLs == ["data:image/jpeg;base64," + Data(photo).base64EncodedString()])
    #expect(seen.polls >= 2)
  }

  @Test("a 5xx on submission is tried once more, and then succeeds")
  func retriedOnce() async throws {
    let png = try await Photos.cutout(keeping: 0.5)
    let fal = try await FakeFal.start(.unavailableOnce, result: png)
    #expect(try await remover(fal).removeBackground(from: try await Photos.garment()) == .cutout(png: png))
    #expect(fal.observed.submissions == 2)
  }

  @Test("a 4xx is final: no second submission")
  func rejected() async throws {
    let fal = try await FakeFal.start(.rejects, result: [])
    await #expect {
      try await remover(fal).removeBackground(from: try await Photos.garment())
    } throws: { error in
      if case .rejected(422, _) = error as? FalError { return true }
      return false
    }
    #expect(fal.observed.submissions == 1)
  }

  @Test("a job that does not complete within its budget times out")
  func timeout() async throws {
    let fal = try await FakeFal.start(.neverCompletes, result: [])
    await #expect(throws: FalError.timedOut) {
      try await remover(fal, budget: .milliseconds(300)).removeBackground(from: try await Photos.garment())
    }
  }

  @Test("a result without the documented image is malformed")
  func malformed() async throws {
    let fal = try await FakeFal.start(.malformedResult, result: [])
    await #expect(throws: FalError.malformedResult) {
      try await remover(fal).removeBackground(from: try await Photos.garment())
    }
  }

  @Test("a result file outside the allowed media hosts is never fetched")
  func foreignURL() async throws {
    let fal = try await FakeFal.start(.foreignResultURL, result: [])
    await #expect(throws: FalError.untrustedResultURL("https://files.example.com/cutout.png")) {
      try await remover(fal).removeBackground(from: try await Photos.garment())
    }
  }

  @Test("a hosted cutout that kept almost nothing is refused like a local one")
  func qualityCheck() async throws {
    let fal = try await FakeFal.start(.succeeds, result: try await Photos.cutout(keeping: 0.02))
    #expect(try await remover(fal).removeBackground(from: try await Photos.garment()) == .refused("SUBJECT_TOO_SMALL"))
  }

  @Test(
    "results are fetched from fal's media hosts only, over HTTPS",
    arguments: [
      ("https://v3.fal.media/files/x.png", true), ("https://fal.media/files/x.png", true),
      ("http://v3.fal.media/files/x.png", false), ("https://fal.media.example.com/x.png", false),
      ("https://evilfal.media/x.png", false), ("https://127.0.0.1/x.png", false),
    ])
  func mediaHosts(url: String, allowed: Bool) {
    #expect(FalSettings(key: "k").allows(URL(string: url)!) == allowed)
  }

  @Test("the configuration picks the remover: local by default, fal with a key, and says what is missing")
  func configuration() throws {
    let images = ImageProcessor()
    #expect(try BackgroundRemovers.configured(environment: [:], images: images).name == "local")
    let fal = try BackgroundRemovers.configured(
      environment: ["ORCHARD_WEARBLOOM_REMOVER": "fal", "ORCHARD_FAL_KEY": "k"], images: images)
    #expect(fal.name == "fal")
    #expect(throws: RemoverConfigurationError.self) {
      try BackgroundRemovers.configured(environment: ["ORCHARD_WEARBLOOM_REMOVER": "fal"], images: images)
    }
    #expect(throws: RemoverConfigurationError.self) {
      try BackgroundRemovers.configured(environment: ["ORCHARD_WEARBLOOM_REMOVER": "magic"], images: images)
    }
  }
}

@Suite("The stock wardrobe", .timeLimit(.minutes(5)))
struct StockWardrobeTests {
  @Test("nine garments (3 tops, 2 bottoms, 2 dresses, outerwear, shoes) and the figures meet the catalog's rules")
  func catalog() {
    #expect(StockCatalog.check(StockCatalog.all).isEmpty)
    #expect(StockCatalog.all.filter { $0.kind == .garment }.count == 9)
    #expect(StockCatalog.all.filter { $0.kind == .body }.count == 3)
  }

  @Test("every stock item has its image bundled: a cutout with transparency, or an opaque figure")
  func images() async throws {
    let processor = ImageProcessor()
    for item in StockCatalog.all {
      let png = try StockImages.png(of: item)
      #expect(png.prefix(4).elementsEqual([0x89, 0x50, 0x4E, 0x47]), "\(item.id)")
      let size = try await processor.size(of: png)
      #expect(max(size.width, size.height) <= UploadPolicy.longEdge, "\(item.id)")
      let coverage = try await processor.alphaCoverage(of: png, maximumPixels: UploadPolicy.maximumPixels)
      if item.kind == .garment {
        #expect(CutoutCheck.verdict(coverage: coverage) == nil, "\(item.id) keeps \(coverage)")
      } else {
        #expect(coverage == 1, "\(item.id)")
      }
    }
  }
}
