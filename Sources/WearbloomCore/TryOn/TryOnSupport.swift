/// The garment categories the active try-on provider renders well enough to offer (FR16,
/// story 3.5). Every category stays available for organising a wardrobe; this decides only where
/// "Try On" is offered. It comes from server configuration, so a category is switched on or off
/// without an app update.
public struct TryOnSupport: Hashable, Sendable {
  public let categories: Set<GarmentCategory>
  /// Whether the provider lays the garment's cutout itself on the body (the local preview): a
  /// garment whose photo could not be cut out cleanly is then not offered, so its photo is never
  /// pasted onto a person as a rectangle, wall and hanger included. A model that dresses the
  /// person from the whole photo takes any garment.
  public let needsCutout: Bool

  public init(_ categories: some Sequence<GarmentCategory>, needsCutout: Bool = false) {
    self.categories = Set(categories)
    self.needsCutout = needsCutout
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

  /// Why `garment` is not offered for try-on, nil when it is: an unsupported category is
  /// `INVALID_CATEGORY`; a garment whose photo could not be cut out (refused by the quality check,
  /// or the remover failed), for a provider that needs a cutout, is `GARMENT_NOT_CUT_OUT`. One
  /// whose cutout is still being made is offered: the render makes it first
  /// (``needsCutoutFirst(_:)``).
  public func refusal(of garment: Garment) -> WardrobeError? {
    guard supports(garment.category) else { return .invalidCategory }
    if needsCutout, garment.removalStatus != .pending, garment.removalStatus != .completed || garment.cutout == nil {
      return .garmentNotCutOut
    }
    return nil
  }

  /// Whether a render of `garment` must see its cutout made before it draws: a provider that lays
  /// the cutout, and a removal not done yet (the try-on asked for straight after the upload).
  public func needsCutoutFirst(_ garment: Garment) -> Bool {
    needsCutout && garment.removalStatus == .pending
  }

  /// Whether `garment` can be tried on `body`, and the photo to draw it on: the garment's
  /// ``refusal(of:)`` first, then no body photo is `NO_BODY_PHOTO`. Refused before any credit is
  /// spent.
  public func check(_ garment: Garment, body: BodyPhoto?) -> Result<BodyPhoto, WardrobeError> {
    if let refusal = refusal(of: garment) { return .failure(refusal) }
    guard let body else { return .failure(.noBodyPhoto) }
    return .success(body)
  }
}
