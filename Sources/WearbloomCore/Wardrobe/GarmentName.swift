/// What a garment is called: the name its owner gave it, or else one guessed from its colour and
/// category ("Navy top"), so two garments of one category read apart on the sheet, in the looks
/// and in a render's description. A stock garment keeps its catalog label.
public enum GarmentLabel: Hashable, Sendable {
  /// The name the owner gave it.
  case given(String)
  /// A stock garment's label in the catalog.
  case stock(String)
  /// Guessed: its colour when one was read from its photo, and its category.
  case guessed(GarmentColour?, GarmentCategory)
}

/// The rules of a name the owner gives.
public enum GarmentName {
  /// The most characters a name keeps (as a person counts them, not bytes).
  public static let maximumLength = 40

  /// The name as kept: trimmed of spaces; nil when nothing is left, which puts the guess back.
  /// Longer than ``maximumLength`` or holding a control character is `INVALID_NAME`.
  public static func validate(_ text: String) -> Result<String?, WardrobeError> {
    let trimmed = text.trimmed
    guard trimmed.count <= maximumLength,
      !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return .failure(.invalidName) }
    return .success(trimmed.isEmpty ? nil : trimmed)
  }
}

extension Garment {
  /// What the garment is called wherever it shows.
  public var label: GarmentLabel {
    if let name { return .given(name) }
    if isStock, let item = StockCatalog.item(id) { return .stock(item.label) }
    return .guessed(colour, category)
  }
}

/// The colour words a garment's name is guessed with.
public enum GarmentColour: String, CaseIterable, Codable, Sendable, Hashable {
  case black, white, grey, beige, brown, red, pink, orange, yellow, green, blue, navy, purple

  /// The colour one pixel reads as, from its sRGB bytes: lightness and saturation first (black,
  /// white, grey), then its hue, with the dark and pale ends of a hue named apart (navy, brown,
  /// beige, pink).
  public static func of(red: UInt8, green: UInt8, blue: UInt8) -> GarmentColour {
    let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
    let high = max(r, g, b), low = min(r, g, b)
    let value = high, chroma = high - low
    let saturation = high == 0 ? 0 : chroma / high
    if value < 0.2 || (value < 0.3 && saturation < 0.5) { return .black }
    if saturation < 0.14 || chroma < 0.08 { return value > 0.85 ? .white : .grey }
    var hue: Double
    if high == r {
      hue = 60 * ((g - b) / chroma)
    } else if high == g {
      hue = 60 * ((b - r) / chroma + 2)
    } else {
      hue = 60 * ((r - g) / chroma + 4)
    }
    if hue < 0 { hue += 360 }
    switch hue {
    case 15..<45:
      if value < 0.6 { return .brown }
      if saturation < 0.45 { return .beige }
      return hue < 38 ? .orange : .yellow
    case 45..<70: return value < 0.5 ? .brown : (saturation < 0.35 ? .beige : .yellow)
    case 70..<170: return .green
    case 170..<255: return value < 0.5 ? .navy : .blue
    case 255..<290: return .purple
    case 290..<340: return value > 0.55 && saturation < 0.7 ? .pink : .purple
    default: return value > 0.7 && saturation < 0.5 ? .pink : .red
    }
  }

  /// The colour most of a photo's middle is (the centre half of each side, where a garment
  /// photographed on a hanger or laid flat sits), from packed RGB pixels. Near-white pixels, the
  /// usual wall or cutout background, count only when they are most of it: a white shirt is white.
  /// Nil for no pixels.
  public static func dominant(rgb bytes: [UInt8], width: Int, height: Int) -> GarmentColour? {
    guard width > 0, height > 0, bytes.count >= width * height * 3 else { return nil }
    var counts: [GarmentColour: Int] = [:]
    for y in (height / 4)..<max(height / 4 + 1, height - height / 4) {
      for x in (width / 4)..<max(width / 4 + 1, width - width / 4) {
        let at = (y * width + x) * 3
        counts[of(red: bytes[at], green: bytes[at + 1], blue: bytes[at + 2]), default: 0] += 1
      }
    }
    let total = counts.values.reduce(0, +)
    guard total > 0 else { return nil }
    let whites = counts[.white, default: 0]
    if Double(whites) / Double(total) >= 0.6 { return .white }
    counts[.white] = nil
    // Ties go to the colour listed first, so the answer never depends on a dictionary's order.
    return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key.order > $1.key.order) }?.key
      ?? .white
  }

  var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

extension GarmentColour {
  /// The colour's word in a guessed name.
  public var text: WearbloomText {
    switch self {
    case .black: .colourBlack
    case .white: .colourWhite
    case .grey: .colourGrey
    case .beige: .colourBeige
    case .brown: .colourBrown
    case .red: .colourRed
    case .pink: .colourPink
    case .orange: .colourOrange
    case .yellow: .colourYellow
    case .green: .colourGreen
    case .blue: .colourBlue
    case .navy: .colourNavy
    case .purple: .colourPurple
    }
  }
}

extension GarmentCategory {
  /// The category's word for one garment in a guessed name ("top", "dress").
  public var noun: WearbloomText {
    switch self {
    case .tops: .nounTops
    case .bottoms: .nounBottoms
    case .dresses: .nounDresses
    case .shoes: .nounShoes
    case .outerwear: .nounOuterwear
    }
  }
}
