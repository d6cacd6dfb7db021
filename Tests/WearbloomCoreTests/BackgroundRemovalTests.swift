import OrchardKit
import Testing

@testable import WearbloomCore

/// Photos drawn for the tests, with the map a salient-object model would give of them: garments
/// (shapes of one colour) on a surface, each garment's pixels 1 in the map (its `certainty`) and
/// the surface 0, with `wires` (thin lines the model takes for the subject, as it does a hanger's
/// hook) and `undecided` regions (where the model is unsure, 0.6).
struct Scene {
  typealias Box = (x: ClosedRange<Int>, y: ClosedRange<Int>)
  var width = 240
  var height = 200
  var garments: [Box] = [(70...170, 40...160)]
  var holes: [Box] = []
  var wires: [Box] = []
  var undecided: [Box] = []
  var edgeSoftness: Float = 0

  func photo() -> RGBImage {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let inside = garments.contains { $0.x.contains(x) && $0.y.contains(y) }
        bytes += inside ? [150, 30, 40] : [225, 214, 196]
      }
    }
    return RGBImage(width: width, height: height, bytes: bytes)
  }

  /// The model's map, at the working size.
  func subject() -> BackgroundRemoval.SubjectMap {
    let (mapWidth, mapHeight) = BackgroundRemoval.workingSize(width: width, height: height)
    var values: [Float] = []
    for my in 0..<mapHeight {
      for mx in 0..<mapWidth {
        let x = mx * width / mapWidth
        let y = my * height / mapHeight
        func within(_ boxes: [Box]) -> Bool { boxes.contains { $0.x.contains(x) && $0.y.contains(y) } }
        var value: Float = within(garments) && !within(holes) ? 1 : 0
        if value == 1, edgeSoftness > 0,
          garments.contains(where: { [$0.x.lowerBound, $0.x.upperBound].contains(x) })
        {
          value = edgeSoftness
        }
        if within(wires) { value = 1 }
        if within(undecided) { value = 0.6 }
        values.append(value)
      }
    }
    return BackgroundRemoval.SubjectMap(width: mapWidth, height: mapHeight, values: values)
  }

  func cutout() -> Result<RGBImage, BackgroundRemoval.Rejection> {
    BackgroundRemoval.cutout(of: photo(), subject: subject())
  }
}

@Suite("Local background removal", .timeLimit(.minutes(5)))
struct BackgroundRemovalTests {
  func alpha(_ image: RGBImage, _ x: Int, _ y: Int) -> UInt8 { image.bytes[(y * image.width + x) * 4 + 3] }

  @Test("a garment the model is sure of comes out opaque, the rest transparent, cropped with a margin")
  func garment() throws {
    let cutout = try Scene().cutout().get()
    #expect(cutout.channels == 4)
    // The garment is 101 × 121; the crop adds 4 % of the long edge (9 px) on each side.
    #expect((115...125).contains(cutout.width) && (135...145).contains(cutout.height))
    #expect(alpha(cutout, cutout.width / 2, cutout.height / 2) == 255)
    #expect(alpha(cutout, 0, 0) == 0 && alpha(cutout, cutout.width - 1, cutout.height - 1) == 0)
    // The garment's colour is kept where it is opaque.
    let center = (cutout.height / 2 * cutout.width + cutout.width / 2) * 4
    #expect(cutout.bytes[center] == 150)
  }

  @Test("along its edge the cutout takes the model's own soft value, opaque just inside")
  func softEdge() throws {
    var scene = Scene()
    scene.edgeSoftness = 0.6
    let cutout = try scene.cutout().get()
    let row = (0..<cutout.width).map { alpha(cutout, $0, cutout.height / 2) }
    #expect(row.contains(153), "the model's 0.6 on the garment's outer column")
    #expect(row.filter { $0 > 0 && $0 < 255 }.count <= 4)
  }

  @Test("a hole the model left inside the garment (a light part of a print) is filled, never a hole")
  func holeFilled() throws {
    var scene = Scene()
    scene.holes = [(110...125, 90...105)]
    let cutout = try scene.cutout().get()
    // The hole's middle, in the crop (which starts 9 px before the garment).
    #expect(alpha(cutout, 117 - 70 + 9, 97 - 40 + 9) == 255)
  }

