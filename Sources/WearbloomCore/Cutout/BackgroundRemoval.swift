/// The local background removal: a garment photographed on a plain surface (a bed, a floor, a
/// table), cut out with no network and no model.
///
/// 1. The photo is shrunk to at most ``workingEdge`` pixels and turned into Lab colours.
/// 2. The surface's colours are learnt from a strip along the edges (``BackgroundModel``).
/// 3. The background grows inwards from the edges, through pixels near the surface's colours or
///    near the background pixel beside them (so a soft shadow or a gradient across a sheet is
///    followed, but the garment's edge stops it).
/// 4. What is left is cleaned (specks opened away, small gaps closed, holes inside filled), and
///    only the garment's pieces are kept (a pair of shoes is two).
/// 5. The mask is feathered, scaled back to the photo's size and becomes the cutout's alpha; the
///    cutout is cropped around the garment with a margin.
///
/// A result that does not look like one garment cleanly separated from one surface is refused
/// with a ``Rejection`` (the garment then keeps its original photo): never a mangled cutout.
public enum BackgroundRemoval {
  /// The long edge, in pixels, the mask is worked out at.
  public static let workingEdge = 480
  /// The margin left around the garment in the crop, as a share of the photo's long edge.
  public static let margin: Float = 0.04

  /// Why a cutout was refused.
  public enum Rejection: String, Error, Sendable, CaseIterable {
    /// The edges are not one plain surface (clutter, a patterned rug, the garment filling them).
    case backgroundNotPlain = "BACKGROUND_NOT_PLAIN"
    /// Too little was left to be a garment.
    case subjectTooSmall = "SUBJECT_TOO_SMALL"
    /// Almost nothing was removed: the garment and its surface look alike.
    case subjectFillsFrame = "SUBJECT_FILLS_FRAME"
    /// The garment runs off three or four sides of the photo.
    case subjectCutOff = "SUBJECT_CUT_OFF"
    /// The result is in many pieces, or in scraps.
    case fragmented = "FRAGMENTED"
    /// The cutout's edge runs where garment and surface look alike: a light garment on a light
    /// sheet, cut through its middle.
    case edgeUnclear = "EDGE_UNCLEAR"
  }

  /// What the removal measured of a photo, and the verdict those measures give.
  public struct Analysis: Sendable, Equatable {
    /// The share of the edge strip the surface's colours do not explain.
    public var unexplained: Float = 0
    /// The garment's share of the photo.
    public var share: Float = 0
    /// The pieces kept (a pair of shoes is two).
    public var pieces = 0
    /// The sides of the photo the garment runs along.
    public var sidesTouched = 0
    /// How much of each piece's bounding box the piece fills, weighted by area: a garment is
    /// solid, scraps of one left by a failed removal are not.
    public var solidity: Float = 0
    /// How far the pixels along the cutout's edge stand from the surface's colours, over the
    /// threshold: a real edge stands well clear; an edge drawn through a garment the colour of
    /// its surface does not.
    public var edgeContrast: Float = 0
    /// The outline's length over the square root of the area: about 3.5 for a disc, 5 to 7 for a
    /// shirt with its sleeves, far more for a comb of stripes left when a light garment's light
    /// parts were taken for the surface.
    public var raggedness: Float = 0
    /// Why the cutout is refused, nil when it is kept.
    public var rejection: Rejection?
  }

  /// The verdict's limits, each met by every cutout kept.
  static let maximumUnexplained: Float = 0.2
  static let shares: ClosedRange<Float> = 0.04...0.85
  static let maximumPieces = 3
  static let minimumSolidity: Float = 0.4
  static let minimumEdgeContrast: Float = 1.2
  static let maximumRaggedness: Float = 6.8

  /// The photo's garment on a transparent background (RGBA), or why there is none.
  public static func cutout(of image: RGBImage) -> Result<RGBImage, Rejection> {
    let (analysis, mask, pieces, working) = analyse(image)
    if let rejection = analysis.rejection { return .failure(rejection) }
    return .success(compose(image, alpha: mask.feathered(1), working: working, pieces: pieces))
  }

  /// The measures of a photo's removal, for the verdict and for reports.
  public static func analysis(of image: RGBImage) -> Analysis { analyse(image).0 }

  private static func analyse(_ image: RGBImage) -> (Analysis, Mask, [Mask.Component], Working) {
    let working = Working(image)
    let model = BackgroundModel(samples: working.edgeStrip().map { working.lab[$0] })
    var analysis = Analysis(unexplained: model.unexplained)
    let distance = working.lab.map(model.distance)
    var mask = working.foreground(model, distance: distance)
    // Open away specks, close small gaps along the edge.
    mask = mask.eroded(1).dilated(1).dilated(2).eroded(2)
    let found = mask.components()
    let largest = found.components.map(\.area).max() ?? 0
    let pieces = found.components.filter { $0.area * 5 >= largest && $0.area * 200 >= mask.bits.count }
    let keptLabels = Set(pieces.map(\.label))
    mask.bits = found.labels.map { keptLabels.contains($0) ? 1 : 0 }
    mask = mask.holesFilled(upTo: mask.bits.count / 50)
    analysis.share = Float(mask.area) / Float(mask.bits.count)
    analysis.pieces = pieces.count
    analysis.sidesTouched = working.sidesTouched(by: mask)
    let boxes = pieces.reduce(0) { $0 + ($1.maxX - $1.minX + 1) * ($1.maxY - $1.minY + 1) }
    analysis.solidity = boxes == 0 ? 0 : Float(pieces.reduce(0) { $0 + $1.area }) / Float(boxes)
    analysis.edgeContrast = mask.edgeMedian(distance) / model.threshold
    analysis.raggedness = mask.area == 0 ? 0 : Float(mask.edgeLength) / Float(mask.area).squareRoot()
    analysis.rejection = verdict(analysis)
    return (analysis, mask, pieces, working)
  }

