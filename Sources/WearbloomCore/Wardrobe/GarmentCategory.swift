/// What a garment is, as a user files it (FR8). `allCases` is the display order of the category
/// picker and the wardrobe's filter pills.
///
/// The raw values are the API's, lowercase; `init(rawValue:)` is case-sensitive and returns nil for
/// anything else ("Tops", " tops", "dress").
public enum GarmentCategory: String, CaseIterable, Codable, Sendable, Hashable {
  case tops, bottoms, dresses, shoes, outerwear
}
