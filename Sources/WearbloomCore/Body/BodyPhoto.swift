#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The photo an account's try-ons are drawn on (FR2, FR3): the user's own, or a stock figure until
/// they add one (FR25). An account has one; a new photo is a new value that replaces it.
public struct BodyPhoto: Hashable, Sendable, Codable {
  /// Where the photo comes from.
  public enum Source: Hashable, Sendable {
    /// The user's own upload.
    case own(ImageReference)
    /// One of the stock body figures.
    case stock(StockItem.ID)
  }

  /// The account's id.
  public let owner: String
  public let source: Source
  public let updatedAt: Date

  public init(owner: String, source: Source, updatedAt: Date) {
    self.owner = owner
    self.source = source
    self.updatedAt = updatedAt
  }

  /// The stored image that belongs to the account (deleted with it); nil for a stock figure.
  public var ownImage: ImageReference? {
    guard case .own(let image) = source else { return nil }
    return image
  }

  /// The picture try-ons are drawn on: the user's photo, or the stock figure's.
  public var image: ImageReference? {
    switch source {
    case .own(let image): image
    case .stock(let id): StockCatalog.item(id)?.image
    }
  }

  /// The stored image to delete once `replacement` is saved: this photo's own image, unless the
  /// replacement keeps it. A stock figure is shared and never deleted.
  public func imageToDelete(replacedBy replacement: BodyPhoto) -> ImageReference? {
    ownImage == replacement.ownImage ? nil : ownImage
  }
}

extension BodyPhoto.Source: Codable {
  private enum CodingKeys: String, CodingKey {
    case own, stock
  }

  /// Decodes `{"own": "<image id>"}` or `{"stock": "<stock id>"}`, exactly one of the two.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch container.allKeys {
    case [.own]: self = .own(try container.decode(ImageReference.self, forKey: .own))
    case [.stock]: self = .stock(try container.decode(StockItem.ID.self, forKey: .stock))
    default:
      throw DecodingError.dataCorrupted(
        .init(codingPath: container.codingPath, debugDescription: "expected exactly one of \"own\" or \"stock\""))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .own(let image): try container.encode(image, forKey: .own)
    case .stock(let id): try container.encode(id, forKey: .stock)
    }
  }
}
