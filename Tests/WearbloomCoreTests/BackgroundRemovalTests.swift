import OrchardKit
import Testing

@testable import WearbloomCore

/// Photos drawn for the tests: a garment (a shape of one colour with a little texture) on a
/// surface (a colour with a soft gradient, as light falls across a bed), `width` × `height`.
struct Scene {
  var width = 240
  var height = 200
  var surface: (UInt8, UInt8, UInt8) = (225, 214, 196)
  var gradient = 18
  var weave = true
  var garments: [(x: ClosedRange<Int>, y: ClosedRange<Int>, colour: (UInt8, UInt8, UInt8))] = [
    (70...170, 40...160, (150, 30, 40))
  ]

  func photo() -> RGBImage {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let shade = gradient * x / width
        var colour = (
          Int(surface.0) - shade, Int(surface.1) - shade, Int(surface.2) - shade
        )
        for garment in garments where garment.x.contains(x) && garment.y.contains(y) {
          let weave = self.weave ? (x * 7 + y * 3) % 9 - 4 : 0  // a fabric's small texture
          colour = (Int(garment.colour.0) + weave, Int(garment.colour.1) + weave, Int(garment.colour.2) + weave)
        }
        bytes += [colour.0, colour.1, colour.2].map { UInt8(max(0, min(255, $0))) }
      }
    }
    return RGBImage(width: width, height: height, bytes: bytes)
  }
}

@Suite("Local background removal", .timeLimit(.minutes(5)))
struct BackgroundRemovalTests {
  func alpha(_ image: RGBImage, _ x: Int, _ y: Int) -> UInt8 { image.bytes[(y * image.width + x) * 4 + 3] }

  @Test("a garment on a plain, softly lit surface comes out opaque, the surface transparent, cropped with a margin")
  func garmentOnABed() throws {
    let cutout = try BackgroundRemoval.cutout(of: Scene().photo()).get()
    #expect(cutout.channels == 4)
    // The garment is 101 × 121; the crop adds 4 % of the long edge (9 px) on each side.
    #expect((115...125).contains(cutout.width) && (135...145).contains(cutout.height))
    #expect(alpha(cutout, cutout.width / 2, cutout.height / 2) == 255)
    #expect(alpha(cutout, 0, 0) == 0 && alpha(cutout, cutout.width - 1, cutout.height - 1) == 0)
    // The garment's colour is kept where it is opaque.
    let center = (cutout.height / 2 * cutout.width + cutout.width / 2) * 4
    #expect((140...160).contains(cutout.bytes[center]))
  }

  @Test("the cutout's edge is feathered over a few pixels, not a hard step")
  func featheredEdge() throws {
    let cutout = try BackgroundRemoval.cutout(of: Scene().photo()).get()
    let row = cutout.height / 2
    let values = (0..<cutout.width).map { alpha(cutout, $0, row) }
    let partial = values.filter { $0 > 0 && $0 < 255 }
    #expect(!partial.isEmpty && partial.count <= 16)
  }

  @Test("a pair of shoes is two pieces, both kept")
  func pairOfShoes() throws {
    var scene = Scene()
    scene.garments = [(40...100, 60...140, (40, 40, 45)), (140...200, 60...140, (40, 40, 45))]
    let cutout = try BackgroundRemoval.cutout(of: scene.photo()).get()
    let row = cutout.height / 2
    let opaque = (0..<cutout.width).filter { alpha(cutout, $0, row) == 255 }
    #expect(opaque.count > 100)
    #expect(alpha(cutout, cutout.width / 2, row) == 0, "the gap between the shoes is background")
  }