  static func verdict(_ analysis: Analysis) -> Rejection? {
    if analysis.unexplained > maximumUnexplained { return .backgroundNotPlain }
    if analysis.share < shares.lowerBound { return .subjectTooSmall }
    if analysis.share > shares.upperBound { return .subjectFillsFrame }
    if analysis.sidesTouched >= 3 { return .subjectCutOff }
    if analysis.pieces > maximumPieces || analysis.solidity < minimumSolidity || analysis.raggedness > maximumRaggedness
    {
      return .fragmented
    }
    if analysis.edgeContrast < minimumEdgeContrast { return .edgeUnclear }
    return nil
  }

  /// The photo with the mask, scaled up to its size, as alpha, cropped around the garment.
  private static func compose(
    _ image: RGBImage, alpha: [Float], working: Working, pieces: [Mask.Component]
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

/// The photo shrunk to the working size, in Lab.
private struct Working {
  let width: Int
  let height: Int
  let lab: [Lab]

  init(_ image: RGBImage) {
    let factor = max(
      1, (max(image.width, image.height) + BackgroundRemoval.workingEdge - 1) / BackgroundRemoval.workingEdge)
    width = max(1, image.width / factor)
    height = max(1, image.height / factor)
    var lab: [Lab] = []
    lab.reserveCapacity(width * height)
    let block = factor * factor
    for y in 0..<height {
      for x in 0..<width {
        var sums = (0, 0, 0)
        for dy in 0..<factor {
          for dx in 0..<factor {
            let source = ((y * factor + dy) * image.width + x * factor + dx) * image.channels
            sums.0 += Int(image.bytes[source])
            sums.1 += Int(image.bytes[source + 1])
            sums.2 += Int(image.bytes[source + 2])
          }
        }
        lab.append(
          Lab(red: UInt8(sums.0 / block), green: UInt8(sums.1 / block), blue: UInt8(sums.2 / block)))
      }
    }
    self.lab = lab
  }

  /// The strip's thickness: 2 % of the short side, at least 2 pixels.
  var strip: Int { max(2, min(width, height) / 50) }

  /// The pixels of the strip along the four edges.
  func edgeStrip() -> [Int] {
    (0..<(width * height)).filter { index in
      let x = index % width
      let y = index / width
      return x < strip || y < strip || x >= width - strip || y >= height - strip
    }
  }

  /// Everything the background does not reach from the edges.
  func foreground(_ model: BackgroundModel, distance: [Float]) -> Mask {
    var background = [UInt8](repeating: 0, count: lab.count)
    var queue: [Int] = []
    queue.reserveCapacity(lab.count)
    for index in lab.indices {
      let x = index % width
      let y = index / width
      let onEdge = x == 0 || y == 0 || x == width - 1 || y == height - 1
      if onEdge, distance[index] < model.threshold {
        background[index] = 1
        queue.append(index)
      }
    }
    // A neighbour joins if it is near the surface's colours, or a little farther but hardly
    // different from the background pixel it touches (a shadow's soft edge, a sheet's gradient).
    let stepSquared: Float = 3.5 * 3.5
    let drift = model.threshold * 1.8
    var head = 0
    while head < queue.count {
      let index = queue[head]
      head += 1
      let x = index % width
      let y = index / width
      for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let nx = x + dx
        let ny = y + dy
        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
        let neighbour = ny * width + nx
        guard background[neighbour] == 0 else { continue }
        let near = distance[neighbour] < model.threshold
        let smooth = distance[neighbour] < drift && lab[neighbour].distanceSquared(to: lab[index]) < stepSquared
        if near || smooth {
          background[neighbour] = 1
          queue.append(neighbour)
        }
      }
    }
    return Mask(width: width, height: height, bits: background.map { 1 - $0 })
  }

  /// How many of the photo's sides the garment runs along for more than a tenth of their length.
  func sidesTouched(by mask: Mask) -> Int {
    let top = (0..<width).filter { mask.bits[$0] == 1 }.count
    let bottom = (0..<width).filter { mask.bits[(height - 1) * width + $0] == 1 }.count
    let left = (0..<height).filter { mask.bits[$0 * width] == 1 }.count
    let right = (0..<height).filter { mask.bits[$0 * width + width - 1] == 1 }.count
    return [top * 10 > width, bottom * 10 > width, left * 10 > height, right * 10 > height].filter { $0 }.count
  }
}
