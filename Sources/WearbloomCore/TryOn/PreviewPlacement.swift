/// A box within a picture, each side a fraction (0–1) of the picture's width or height, and where
/// in its height a smaller picture sits: 0 at the top, 1 at the bottom.
public struct FractionBox: Hashable, Sendable {
  public let x: Double
  public let y: Double
  public let width: Double
  public let height: Double
  public let vertical: Double

  public init(x: Double, y: Double, width: Double, height: Double, vertical: Double = 0) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.vertical = vertical
  }
}

/// Where the local preview lays a garment on a full-length, front-on figure: the box its cutout
/// is fitted into (keeping its proportions, centred across, hung from the top but for shoes,
/// which stand at the bottom), by category. The boxes follow a figure
/// standing upright and filling the picture's height, as the stock figures do; on a person's own
/// photo the preview is rough, and it always says it is a preview, not an AI render.
public enum PreviewPlacement {
  public static func box(for category: GarmentCategory) -> FractionBox {
    switch category {
    // Shoulders to hips.
    case .tops: FractionBox(x: 0.28, y: 0.20, width: 0.44, height: 0.36)
    // A little wider and longer than a top, over it.
    case .outerwear: FractionBox(x: 0.25, y: 0.195, width: 0.50, height: 0.43)
    // Waist to ankles.
    case .bottoms: FractionBox(x: 0.29, y: 0.42, width: 0.42, height: 0.52)
    // Shoulders to knees.
    case .dresses: FractionBox(x: 0.27, y: 0.20, width: 0.46, height: 0.60)
    // Both feet, standing on the floor.
    case .shoes: FractionBox(x: 0.30, y: 0.84, width: 0.40, height: 0.14, vertical: 1)
    }
  }
}
