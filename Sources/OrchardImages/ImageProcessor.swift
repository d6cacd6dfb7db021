import CVips
import Dispatch
import Foundation
import NIOPosix
import OrchardKit
import Synchronization

/// Decodes, turns upright, shrinks and re-encodes photos with libvips, off the event loop.
///
/// Every photo's size is read from its header before a pixel is decoded, so a decompression bomb
/// (a small file that decodes to gigabytes) is refused having cost a few kilobytes. Large JPEG,
/// WebP and HEIC files are decoded already shrunk (shrink-on-load). Every output is written
/// without metadata: no EXIF (so no GPS position), no XMP, no colour profile (colours are converted
/// to sRGB first). At most `width` photos are processed at once; the rest wait their turn.
public final class ImageProcessor: Sendable {
  private let limit: ConcurrencyLimit
  private let pool: NIOThreadPool

  public init(width: Int = 2, pool: NIOThreadPool = .singleton) {
    limit = ConcurrencyLimit(width: width)
    self.pool = pool
  }

  /// libvips, started once per process, when the first image is read: starting it loads its
  /// modules (HEIC among them), which a server that has not seen a photo yet need not wait for.
  private static let started: Bool = orchard_vips_start(2) == 0

  /// The size of the encoded image in `bytes` as it will show (turned by its EXIF orientation),
  /// read from the header alone.
  public func size(of bytes: [UInt8]) async throws -> PixelSize {
    try await offload { try Self.header(bytes) }
  }

  /// `bytes` made into each of `renditions`: turned upright, in sRGB, shrunk to fit its long edge,
  /// encoded without metadata. Refused before decoding when larger than `maximumPixels`.
  public func render(
    _ bytes: [UInt8], as renditions: [Rendition], maximumPixels: Int
  ) async throws -> [Rendition: EncodedImage] {
    try await offload {
      let size = try Self.header(bytes)
      guard size.pixels <= maximumPixels else { throw ImageError.tooManyPixels(size) }
      return try bytes.withUnsafeBytes { buffer in
        let largest = renditions.map(\.longEdge).max() ?? 0
        let base = try Self.call { orchard_vips_thumbnail(buffer.baseAddress, buffer.count, Int32(largest), &$0) }
        defer { g_object_unref(base) }
        return try Self.render(base, as: renditions)
      }
    }
  }

  /// Packed pixels made into each of `renditions` (a cutout, with its alpha).
  public func render(_ pixels: Pixels, as renditions: [Rendition]) async throws -> [Rendition: EncodedImage] {
    try await offload {
      try pixels.bytes.withUnsafeBytes { buffer in
        guard
          let image = orchard_vips_from_pixels(
            buffer.baseAddress, buffer.count, Int32(pixels.width), Int32(pixels.height), Int32(pixels.channels))
        else { throw ImageError.failed(Self.lastError()) }
        defer { g_object_unref(image) }
        return try Self.render(image, as: renditions)
      }
    }
  }

