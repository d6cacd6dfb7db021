import Foundation
import OrchardImages
import WearbloomCore
import WearbloomServer

/// Wearbloom's image work, for scripts/bench: an upload of a 12-megapixel camera photo checked and
/// stored in every form (the server's part of `POST garments`, without the network and the
/// store), and a 20,000 × 20,000 PNG bomb refused, with how much the process's peak memory grew.
func wearbloomImages(runs: Int) async throws {
  let processor = ImageProcessor()
  let forms = Array(ImageFiles.renditions(of: .garment).values)
  // The bomb first, while the process's peak memory is still low enough to show what it costs,
  // once libvips has started (reading a tiny image's size), so its start is not counted as the bomb's.
  _ = try await processor.size(of: DecompressionBomb.png(side: 16))
  let bomb = DecompressionBomb.png(side: 20_000)
  let before = peakResidentBytes()
  let bombStarted = ContinuousClock.now
  var refused = false
  do {
    _ = try await processor.render(bomb, as: forms, maximumPixels: UploadPolicy.maximumPixels)
  } catch ImageError.tooManyPixels {
    refused = true
  }
  let refusal = milliseconds(ContinuousClock.now - bombStarted)
  let rssAfterBomb = peakResidentBytes()
  let photo = try await cameraPhoto(processor)
  var times: [Double] = []
  var stored = 0
  for _ in 0..<runs {
    let started = ContinuousClock.now
    let size = try await processor.size(of: photo)
    guard case .success = UploadPolicy.check(width: size.width, height: size.height) else { throw ExitCode.refused }
    let outputs = try await processor.render(photo, as: forms, maximumPixels: UploadPolicy.maximumPixels)
    times.append(milliseconds(ContinuousClock.now - started))
    stored = outputs.values.reduce(0) { $0 + $1.bytes.count }
  }
  times.sort()
  let result: [String: Any] = [
    "upload": [
      "runs": runs, "megapixels": 12.2, "photo_bytes": photo.count, "stored_bytes": stored,
      "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99), "max_ms": times.last ?? 0,
    ],
    "bomb": [
      "side": 20_000, "file_bytes": bomb.count, "refused": refused, "refused_ms": refusal,
      "decoded_bytes": 20_000 * 20_000, "peak_rss_growth_bytes": rssAfterBomb - before,
    ],
  ]
  let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}

enum ExitCode: Error { case refused }

/// Writes the 12-megapixel photo the upload is measured with, for scripts/bench to send through the API.
func writeCameraPhoto(to path: String) async throws {
  try Data(try await cameraPhoto(ImageProcessor())).write(to: URL(fileURLWithPath: path))
}

/// A 4032 × 3024 photo (an iPhone's 12 megapixels) with a camera's kind of detail: light falling
/// across a textured surface, and grain, so it compresses as a real photo does (a few megabytes),
/// written as a camera writes a JPEG: sequential, not progressive.
func cameraPhoto(_ processor: ImageProcessor) async throws -> [UInt8] {
  let width = 4032
  let height = 3024
  var bytes = [UInt8](repeating: 0, count: width * height * 3)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  for y in 0..<height {
    for x in 0..<width {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      let grain = Int(state & 15) - 8
      let weave = ((x / 3 + y / 5) % 7) * 3
      let light = 150 + 60 * x / width - 40 * y / height
      let index = (y * width + x) * 3
      bytes[index] = UInt8(clamping: light + weave + grain)
      bytes[index + 1] = UInt8(clamping: light - 10 + weave + grain)
      bytes[index + 2] = UInt8(clamping: light - 25 + grain)
    }
  }
  // Sequential, as a camera writes it (a progressive file takes about twice as long to decode).
  let rendition = Rendition(longEdge: width, format: .jpeg, quality: 92, progressive: false)
  return try await processor.render(Pixels(width: width, height: height, channels: 3, bytes: bytes), as: [rendition])[
    rendition]!.bytes
}

/// The process's largest resident set so far, in bytes.
private func peakResidentBytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss * 1024
}
