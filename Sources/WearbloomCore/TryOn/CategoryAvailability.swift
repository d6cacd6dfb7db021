/// One garment category and whether try-on is offered for it.
public struct CategoryAvailability: Hashable, Sendable, Codable {
  public let category: GarmentCategory
  public let tryOn: Bool

  public init(category: GarmentCategory, tryOn: Bool) {
    self.category = category
    self.tryOn = tryOn
  }
}
