/// The colours of a photo's background, learnt from a strip along its edges: a garment is
/// photographed lying on a bed, a floor or a table, so the edges show the surface around it. Up
/// to three colours (a sheet and its shadow, a floor and a wall), found by k-means.
struct BackgroundModel {
  /// The background's colours.
  let centers: [Lab]
  /// How far (ΔE) a pixel may be from the nearest colour and still be background.
  let threshold: Float
  /// The share of the edge strip the colours do not explain: clutter, or the garment itself.
  let unexplained: Float

  static let maximumColours = 3
  /// A colour covering less of the edge than this is clutter, not background.
  static let minimumShare: Float = 0.15

  init(samples: [Lab]) {
    precondition(!samples.isEmpty, "an image has edges")
    var centers = Self.seeds(samples)
    var assignment = [Int](repeating: 0, count: samples.count)
    for _ in 0..<10 {
      for (index, sample) in samples.enumerated() { assignment[index] = Self.nearest(sample, centers).index }
      centers = centers.indices.map { cluster in
        var sum = Lab(l: 0, a: 0, b: 0)
        var count: Float = 0
        for (index, sample) in samples.enumerated() where assignment[index] == cluster {
          sum.l += sample.l
          sum.a += sample.a
          sum.b += sample.b
          count += 1
        }
        return count == 0 ? centers[cluster] : Lab(l: sum.l / count, a: sum.a / count, b: sum.b / count)
      }
    }
    let shares = centers.indices.map { cluster in
      Float(assignment.lazy.filter { $0 == cluster }.count) / Float(samples.count)
    }
    let kept = centers.indices.filter { shares[$0] >= Self.minimumShare }.map { centers[$0] }
    // The spread of the background's own pixels sets how far the garment must stand out.
    let distances = samples.map { Self.nearest($0, kept).distance }.sorted()
    let spread = distances[min(distances.count - 1, distances.count * 80 / 100)]
    let threshold = min(max(spread * 2 + 5, 10), 26)
    self.centers = kept
    self.threshold = threshold
    unexplained = Float(distances.lazy.filter { $0 > threshold }.count) / Float(samples.count)
  }

  /// ΔE from `colour` to the nearest background colour.
  func distance(_ colour: Lab) -> Float { Self.nearest(colour, centers).distance }

  /// Farthest-point seeds: the sample nearest the mean, then each next the sample farthest from
  /// the seeds so far. Deterministic, so a photo always gets the same cutout.
  private static func seeds(_ samples: [Lab]) -> [Lab] {
    let count = Float(samples.count)
    let mean = Lab(
      l: samples.reduce(0) { $0 + $1.l } / count, a: samples.reduce(0) { $0 + $1.a } / count,
      b: samples.reduce(0) { $0 + $1.b } / count)
    var seeds = [samples.min { $0.distanceSquared(to: mean) < $1.distanceSquared(to: mean) }!]
    while seeds.count < maximumColours {
      let farthest = samples.max { nearest($0, seeds).distance < nearest($1, seeds).distance }!
      if nearest(farthest, seeds).distance < 1 { break }
      seeds.append(farthest)
    }
    return seeds
  }

  private static func nearest(_ colour: Lab, _ centers: [Lab]) -> (index: Int, distance: Float) {
    var best = (index: 0, squared: Float.infinity)
    for (index, center) in centers.enumerated() {
      let squared = colour.distanceSquared(to: center)
      if squared < best.squared { best = (index, squared) }
    }
    return (best.index, best.squared.squareRoot())
  }
}
