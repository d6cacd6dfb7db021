import Foundation
import OrchardImages
import OrchardVision
import WearbloomCore
import WearbloomServer

/// The local background removal over a folder of photos: the time of each cutout (the photo
/// already decoded at 1200 px, as the server holds it: the model's map and the core's verdict and
/// cutout), the verdicts, and a contact sheet with three cells a photo (the photo, the model's
/// mask, the cutout on a checkerboard), a green bar under each cutout kept and a red one under
/// each photo whose cutout was refused (the wardrobe shows the photo itself then).
func cutouts(folder: String, sheet: String) async throws {
  let files = try FileManager.default.subpathsOfDirectory(atPath: folder)
    .filter { $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg") }.sorted()
  let processor = ImageProcessor()
  let model = try SalientObjects.shipped()
  var times: [Double] = []
  var cells: [(RGBImage, Bool)] = []
  var rejections: [String: Int] = [:]
  for file in files {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
    let pixels = try await processor.pixels(
      of: bytes, longEdge: UploadPolicy.longEdge, maximumPixels: UploadPolicy.maximumPixels)
    let photo = RGBImage(width: pixels.width, height: pixels.height, channels: 3, bytes: pixels.bytes)
    let started = ContinuousClock.now
    let map = try await LocalBackgroundRemover.subject(of: photo, by: model)
    let outcome = BackgroundRemoval.cutout(of: photo, subject: map)
    times.append(milliseconds(ContinuousClock.now - started))
    let a = BackgroundRemoval.analysis(of: map)
    let line = String(
      format: "%@ %@ share %.2f pieces %d sides %d solidity %.2f ragged %.1f uncertain %.3f\n", file,
      a.rejection?.rawValue ?? "kept", a.share, a.pieces, a.sidesTouched, a.solidity, a.raggedness, a.uncertainty)
    FileHandle.standardError.write(Data(line.utf8))
    let mask = BackgroundRemoval.mask(of: map).flatMap { [$0, $0, $0] }
    let kept: Bool
    switch outcome {
    case .success(let cutout):
      kept = true
      cells += [(photo, kept), (RGBImage(width: map.width, height: map.height, bytes: mask), kept), (cutout, kept)]
    case .failure(let rejection):
      kept = false
      rejections[rejection.rawValue, default: 0] += 1
      cells += [(photo, kept), (RGBImage(width: map.width, height: map.height, bytes: mask), kept), (photo, kept)]
    }
  }
  let contact = ContactSheet(columns: 12, cell: (width: 160, height: 200)).draw(cells)
  let rendition = Rendition(longEdge: max(contact.width, contact.height), format: .jpeg, quality: 80)
  let encoded = try await processor.render(
    Pixels(width: contact.width, height: contact.height, channels: 3, bytes: contact.bytes), as: [rendition])
  try Data(encoded[rendition]!.bytes).write(to: URL(fileURLWithPath: sheet))
  times.sort()
  let result: [String: Any] = [
    "photos": files.count, "cutouts": files.count - rejections.values.reduce(0, +), "rejected": rejections,
    "p50_ms": percentile(times, 0.5), "p95_ms": percentile(times, 0.95), "max_ms": times.last ?? 0,
  ]
  let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}

/// A grid of images, each fitted into its cell over a light checkerboard (so transparency shows),
/// with a bar under it: green for a kept cutout, red for a refused one.
struct ContactSheet {
  let columns: Int
  let cell: (width: Int, height: Int)
  static let bar = 6

  func draw(_ images: [(RGBImage, Bool)]) -> RGBImage {
    let rows = (images.count + columns - 1) / columns
    let width = columns * cell.width
    let height = rows * (cell.height + Self.bar)
    var bytes = [UInt8](repeating: 255, count: width * height * 3)
    for (index, (image, kept)) in images.enumerated() {
      let originX = index % columns * cell.width
      let originY = index / columns * (cell.height + Self.bar)
      let scale = min(Float(cell.width - 8) / Float(image.width), Float(cell.height - 8) / Float(image.height))
      let drawnWidth = Int(Float(image.width) * scale)
      let drawnHeight = Int(Float(image.height) * scale)
      let left = originX + (cell.width - drawnWidth) / 2
      let top = originY + (cell.height - drawnHeight) / 2
      for y in 0..<cell.height {
        for x in 0..<cell.width {
          let light: UInt8 = ((x / 10 + y / 10) % 2 == 0) ? 236 : 204
          var colour = (Float(light), Float(light), Float(light))
          let dx = originX + x - left
          let dy = originY + y - top
          if dx >= 0, dy >= 0, dx < drawnWidth, dy < drawnHeight {
            let sx = min(image.width - 1, Int(Float(dx) / scale))
            let sy = min(image.height - 1, Int(Float(dy) / scale))
            let source = (sy * image.width + sx) * image.channels
            let alpha = image.channels == 4 ? Float(image.bytes[source + 3]) / 255 : 1
            colour = (
              colour.0 * (1 - alpha) + Float(image.bytes[source]) * alpha,
              colour.1 * (1 - alpha) + Float(image.bytes[source + 1]) * alpha,
              colour.2 * (1 - alpha) + Float(image.bytes[source + 2]) * alpha
            )
          }
          let target = ((originY + y) * width + originX + x) * 3
          bytes[target] = UInt8(colour.0)
          bytes[target + 1] = UInt8(colour.1)
          bytes[target + 2] = UInt8(colour.2)
        }
      }
      for y in 0..<Self.bar {
        for x in 2..<(cell.width - 2) {
          let target = ((originY + cell.height + y) * width + originX + x) * 3
          bytes[target] = kept ? 46 : 200
          bytes[target + 1] = kept ? 160 : 50
          bytes[target + 2] = kept ? 67 : 50
        }
      }
    }
    return RGBImage(width: width, height: height, channels: 3, bytes: bytes)
  }
}
