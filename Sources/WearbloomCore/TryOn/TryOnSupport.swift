/// The garment categories the active try-on provider renders well enough to offer (FR16,
/// story 3.5). Every category stays available for organising a wardrobe; this decides only where
/// "Try On" is offered. It comes from server configuration, so a category is switched on or off
/// without an app update.
public struct TryOnSupport: Hashable, Sendable {
  public let categories: Set<GarmentCategory>

  public init(_ categories: some Sequence<GarmentCategory>) {
    self.categories = Set(categories)
  }

  /// What try-on is offered for when the configuration does not say: every category but shoes,
  /// which is what every provider draws (FASHN draws no shoes; outerwear goes on as a top).
  public static let standard = TryOnSupport(GarmentCategory.allCases.filter { $0 != .shoes })

  /// Parses a comma-separated list of category names, such as `tops,bottoms,dresses,outerwear`.
  /// Names are the API's, lowercase; spaces around them and empty items are ignored, so an empty
  /// list offers try-on for nothing. Any other name is an error naming it.
  public init(configuration: String) throws(TryOnConfigurationError) {
    var categories: [GarmentCategory] = []
    for name in configuration.split(separator: ",").map(\.trimmed) where !name.isEmpty {
      guard let category = GarmentCategory(rawValue: name) else { throw .unknownCategory(name) }
      categories.append(category)
    }
    self.init(categories)
  }

  public func supports(_ category: GarmentCategory) -> Bool {
    categories.contains(category)
  }

  /// Every category in display order, each marked with whether try-on is offered: the answer to
  /// `GET categories`, from which the picker badges the unsupported ones.
  public var availability: [CategoryAvailability] {
    GarmentCategory.allCases.map { CategoryAvailability(category: $0, tryOn: supports($0)) }
  }

  /// Whether `garment` can be tried on `body`, and the photo to draw it on: an unsupported
  /// category is `INVALID_CATEGORY`, no body photo is `NO_BODY_PHOTO`. Refused before any credit
  /// is spent.
  public func check(_ garment: Garment, body: BodyPhoto?) -> Result<BodyPhoto, WardrobeError> {
    guard supports(garment.category) else { return .failure(.invalidCategory) }
    guard let body else { return .failure(.noBodyPhoto) }
    return .success(body)
  }
}
