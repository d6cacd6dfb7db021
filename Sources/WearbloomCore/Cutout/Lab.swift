/// CIE L*a*b* (D65) of 8-bit sRGB, where a distance (ΔE 1976) tracks how different two colours
/// look: what background estimation compares.
struct Lab: Equatable {
  var l: Float
  var a: Float
  var b: Float

  init(l: Float, a: Float, b: Float) {
    self.l = l
    self.a = a
    self.b = b
  }

  /// The colour of an sRGB pixel.
  init(red: UInt8, green: UInt8, blue: UInt8) {
    let r = Self.linear[Int(red)]
    let g = Self.linear[Int(green)]
    let b = Self.linear[Int(blue)]
    // sRGB primaries to XYZ, each axis over the D65 white point.
    let x = Self.f((0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47)
    let y = Self.f(0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b)
    let z = Self.f((0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83)
    l = 116 * y - 16
    a = 500 * (x - y)
    self.b = 200 * (y - z)
  }

  /// ΔE 1976, squared (comparisons need no root).
  func distanceSquared(to other: Lab) -> Float {
    let dl = l - other.l
    let da = a - other.a
    let db = b - other.b
    return dl * dl + da * da + db * db
  }

  /// sRGB's transfer function undone, per 8-bit value.
  private static let linear: [Float] = (0...255).map { value in
    let c = Float(value) / 255
    guard c > 0.040_45 else { return c / 12.92 }
    // ((c + 0.055) / 1.055)^2.4 = x² · (x²)^(1/5)
    let x = (c + 0.055) / 1.055
    return x * x * root(x * x, 5)
  }

  /// Lab's f(t), read from a table of 4,097 steps over [0, 1] (linear values never leave it).
  private static func f(_ t: Float) -> Float {
    let position = max(0, min(t, 1)) * Float(fSteps)
    let index = min(Int(position), fSteps - 1)
    let fraction = position - Float(index)
    return fTable[index] + (fTable[index + 1] - fTable[index]) * fraction
  }

  private static let fSteps = 4096
  private static let fTable: [Float] = (0...fSteps).map { step in
    let t = Float(step) / Float(fSteps)
    return t > 0.008_856 ? root(t, 3) : 7.787 * t + 16 / 116
  }

  /// The n-th root of a value in (0, 1] by Newton's method (the standard library has no `pow`).
  static func root(_ value: Float, _ n: Int) -> Float {
    guard value > 0 else { return 0 }
    var guess: Float = 1
    for _ in 0..<40 {
      var power: Float = 1
      for _ in 0..<(n - 1) { power *= guess }
      let next = guess - (power * guess - value) / (Float(n) * power)
      if abs(next - guess) < 1e-7 { return next }
      guess = next
    }
    return guess
  }
}
