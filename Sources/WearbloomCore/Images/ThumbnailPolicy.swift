/// The two thumbnail sizes, as the long edge in pixels.
///
/// A wardrobe card is at most 219 × 263 pt: two columns with a 2 pt gutter on the widest iPhone
/// (440 pt), cards 1:1.2. A garment is drawn inside its card, so its long edge is at most 263 pt.
/// - ``smallLongEdge`` (280 px) covers that at 1x: the web grid on a desktop screen.
/// - ``largeLongEdge`` (800 px) covers it at 3x (789 px), so no iPhone enlarges a thumbnail; a 2x
///   screen scales it down.
///
/// Both stay well below the 1200 px original (the large one has under half its pixels), which
/// only the garment's detail loads.
public enum ThumbnailPolicy {
  public static let smallLongEdge = 280
  public static let largeLongEdge = 800
}