  @Test("a hanger's hook, a wire a pixel or two wide, is opened away")
  func wireRemoved() throws {
    var scene = Scene()
    scene.wires = [(119...120, 10...39)]
    let cutout = try scene.cutout().get()
    #expect((135...145).contains(cutout.height), "the crop is the garment's, not the wire's")
    #expect(alpha(cutout, cutout.width / 2, 2) == 0)
  }

  @Test("a pair of shoes is two pieces, both kept")
  func pairOfShoes() throws {
    var scene = Scene()
    scene.garments = [(40...100, 60...140), (140...200, 60...140)]
    let cutout = try scene.cutout().get()
    let row = cutout.height / 2
    let opaque = (0..<cutout.width).filter { alpha(cutout, $0, row) == 255 }
    #expect(opaque.count > 100)
    #expect(alpha(cutout, cutout.width / 2, row) == 0, "the gap between the shoes is background")
  }

  @Test("a photo in which the model finds no subject has no garment to cut out")
  func nothingThere() {
    var scene = Scene()
    scene.garments = []
    #expect(scene.cutout() == .failure(.subjectTooSmall))
  }

  @Test("a garment running off three sides of the photo is refused")
  func cutOff() {
    var scene = Scene()
    scene.garments = [(0...239, 90...120), (105...135, 90...199)]
    #expect(scene.cutout() == .failure(.subjectCutOff))
  }

  @Test("a photo that is nearly all garment is refused: nothing was removed")
  func fillsTheFrame() {
    var scene = Scene()
    scene.garments = [(6...233, 6...193)]
    #expect(scene.cutout() == .failure(.subjectFillsFrame))
  }

  @Test("where the model cannot tell garment from background over a wide part, the cutout is refused")
  func undecided() {
    var scene = Scene()
    scene.undecided = [(20...220, 20...180)]
    let analysis = BackgroundRemoval.analysis(of: scene.subject())
    #expect(analysis.uncertainty > BackgroundRemoval.maximumUncertainty)
    #expect(scene.cutout() == .failure(.edgeUnclear))
  }

  @Test("a comb of stripes, scraps rather than a garment, is refused")
  func stripes() {
    var scene = Scene()
    scene.garments = (0..<8).map { stripe in (60...180, (40 + stripe * 16)...(46 + stripe * 16)) }
    let analysis = BackgroundRemoval.analysis(of: scene.subject())
    #expect(analysis.raggedness > BackgroundRemoval.maximumRaggedness || analysis.pieces > 3)
    #expect(scene.cutout() == .failure(.fragmented))
  }

  @Test("every measure of a clean cutout is within the verdict's limits")
  func cleanAnalysis() {
    let analysis = BackgroundRemoval.analysis(of: Scene().subject())
    #expect(analysis.rejection == nil && analysis.pieces == 1 && analysis.sidesTouched == 0)
    #expect(analysis.solidity > 0.9 && analysis.raggedness < 5 && analysis.uncertainty == 0)
  }

  @Test("a large photo is worked out at the working size and cut at its own")
  func largePhoto() throws {
    var scene = Scene()
    scene.width = 1200
    scene.height = 900
    scene.garments = [(300...900, 200...700)]
    #expect(BackgroundRemoval.workingSize(width: 1200, height: 900) == (480, 360))
    let cutout = try scene.cutout().get()
    #expect((640...700).contains(cutout.width) && (540...600).contains(cutout.height))
    #expect(alpha(cutout, cutout.width / 2, cutout.height / 2) == 255)
  }

  @Test("the working size keeps a photo's proportions and never enlarges it")
  func workingSize() {
    #expect(BackgroundRemoval.workingSize(width: 900, height: 1200) == (360, 480))
    #expect(BackgroundRemoval.workingSize(width: 300, height: 200) == (300, 200))
    #expect(BackgroundRemoval.workingSize(width: 4000, height: 3000) == (480, 360))
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
