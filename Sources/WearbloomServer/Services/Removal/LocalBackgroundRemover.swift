import OrchardImages
import WearbloomCore

/// The background removal that runs on the server itself: the core's ``BackgroundRemoval`` over
/// the photo's pixels, decoded and encoded by libvips. Nothing leaves the machine.
public struct LocalBackgroundRemover: BackgroundRemover {
  let images: ImageProcessor

  public init(images: ImageProcessor) { self.images = images }

  public var name: String { "local" }

  public func removeBackground(from photo: [UInt8]) async throws -> RemovalOutcome {
    let pixels = try await images.pixels(
      of: photo, longEdge: UploadPolicy.longEdge, maximumPixels: UploadPolicy.maximumPixels)
    let image = RGBImage(width: pixels.width, height: pixels.height, channels: 3, bytes: pixels.bytes)
    switch BackgroundRemoval.cutout(of: image) {
    case .failure(let rejection):
      return .refused(rejection.rawValue)
    case .success(let cutout):
      let png = Rendition(longEdge: max(cutout.width, cutout.height), format: .png)
      let encoded = try await images.render(
        Pixels(width: cutout.width, height: cutout.height, channels: 4, bytes: cutout.bytes), as: [png])
      guard let bytes = encoded[png]?.bytes else { throw ImageError.failed("no PNG written") }
      return .cutout(png: bytes)
    }
  }
}