  /// `overlay` (a cutout, with its transparency) laid over `base` (a photo), both turned upright
  /// and in sRGB: the base shrunk to fit `longEdge`, the overlay fitted into `box` (in the base's
  /// pixels once shrunk, as fractions of its width and height: x, y, width, height) keeping its
  /// proportions, centred across and placed `vertical` of the way down the room left (0 at the
  /// top, 1 at the bottom); encoded as `rendition` without metadata. Either larger than
  /// `maximumPixels` is refused before decoding.
  public func overlay(
    _ overlay: [UInt8], on base: [UInt8], in box: (x: Double, y: Double, width: Double, height: Double),
    vertical: Double = 0.5, longEdge: Int, maximumPixels: Int, as rendition: Rendition
  ) async throws -> EncodedImage {
    try await offload {
      for bytes in [base, overlay] {
        let size = try Self.header(bytes)
        guard size.pixels <= maximumPixels else { throw ImageError.tooManyPixels(size) }
      }
      let below = try base.withUnsafeBytes { buffer in
        try Self.call { orchard_vips_thumbnail(buffer.baseAddress, buffer.count, Int32(longEdge), &$0) }
      }
      defer { g_object_unref(below) }
      let belowRGB = try Self.call { orchard_vips_srgb(below, &$0) }
      defer { g_object_unref(belowRGB) }
      let width = Double(vips_image_get_width(belowRGB))
      let height = Double(vips_image_get_height(belowRGB))
      let boxWidth = max(1, Int32(box.width * width))
      let boxHeight = max(1, Int32(box.height * height))
      let above = try overlay.withUnsafeBytes { buffer in
        try Self.call { orchard_vips_thumbnail(buffer.baseAddress, buffer.count, max(boxWidth, boxHeight), &$0) }
      }
      defer { g_object_unref(above) }
      let aboveRGB = try Self.call { orchard_vips_srgb(above, &$0) }
      defer { g_object_unref(aboveRGB) }
      let fitted = try Self.call { orchard_vips_fit(aboveRGB, boxWidth, boxHeight, &$0) }
      defer { g_object_unref(fitted) }
      let x = Int32(box.x * width) + (boxWidth - Int32(vips_image_get_width(fitted))) / 2
      let room = Double(boxHeight - Int32(vips_image_get_height(fitted)))
      let y = Int32(box.y * height) + Int32(room * min(max(vertical, 0), 1))
      let laid = try Self.call { orchard_vips_over(belowRGB, fitted, x, y, &$0) }
      defer { g_object_unref(laid) }
      let bare = try Self.call { orchard_vips_without_metadata(laid, &$0) }
      defer { g_object_unref(bare) }
      return try Self.encode(bare, rendition)
    }
  }

  /// The photo's pixels as packed RGB, turned upright and shrunk to fit `longEdge`: what
  /// background removal works on.
  public func pixels(of bytes: [UInt8], longEdge: Int, maximumPixels: Int) async throws -> Pixels {
    try await offload {
      let size = try Self.header(bytes)
      guard size.pixels <= maximumPixels else { throw ImageError.tooManyPixels(size) }
      return try bytes.withUnsafeBytes { buffer in
        let thumbnail = try Self.call {
          orchard_vips_thumbnail(buffer.baseAddress, buffer.count, Int32(longEdge), &$0)
        }
        defer { g_object_unref(thumbnail) }
        let srgb = try Self.call { orchard_vips_srgb(thumbnail, &$0) }
        defer { g_object_unref(srgb) }
        let flat = try Self.call { orchard_vips_flatten_white(srgb, &$0) }
        defer { g_object_unref(flat) }
        var length = 0
        guard let memory = orchard_vips_rgb_pixels(flat, &length) else { throw ImageError.failed(Self.lastError()) }
        defer { g_free(memory) }
        let width = Int(vips_image_get_width(flat))
        let height = Int(vips_image_get_height(flat))
        return Pixels(
          width: width, height: height, channels: 3, bytes: Array(UnsafeRawBufferPointer(start: memory, count: length)))
      }
    }
  }

  /// How much of its picture an image keeps: the mean of its alpha, 0 to 1 (1 without alpha).
  /// Refused before decoding when larger than `maximumPixels`.
  public func alphaCoverage(of bytes: [UInt8], maximumPixels: Int) async throws -> Double {
    try await offload {
      let size = try Self.header(bytes)
      guard size.pixels <= maximumPixels else { throw ImageError.tooManyPixels(size) }
      return try bytes.withUnsafeBytes { buffer in
        guard !bytes.isEmpty, let image = orchard_vips_header(buffer.baseAddress, buffer.count) else {
          throw ImageError.unreadable(Self.lastError())
        }
        defer { g_object_unref(image) }
        var mean = 0.0
        guard orchard_vips_alpha_mean(image, &mean) == 0 else { throw ImageError.failed(Self.lastError()) }
        return mean / 255
      }
    }
  }