  @Test("a cluttered surface is refused rather than cut badly")
  func clutter() {
    var generator = SeededRandomNumberGenerator(seed: 7)
    let bytes = (0..<(240 * 200 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect(
      BackgroundRemoval.cutout(of: RGBImage(width: 240, height: 200, bytes: bytes)) == .failure(.backgroundNotPlain))
  }

  @Test("a photo of the surface alone has no garment to cut out")
  func nothingThere() {
    var scene = Scene()
    scene.garments = []
    #expect(BackgroundRemoval.cutout(of: scene.photo()) == .failure(.subjectTooSmall))
  }

  @Test("a garment running off three sides of the photo is refused")
  func cutOff() {
    var scene = Scene()
    scene.garments = [(0...239, 90...120, (30, 60, 140)), (105...135, 90...199, (30, 60, 140))]
    #expect(BackgroundRemoval.cutout(of: scene.photo()) == .failure(.subjectCutOff))
  }

  @Test("a garment that fills most of the photo's edges is refused too")
  func fillsTheEdges() {
    var scene = Scene()
    scene.garments = [(0...239, 30...199, (30, 60, 140))]
    #expect(throws: BackgroundRemoval.Rejection.self) { try BackgroundRemoval.cutout(of: scene.photo()).get() }
  }

  @Test("a photo that is nearly all garment, a thin rim of sheet round it, is refused: nothing was removed")
  func fillsTheFrame() {
    var scene = Scene()
    scene.garments = [(6...233, 6...193, (30, 60, 140))]
    #expect(BackgroundRemoval.cutout(of: scene.photo()) == .failure(.subjectFillsFrame))
  }

  @Test("a garment the colour of its surface is refused, never returned half-cut")
  func sameColour() {
    var scene = Scene()
    scene.garments = [(70...170, 40...160, (222, 211, 193))]
    scene.gradient = 0
    #expect(BackgroundRemoval.cutout(of: scene.photo()) == .failure(.subjectTooSmall))
  }

  @Test("a garment barely darker than its sheet is refused: its edge cannot be told from the sheet")
  func faintEdge() {
    var scene = Scene()
    scene.gradient = 0
    scene.weave = false
    scene.garments = [(70...170, 40...160, (194, 183, 165))]
    let analysis = BackgroundRemoval.analysis(of: scene.photo())
    #expect(analysis.edgeContrast < BackgroundRemoval.minimumEdgeContrast)
    #expect(BackgroundRemoval.cutout(of: scene.photo()) == .failure(.edgeUnclear))
  }

  @Test("what is left of a light garment whose light parts went with the surface, a comb of stripes, is refused")
  func stripes() {
    var scene = Scene()
    scene.garments = (0..<8).map { stripe in (60...180, (40 + stripe * 16)...(46 + stripe * 16), (30, 30, 40)) }
    let analysis = BackgroundRemoval.analysis(of: scene.photo())
    #expect(analysis.raggedness > BackgroundRemoval.maximumRaggedness || analysis.pieces > 3)
    #expect(BackgroundRemoval.cutout(of: scene.photo()) == .failure(.fragmented))
  }

  @Test("every measure of a clean cutout is within the verdict's limits")
  func cleanAnalysis() {
    let analysis = BackgroundRemoval.analysis(of: Scene().photo())
    #expect(analysis.rejection == nil && analysis.pieces == 1 && analysis.sidesTouched == 0)
    #expect(analysis.solidity > 0.9 && analysis.raggedness < 5 && analysis.unexplained < 0.05)
  }

  @Test("a large photo is worked out at the working size and cut at its own")
  func largePhoto() throws {
    var scene = Scene()
    scene.width = 1200
    scene.height = 900
    scene.garments = [(300...900, 200...700, (20, 90, 60))]
    let cutout = try BackgroundRemoval.cutout(of: scene.photo()).get()
    #expect((640...700).contains(cutout.width) && (540...600).contains(cutout.height))
    #expect(alpha(cutout, cutout.width / 2, cutout.height / 2) == 255)
  }

  @Test("Lab distances follow what the eye sees: black to white is 100, a colour to itself 0")
  func lab() {
    let black = Lab(red: 0, green: 0, blue: 0)
    let white = Lab(red: 255, green: 255, blue: 255)
    #expect(abs(white.l - 100) < 0.1 && abs(white.a) < 0.1 && abs(white.b) < 0.1)
    #expect(abs(black.distanceSquared(to: white).squareRoot() - 100) < 0.1)
    // sRGB red is L 53.2, a 80.1, b 67.2.
    let red = Lab(red: 255, green: 0, blue: 0)
    #expect(abs(red.l - 53.24) < 0.2 && abs(red.a - 80.09) < 0.3 && abs(red.b - 67.2) < 0.3)
  }
}

@Suite("The quality check of a hosted cutout", .timeLimit(.minutes(5)))
struct CutoutCheckTests {
  @Test(
    "a cutout keeping almost nothing or almost everything is refused; one keeping the garment is not",
    arguments: [
      (0.01, BackgroundRemoval.Rejection.subjectTooSmall), (0.5, nil), (0.97, .subjectFillsFrame),
    ] as [(Double, BackgroundRemoval.Rejection?)])
  func coverage(coverage: Double, verdict: BackgroundRemoval.Rejection?) {
    #expect(CutoutCheck.verdict(coverage: coverage) == verdict)
  }
}
