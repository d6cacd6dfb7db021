import Foundation
import ServerKit
import WearbloomCore

/// The stock wardrobe's images, bundled with the server (scripts/build-wearbloom-stock makes
/// them): each garment's cutout and each figure, as PNG, at most 1200 px on the long edge.
public enum StockImages {
  /// The PNG of `item`.
  public static func png(of item: StockItem) throws -> [UInt8] {
    try Bundle.module.bytes(of: "Public/stock/\(item.id).png")
  }
}
