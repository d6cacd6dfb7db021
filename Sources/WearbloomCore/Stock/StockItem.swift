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

  public init(id: ID, kind: Kind, category: GarmentCategory? = nil, label: String) {
    self.id = id
    self.kind = kind
    self.category = category
    self.label = label
  }
}
