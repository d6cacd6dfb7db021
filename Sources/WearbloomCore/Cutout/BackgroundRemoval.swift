/// The local background removal: a garment photographed anywhere (on a hanger against a wall, on
/// a bed, on a floor), cut out on the server with no network.
///
/// 1. The photo is shrunk to ``workingSize(width:height:)`` and a salient-object model (run by the
///    server) says, for each pixel, how sure it is that the pixel is the photo's subject: the
///    ``SubjectMap``.
/// 2. The map is cut at one half; specks and wires (a hanger's hook) are opened away, and only the
///    garment's pieces are kept (a pair of shoes is two).
/// 3. Holes inside are filled: a light part of a print is still the shirt.
/// 4. The cutout's alpha is opaque inside, the model's own soft value along the edge, transparent
///    outside; it is scaled back to the photo's size and the cutout cropped with a margin.
///
/// A result that does not look like one garment cleanly separated from its background is refused
/// with a ``Rejection`` (the garment then keeps its original photo, and is never pasted onto a
/// body as a rectangle): never a mangled cutout.
public enum BackgroundRemoval {
  /// The long edge, in pixels, the mask is worked out at.
  public static let workingEdge = 480
  /// The margin left around the garment in the crop, as a share of the photo's long edge.
  public static let margin: Float = 0.04

  /// The size a photo of `width` × `height` is worked out at: shrunk to fit ``workingEdge``, its
  /// proportions kept, never enlarged.
  public static func workingSize(width: Int, height: Int) -> (width: Int, height: Int) {
    let scale = min(1, Double(workingEdge) / Double(max(width, height, 1)))
    return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
  }

  /// How sure the model is, pixel by pixel, that each belongs to the photo's subject: `values` from
  /// 0 to 1, row after row, `width` × `height` (the photo's ``workingSize(width:height:)``).
  public struct SubjectMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let values: [Float]

