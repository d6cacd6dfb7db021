/// A yes-or-no per pixel (1 is the garment), with the few operations a cutout needs.
struct Mask: Equatable {
  let width: Int
  let height: Int
  var bits: [UInt8]

  init(width: Int, height: Int, bits: [UInt8]) {
    self.width = width
    self.height = height
    self.bits = bits
  }

  var area: Int { bits.reduce(0) { $0 + Int($1) } }

  /// Grown by `radius` pixels in every direction (a square neighbourhood, one axis at a time).
  func dilated(_ radius: Int) -> Mask { filtered(radius, keep: 1) }

  /// Shrunk by `radius` pixels: a pixel stays only if its whole neighbourhood is set.
  func eroded(_ radius: Int) -> Mask { filtered(radius, keep: 0) }

  /// `keep` spreads: 1 for dilation, 0 for erosion. The image's edge is its own neighbour, so a
  /// garment running off the photo keeps its border.
  private func filtered(_ radius: Int, keep: UInt8) -> Mask {
    guard radius > 0 else { return self }
    var values = bits
    for horizontal in [true, false] {
      values = Self.pass(
        values, width: width, height: height, radius: radius, horizontal: horizontal, start: false,
        fold: { $0 || $1 == keep }, finish: { found, _ in found ? keep : 1 - keep })
    }
    return Mask(width: width, height: height, bits: values)
  }

  /// One separable pass: each value replaced by what `fold` gathers of its neighbours within
  /// `radius` (itself included), along rows or along columns, clamped at the image's edge;
  /// `finish` turns the gathering and the neighbours' count into the new value.
  private static func pass<Value, Gathered>(
    _ values: [Value], width: Int, height: Int, radius: Int, horizontal: Bool, start: Gathered,
    fold: (Gathered, Value) -> Gathered, finish: (Gathered, Int) -> Value
  ) -> [Value] {
    var result = values
    let (limit, step) = horizontal ? (width, 1) : (height, width)
    for y in 0..<height {
      for x in 0..<width {
        let position = horizontal ? x : y
        let low = max(0, position - radius)
        let high = min(limit - 1, position + radius)
        let first = y * width + x - (position - low) * step
        var gathered = start
        for sample in 0...(high - low) { gathered = fold(gathered, values[first + sample * step]) }
        result[y * width + x] = finish(gathered, high - low + 1)
      }
    }
    return result
  }

  /// A connected region of set pixels (8-connected), with its area and bounds.
  struct Component {
    let label: Int32
    var area = 0
    var minX = Int.max
    var minY = Int.max
    var maxX = Int.min
    var maxY = Int.min
  }

  /// Every region of pixels equal to `value`, and each pixel's region (0 for the other value).
  func components(of value: UInt8 = 1, diagonal: Bool = true) -> (labels: [Int32], components: [Component]) {
    var labels = [Int32](repeating: 0, count: bits.count)
    var components: [Component] = []
    var queue: [Int] = []
    queue.reserveCapacity(bits.count)
    for start in bits.indices where bits[start] == value && labels[start] == 0 {
      var component = Component(label: Int32(components.count + 1))
      labels[start] = component.label
      queue.removeAll(keepingCapacity: true)
      queue.append(start)
      var head = 0
      while head < queue.count {
        let index = queue[head]
        head += 1
        let x = index % width
        let y = index / width
        component.area += 1
        component.minX = min(component.minX, x)
        component.maxX = max(component.maxX, x)
        component.minY = min(component.minY, y)
        component.maxY = max(component.maxY, y)
        for dy in -1...1 {
          for dx in -1...1 where (dx != 0 || dy != 0) && (diagonal || dx == 0 || dy == 0) {
            let nx = x + dx
            let ny = y + dy
            guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
            let neighbour = ny * width + nx
            if bits[neighbour] == value, labels[neighbour] == 0 {
              labels[neighbour] = component.label
              queue.append(neighbour)
            }
          }
        }
      }
      components.append(component)
    }
    return (labels, components)
  }

  /// Gaps inside the garment (unset regions that do not reach the edge) smaller than
  /// `maximumArea`, filled: a pattern that happens to match the bed is still the shirt.
  func holesFilled(upTo maximumArea: Int) -> Mask {
    let (labels, holes) = components(of: 0, diagonal: false)
    var result = self
    for hole in holes
    where hole.area <= maximumArea && hole.minX > 0 && hole.minY > 0 && hole.maxX < width - 1
      && hole.maxY < height - 1
    {
      for index in labels.indices where labels[index] == hole.label { result.bits[index] = 1 }
    }
    return result
  }

  /// Whether the set pixel at (x, y) has an unset neighbour left, right, above or below.
  private func isOnEdge(_ x: Int, _ y: Int) -> Bool {
    (x > 0 && bits[y * width + x - 1] == 0) || (x < width - 1 && bits[y * width + x + 1] == 0)
      || (y > 0 && bits[(y - 1) * width + x] == 0) || (y < height - 1 && bits[(y + 1) * width + x] == 0)
  }

  /// The set pixels on the mask's edge.
  private var edge: [Int] {
    (0..<bits.count).filter { bits[$0] == 1 && isOnEdge($0 % width, $0 / width) }
  }

  /// The number of set pixels on the mask's edge.
  var edgeLength: Int { edge.count }
}
