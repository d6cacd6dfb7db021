#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A garment in a wardrobe: a user's own photo, or one of the app's stock garments.
///
/// A stock garment has no owner and keeps its catalog id ("white-t-shirt") as its id, so it is the
/// same garment for every account and across releases.
public struct Garment: Identifiable, Hashable, Sendable, Codable {
  public typealias ID = String

  public var id: ID
  /// The account the garment belongs to; nil for a stock garment.
  public var owner: String?
  public var category: GarmentCategory
  /// The processed upload, its long edge at most ``UploadPolicy/longEdge``.
  public var image: ImageReference
  /// The garment without its background, once removal has produced one.
  public var cutout: ImageReference?
  public var removalStatus: BackgroundRemovalStatus
  /// The name its owner gave it; nil shows the guess (``label``).
  public var name: String?
  /// The colour read from its photo as it was added, for the guessed name; nil for one added
  /// before colours were read.
  public var colour: GarmentColour?
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: ID, owner: String?, category: GarmentCategory, image: ImageReference, cutout: ImageReference? = nil,
    removalStatus: BackgroundRemovalStatus, name: String? = nil, colour: GarmentColour? = nil, createdAt: Date,
    updatedAt: Date
  ) {
    self.id = id
    self.owner = owner
    self.category = category
    self.image = image
    self.cutout = cutout
    self.removalStatus = removalStatus
    self.name = name
    self.colour = colour
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// Whether the app provides the garment rather than a user.
  public var isStock: Bool { owner == nil }

  /// The image the wardrobe shows: the cutout once removal has completed, otherwise the original.
  /// A cutout that failed the quality check is `skipped`, so a mangled cutout is never shown.
  public var displayImage: ImageReference {
    if removalStatus == .completed, let cutout { return cutout }
    return image
  }

  /// Every image stored for the garment; removing the garment deletes them all.
  public var images: [ImageReference] {
    [image] + (cutout.map { [$0] } ?? [])
  }
}
