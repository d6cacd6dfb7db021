// Made by scripts/build-wearbloom-stock from content/wearbloom/stock.json. Do not edit.

extension StockCatalog {
  /// The stock garments (FR11) and the illustrated figures to try them on (FR24).
  public static let all: [StockItem] = [
    StockItem(id: "navy-t-shirt", kind: .garment, category: .tops, label: "Navy T-Shirt"),
    StockItem(id: "striped-sweater", kind: .garment, category: .tops, label: "Striped Sweater"),
    StockItem(id: "plaid-turtleneck", kind: .garment, category: .tops, label: "Plaid Turtleneck"),
    StockItem(id: "dark-wash-jeans", kind: .garment, category: .bottoms, label: "Dark Wash Jeans"),
    StockItem(id: "black-flared-skirt", kind: .garment, category: .bottoms, label: "Black Flared Skirt"),
    StockItem(id: "little-black-dress", kind: .garment, category: .dresses, label: "Little Black Dress"),
    StockItem(id: "embroidered-green-dress", kind: .garment, category: .dresses, label: "Embroidered Green Dress"),
    StockItem(id: "green-quilted-jacket", kind: .garment, category: .outerwear, label: "Green Quilted Jacket"),
    StockItem(id: "dark-knit-sneakers", kind: .garment, category: .shoes, label: "Dark Knit Sneakers"),
    StockItem(id: "figure-slender", kind: .body, category: nil, label: "Slender figure"),
    StockItem(id: "figure-balanced", kind: .body, category: nil, label: "Balanced figure"),
    StockItem(id: "figure-curvy", kind: .body, category: nil, label: "Curvy figure"),
  ]
}
