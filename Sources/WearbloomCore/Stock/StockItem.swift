#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something the app provides so a user can try it on before adding their own: a stock garment
/// (FR11) or an illustrated body figure, which a user may replace with their own photo (FR25).
public struct StockItem: Identifiable, Hashable, Sendable, Codable {
  /// A stable, readable id such as `white-t-shirt` or `figure-a`: lowercase letters and digits in
  /// words joined by single hyphens. It names the item's assets and translations, so it never
  /// changes once shipped.
  public typealias ID = String

  /// Which of the two the item is.
  public enum Kind: String, CaseIterable, Codable, Sendable, Hashable {
    case garment, body
  }

  public let id: ID
  public let kind: Kind
  /// The garment's category; nil for a body figure.
  public let category: GarmentCategory?
  /// The English label ("White T-shirt"); other languages key their label by ``id``.
  public let label: String
  /// The item's picture, served like any image: a garment's cutout, or a figure. Derived from
  /// ``id`` when the catalog is made, so it never changes either.
  public let image: ImageReference

  public init(id: ID, kind: Kind, category: GarmentCategory? = nil, label: String, image: ImageReference) {
    self.id = id
    self.kind = kind
    self.category = category
    self.label = label
    self.image = image
  }

  /// What the picture is: a garment's is a cutout (a PNG with its transparency), a figure's a
  /// body photo.
  public var imageKind: ImageKind { kind == .garment ? .cutout : .body }

  /// The stock garment as it stands in every wardrobe: no owner, its catalog id as its id, its
  /// picture already a cutout. Nil for a figure.
  public var garment: Garment? {
    guard kind == .garment, let category else { return nil }
    let shipped = Date(timeIntervalSince1970: 0)
    return Garment(
      id: id, owner: nil, category: category, image: image, cutout: image, removalStatus: .completed,
      createdAt: shipped, updatedAt: shipped)
  }
}