    public init(width: Int, height: Int, values: [Float]) {
      precondition(values.count == width * height, "the values must fill the map")
      self.width = width
      self.height = height
      self.values = values
    }
  }

  /// Why a cutout was refused.
  public enum Rejection: String, Error, Sendable, CaseIterable {
    /// The edges are not one plain surface. Given by the colour-based removal this one replaced;
    /// kept so a garment refused then still reads its reason.
    case backgroundNotPlain = "BACKGROUND_NOT_PLAIN"
    /// Too little was left to be a garment.
    case subjectTooSmall = "SUBJECT_TOO_SMALL"
    /// Almost nothing was removed: the garment fills the photo, or the model found no background.
    case subjectFillsFrame = "SUBJECT_FILLS_FRAME"
    /// The garment runs off three or four sides of the photo.
    case subjectCutOff = "SUBJECT_CUT_OFF"
    /// The result is in many pieces, or in scraps.
    case fragmented = "FRAGMENTED"
    /// The model is unsure where much of the garment ends: a wide part of the picture is neither
    /// clearly garment nor clearly background.
    case edgeUnclear = "EDGE_UNCLEAR"
  }

  /// What the removal measured of a photo, and the verdict those measures give.
  public struct Analysis: Sendable, Equatable {
    /// The garment's share of the photo.
    public var share: Float = 0
    /// The pieces kept (a pair of shoes is two).
    public var pieces = 0
    /// The sides of the photo the garment runs along.
    public var sidesTouched = 0
    /// How much of each piece's bounding box the piece fills, weighted by area: a garment is
    /// solid, scraps of one left by a failed removal are not.
    public var solidity: Float = 0
    /// The outline's length over the square root of the area: about 3.5 for a disc, 5 to 7 for a
    /// shirt with its sleeves, far more for a comb of stripes.
    public var raggedness: Float = 0
    /// The share of the pixels the model gave any weight (over a tenth) that it left undecided,
    /// between a quarter and three quarters: a thin band along a clean edge, a wide one where the
    /// model could not tell garment from background.
    public var uncertainty: Float = 0
    /// Why the cutout is refused, nil when it is kept.
    public var rejection: Rejection?
  }

  /// The verdict's limits, each met by every cutout kept.
  static let shares: ClosedRange<Float> = 0.04...0.85
  static let maximumPieces = 3
  static let minimumSolidity: Float = 0.4
  static let maximumRaggedness: Float = 9
  static let maximumUncertainty: Float = 0.2

  /// The photo's garment on a transparent background (RGBA), or why there is none; `subject` is
  /// the model's map of the photo at its working size.
  public static func cutout(of image: RGBImage, subject: SubjectMap) -> Result<RGBImage, Rejection> {
    let (analysis, alpha, pieces) = analyse(subject)
    if let rejection = analysis.rejection { return .failure(rejection) }
    return .success(compose(image, alpha: alpha, subject: subject, pieces: pieces))
  }

  /// The measures of a map's removal, for the verdict and for reports.
  public static func analysis(of subject: SubjectMap) -> Analysis { analyse(subject).0 }

  /// The mask the verdict was reached on, at the working size (1 the garment), for reports.
  public static func mask(of subject: SubjectMap) -> [UInt8] {
    let (_, alpha, _) = analyse(subject)
    return alpha.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
  }

  private static func analyse(_ subject: SubjectMap) -> (Analysis, [Float], [Mask.Component]) {
    let (width, height) = (subject.width, subject.height)
    var mask = Mask(width: width, height: height, bits: subject.values.map { $0 > 0.5 ? 1 : 0 })
    // Open away specks and wires up to four pixels wide (a hanger's hook), close small gaps.
    mask = mask.eroded(2).dilated(2).dilated(1).eroded(1)
    let found = mask.components()
    let largest = found.components.map(\.area).max() ?? 0
    let pieces = found.components.filter { $0.area * 5 >= largest && $0.area * 200 >= mask.bits.count }
    let keptLabels = Set(pieces.map(\.label))
    mask.bits = found.labels.map { keptLabels.contains($0) ? 1 : 0 }
    mask = mask.holesFilled(upTo: mask.bits.count / 20)
    var analysis = Analysis()
    analysis.share = Float(mask.area) / Float(mask.bits.count)
    analysis.pieces = pieces.count
    analysis.sidesTouched = sidesTouched(by: mask)
    let boxes = pieces.reduce(0) { $0 + ($1.maxX - $1.minX + 1) * ($1.maxY - $1.minY + 1) }
    analysis.solidity = boxes == 0 ? 0 : Float(pieces.reduce(0) { $0 + $1.area }) / Float(boxes)
    analysis.raggedness = mask.area == 0 ? 0 : Float(mask.edgeLength) / Float(mask.area).squareRoot()
    let weighed = subject.values.lazy.filter { $0 > 0.1 }.count
    let undecided = subject.values.lazy.filter { $0 > 0.25 && $0 < 0.75 }.count
    analysis.uncertainty = weighed == 0 ? 1 : Float(undecided) / Float(weighed)
    analysis.rejection = verdict(analysis)
    // Opaque inside, the model's soft value in a band along the edge, nothing outside.
    let inside = mask.eroded(1).bits
    let near = mask.dilated(2).bits
    var alpha = [Float](repeating: 0, count: mask.bits.count)
    for index in alpha.indices where near[index] == 1 {
      alpha[index] = inside[index] == 1 ? 1 : min(1, max(0, subject.values[index]))
    }
    return (analysis, alpha, pieces)
  }

  static func verdict(_ analysis: Analysis) -> Rejection? {
    if analysis.share < shares.lowerBound { return .subjectTooSmall }
    if analysis.share > shares.upperBound { return .subjectFillsFrame }
    if analysis.sidesTouched >= 3 { return .subjectCutOff }
    if analysis.pieces > maximumPieces || analysis.solidity < minimumSolidity || analysis.raggedness > maximumRaggedness
    {
      return .fragmented
    }
    if analysis.uncertainty > maximumUncertainty { return .edgeUnclear }
    return nil
  }

  /// How many of the picture's sides the garment runs along for more than a tenth of their length.
  static func sidesTouched(by mask: Mask) -> Int {
    let (width, height) = (mask.width, mask.height)
    let top = (0..<width).filter { mask.bits[$0] == 1 }.count
    let bottom = (0..<width).filter { mask.bits[(height - 1) * width + $0] == 1 }.count
    let left = (0..<height).filter { mask.bits[$0 * width] == 1 }.count
    let right = (0..<height).filter { mask.bits[$0 * width + width - 1] == 1 }.count
    return [top * 10 > width, bottom * 10 > width, left * 10 > height, right * 10 > height].filter { $0 }.count
  }

  /// The photo with the mask, scaled up to its size, as alpha, cropped around the garment.
  private static func compose(
    _ image: RGBImage, alpha: [Float], subject working: SubjectMap, pieces: [Mask.Component]
  ) -> RGBImage {
    let scaleX = Float(working.width) / Float(image.width)
    let scaleY = Float(working.height) / Float(image.height)
    let pad = Int(margin * Float(max(image.width, image.height)))
    let left = max(0, Int(Float(pieces.map(\.minX).min()!) / scaleX) - pad)
    let top = max(0, Int(Float(pieces.map(\.minY).min()!) / scaleY) - pad)
    let right = min(image.width, Int(Float(pieces.map(\.maxX).max()! + 1) / scaleX) + pad)
    let bottom = min(image.height, Int(Float(pieces.map(\.maxY).max()! + 1) / scaleY) + pad)
    var bytes = [UInt8](repeating: 0, count: (right - left) * (bottom - top) * 4)
    var output = 0
    for y in top..<bottom {
      let wy = min(max((Float(y) + 0.5) * scaleY - 0.5, 0), Float(working.height - 1))
      let y0 = Int(wy)
      let y1 = min(y0 + 1, working.height - 1)
      let fy = wy - Float(y0)
      for x in left..<right {
        let wx = min(max((Float(x) + 0.5) * scaleX - 0.5, 0), Float(working.width - 1))
        let x0 = Int(wx)
        let x1 = min(x0 + 1, working.width - 1)
        let fx = wx - Float(x0)
        let top = alpha[y0 * working.width + x0] * (1 - fx) + alpha[y0 * working.width + x1] * fx
        let bottom = alpha[y1 * working.width + x0] * (1 - fx) + alpha[y1 * working.width + x1] * fx
        let value = top * (1 - fy) + bottom * fy
        let source = (y * image.width + x) * image.channels
        bytes[output] = image.bytes[source]
        bytes[output + 1] = image.bytes[source + 1]
        bytes[output + 2] = image.bytes[source + 2]
        bytes[output + 3] = UInt8(max(0, min(255, (value * 255).rounded())))
        output += 4
      }
    }
    return RGBImage(width: right - left, height: bottom - top, channels: 4, bytes: bytes)
  }
}