  /// Runs `work` on the thread pool, a few at a time; libvips starts there the first time.
  private func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await limit.run {
      try await pool.runIfActive {
        guard Self.started else { throw ImageError.failed("libvips did not start") }
        return try work()
      }
    }
  }

  private static func header(_ bytes: [UInt8]) throws -> PixelSize {
    try bytes.withUnsafeBytes { buffer in
      guard !bytes.isEmpty, let image = orchard_vips_header(buffer.baseAddress, buffer.count) else {
        throw ImageError.unreadable(lastError())
      }
      defer { g_object_unref(image) }
      let width = Int(vips_image_get_width(image))
      let height = Int(vips_image_get_height(image))
      // Orientations 5–8 turn the image a quarter, swapping its sides.
      return vips_image_get_orientation_swap(image) != 0
        ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
    }
  }

  private static func render(
    _ image: UnsafeMutablePointer<VipsImage>, as renditions: [Rendition]
  ) throws
    -> [Rendition: EncodedImage]
  {
    let srgb = try call { orchard_vips_srgb(image, &$0) }
    defer { g_object_unref(srgb) }
    // Every rendition reads the same pixels, so they are decoded once, into memory.
    guard let decoded = vips_image_copy_memory(srgb) else { throw ImageError.failed(lastError()) }
    defer { g_object_unref(decoded) }
    let base = try call { orchard_vips_without_metadata(decoded, &$0) }
    defer { g_object_unref(base) }
    let baseEdge = max(Int(vips_image_get_width(base)), Int(vips_image_get_height(base)))
    // The renditions are encoded side by side (the decoded base is only read), one a core.
    let results = Mutex([Rendition: Result<EncodedImage, any Error>]())
    nonisolated(unsafe) let shared = base
    DispatchQueue.concurrentPerform(iterations: renditions.count) { index in
      let rendition = renditions[index]
      let result = Result { () throws -> EncodedImage in
        let sized =
          rendition.longEdge < baseEdge
          ? try call { orchard_vips_thumbnail_image(shared, Int32(rendition.longEdge), &$0) }
          : try call { orchard_vips_copy(shared, &$0) }
        defer { g_object_unref(sized) }
        return try encode(sized, rendition)
      }
      results.withLock { $0[rendition] = result }
    }
    return try results.withLock { $0 }.mapValues { try $0.get() }
  }

  private static func encode(_ image: UnsafeMutablePointer<VipsImage>, _ rendition: Rendition) throws -> EncodedImage {
    var buffer: UnsafeMutableRawPointer?
    var length = 0
    let quality = Int32(rendition.quality)
    let status: Int32
    switch rendition.format {
    case .jpeg:
      let flat = try call { orchard_vips_flatten_white(image, &$0) }
      defer { g_object_unref(flat) }
      status = orchard_vips_jpeg(flat, quality, rendition.progressive.map { $0 ? 1 : 0 } ?? -1, &buffer, &length)
    case .webp: status = orchard_vips_webp(image, quality, &buffer, &length)
    case .png: status = orchard_vips_png(image, &buffer, &length)
    case .heic: status = orchard_vips_heic(image, quality, &buffer, &length)
    }
    guard status == 0, let buffer else { throw ImageError.failed(lastError()) }
    defer { g_free(buffer) }
    var bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
    if rendition.format == .webp {
      guard let stripped = WebPContainer.stripped(bytes) else {
        throw ImageError.failed("libvips wrote a damaged WebP")
      }
      bytes = stripped
    }
    return EncodedImage(
      bytes: bytes, format: rendition.format,
      size: PixelSize(width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image))))
  }

  /// Runs a libvips call that writes an image to its argument, turning a failure into an error.
  private static func call(
    _ operation: (inout UnsafeMutablePointer<VipsImage>?) -> Int32
  ) throws -> UnsafeMutablePointer<VipsImage> {
    var out: UnsafeMutablePointer<VipsImage>?
    guard operation(&out) == 0, let out else { throw ImageError.failed(lastError()) }
    return out
  }

  private static func lastError() -> String {
    let message = String(cString: vips_error_buffer()).trimmingCharacters(in: .whitespacesAndNewlines)
    vips_error_clear()
    return message.isEmpty ? "libvips gave no reason" : message
  }
}
