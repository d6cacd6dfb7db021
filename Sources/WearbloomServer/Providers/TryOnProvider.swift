import OrchardImages
import WearbloomCore

/// Who draws a garment on a body photo: an AI model behind an outside service, or the local
/// preview. Each says which categories it renders well; a request outside them is refused before
/// any call and before any credit is touched.
public protocol TryOnProvider: Sendable {
  /// The provider's name in logs and in each render's record.
  var name: String { get }
  /// The categories it renders (FR16).
  var support: TryOnSupport { get }
  /// Whether its results are a preview rather than an AI render: every place one shows says so.
  var isPreview: Bool { get }
  /// The garment (its cutout, or its photo when it has none) drawn on the body photo: an encoded
  /// image.
  func render(body: [UInt8], garment: [UInt8], category: GarmentCategory) async throws -> [UInt8]
}

/// The default provider, with no network: the garment's cutout laid on the body photo at the
/// place and size its category takes on a standing figure (``PreviewPlacement``). It lets the whole
/// product, onboarding included, run on a fresh machine; it is labelled a preview everywhere.
public struct LocalPreviewProvider: TryOnProvider {
  let images: ImageProcessor

  public init(images: ImageProcessor) { self.images = images }

  public var name: String { "local-preview" }
  public var support: TryOnSupport { TryOnSupport(GarmentCategory.allCases) }
  public var isPreview: Bool { true }

  /// Quality of the preview's JPEG: the full photo's own.
  static let quality = ImageFiles.quality

  public func render(body: [UInt8], garment: [UInt8], category: GarmentCategory) async throws -> [UInt8] {
    let box = PreviewPlacement.box(for: category)
    return try await images.overlay(
      garment, on: body, in: (box.x, box.y, box.width, box.height), vertical: box.vertical,
      longEdge: UploadPolicy.longEdge,
      maximumPixels: UploadPolicy.maximumPixels,
      as: Rendition(longEdge: UploadPolicy.longEdge, format: .jpeg, quality: Self.quality)
    ).bytes
  }
}
