// Made by scripts/build-wearbloom-stock from content/wearbloom/stock.json. Do not edit.

extension StockCatalog {
  /// The stock garments (FR11) and the illustrated figures to try them on (FR24).
  public static let all: [StockItem] = [
    StockItem(
      id: "navy-t-shirt", kind: .garment, category: .tops, label: "Navy T-Shirt",
      image: ImageReference(validating: "jsuwaioixqdximb77ez2rjwtyy")!),
    StockItem(
      id: "striped-sweater", kind: .garment, category: .tops, label: "Striped Sweater",
      image: ImageReference(validating: "n3ancvlxaeka7lhbeyt4jri2qe")!),
    StockItem(
      id: "plaid-turtleneck", kind: .garment, category: .tops, label: "Plaid Turtleneck",
      image: ImageReference(validating: "34h3deaus4qrndjpmfesdhigwm")!),
    StockItem(
      id: "dark-wash-jeans", kind: .garment, category: .bottoms, label: "Dark Wash Jeans",
      image: ImageReference(validating: "4ntxjfyk4y3r5brw5htq4xp5sj")!),
    StockItem(
      id: "black-flared-skirt", kind: .garment, category: .bottoms, label: "Black Flared Skirt",
      image: ImageReference(validating: "zee6k7tet72m2pzqarybd5oadj")!),
    StockItem(
      id: "little-black-dress", kind: .garment, category: .dresses, label: "Little Black Dress",
      image: ImageReference(validating: "hk243tyzydznltzg6josbsczhe")!),
    StockItem(
      id: "embroidered-green-dress", kind: .garment, category: .dresses, label: "Embroidered Green Dress",
      image: ImageReference(validating: "5giop7jwzj7j5sqo5g65b6g33g")!),
    StockItem(
      id: "green-quilted-jacket", kind: .garment, category: .outerwear, label: "Green Quilted Jacket",
      image: ImageReference(validating: "y6tdghrr6f4cfw6wjgxip2nyi3")!),
    StockItem(
      id: "dark-knit-sneakers", kind: .garment, category: .shoes, label: "Dark Knit Sneakers",
      image: ImageReference(validating: "cbnosax3qgn5zwfoa6ol2exxji")!),
    StockItem(
      id: "figure-slender", kind: .body, category: nil, label: "Slender figure",
      image: ImageReference(validating: "gvmczku7uslvl2zkllc4djh2cq")!),
    StockItem(
      id: "figure-balanced", kind: .body, category: nil, label: "Balanced figure",
      image: ImageReference(validating: "5slpfkzghvqjcj233icyoid7vb")!),
    StockItem(
      id: "figure-curvy", kind: .body, category: nil, label: "Curvy figure",
      image: ImageReference(validating: "zlu5ijdhxqxx2ukdfktbkev7vv")!),
  ]
}
