import OrchardImages
import OrchardVision
import WearbloomCore

/// The background removal that runs on the server itself: a salient-object model
/// (``SalientObjects``, run by OpenCV) maps the photo's subject and the core's
/// ``BackgroundRemoval`` turns the map into a cutout or a refusal; libvips decodes and encodes.
/// Nothing leaves the machine.
public struct LocalBackgroundRemover: BackgroundRemover {
  let images: ImageProcessor
  let subjects: @Sendable () throws -> SalientObjects

  public init(
    images: ImageProcessor, subjects: @escaping @Sendable () throws -> SalientObjects = SalientObjects.shipped
  ) {
    self.images = images
    self.subjects = subjects
  }

  public var name: String { "local" }

  public func removeBackground(from photo: [UInt8]) async throws -> RemovalOutcome {
    let pixels = try await images.pixels(
      of: photo, longEdge: UploadPolicy.longEdge, maximumPixels: UploadPolicy.maximumPixels)
    let image = RGBImage(width: pixels.width, height: pixels.height, channels: 3, bytes: pixels.bytes)
    let map = try await Self.subject(of: image, by: subjects())
    switch BackgroundRemoval.cutout(of: image, subject: map) {
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

  /// The model's map of `image`'s subject at the size the core works at.
  public static func subject(of image: RGBImage, by model: SalientObjects) async throws -> BackgroundRemoval.SubjectMap
  {
    let (width, height) = BackgroundRemoval.workingSize(width: image.width, height: image.height)
    let values = try await model.subject(
      of: VisionPixels(width: image.width, height: image.height, channels: image.channels, bytes: image.bytes),
      width: width, height: height)
    return BackgroundRemoval.SubjectMap(width: width, height: height, values: values)
  }
}
