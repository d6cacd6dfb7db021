/// How a wardrobe is listed, and which garments an account may reach.
public enum Wardrobe {
  /// The wardrobe grid: the account's own garments newest first (ties by id, so the order is the
  /// same on every request), then the stock garments in catalog order; only `category` when one is
  /// chosen, everything for the "All" pill (`nil`).
  public static func list(own: [Garment], stock: [Garment], category: GarmentCategory? = nil) -> [Garment] {
    let newestFirst = own.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    return (newestFirst + stock).filter { category == nil || $0.category == category }
  }

  /// The garment `account` may open: its own, or a stock one. Another account's garment is
  /// `GARMENT_NOT_FOUND`, exactly like a missing one, so an answer never reveals that an id exists.
  public static func garment(_ garment: Garment?, openedBy account: String) -> Result<Garment, WardrobeError> {
    guard let garment, garment.isStock || garment.owner == account else { return .failure(.garmentNotFound) }
    return .success(garment)
  }

  /// The garment `account` may remove: only its own. Stock garments belong to everyone and are
  /// never removed, so for removal they are not found either.
  public static func garment(_ garment: Garment?, removedBy account: String) -> Result<Garment, WardrobeError> {
    guard let garment, garment.owner == account else { return .failure(.garmentNotFound) }
    return .success(garment)
  }
}
