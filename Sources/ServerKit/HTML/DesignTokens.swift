/// An app's look as CSS custom properties: colours (light, and dark where the app has a dark look),
/// other custom properties, spacing, type scale, radii and its fonts.
///
/// Each app defines its tokens in Swift; the server turns them into a small stylesheet served with
/// the other assets (content-hashed, immutable), so pages need no inline styles, and every page's
/// browser colour (`theme-color`) is read from the same tokens.
public struct DesignTokens: Sendable {
  /// Short name, used in the stylesheet's path (`tokens/<name>.css`).
  public var name: String
  /// Colours by role, e.g. `("background", "#faf7f2")` → `--color-background`.
  public var colors: [(String, String)]
  /// Fonts the app uses.
  public var fonts: [FontFace]
  /// Font stacks by role, e.g. `("ui", "\"Inter\", system-ui, sans-serif")` → `--font-ui`.
  public var fontStacks: [(String, String)]
  /// Other custom properties by name, e.g. `("glass", "rgb(255 255 255 / 0.62)")` → `--glass`.
  public var properties: [(String, String)]
  /// The dark look: colours and properties that change, by the same names. Empty for an app with
  /// a light look only.
  public var darkColors: [(String, String)]
  public var darkProperties: [(String, String)]
  /// CJK faces the app ships (among ``fonts``), by language tag (`zh-Hant`, `ja`, `ko`): each
  /// comes after the platform's own faces for its language, so a device that has those never
  /// fetches it. The `zh-Hant` face also ends every stack, for Chinese quoted on a page in
  /// another language.
  public var cjkFamilies: [(language: String, family: String)]

  public init(
    name: String, colors: [(String, String)], fonts: [FontFace], fontStacks: [(String, String)],
    properties: [(String, String)] = [], darkColors: [(String, String)] = [], darkProperties: [(String, String)] = [],
    cjkFamilies: [(language: String, family: String)] = []
  ) {
    self.name = name
    self.colors = colors
    self.fonts = fonts
    self.fontStacks = fontStacks
    self.properties = properties
    self.darkColors = darkColors
    self.darkProperties = darkProperties
    self.cjkFamilies = cjkFamilies
  }

  public var hasDarkLook: Bool { !darkColors.isEmpty }

  /// `:lang(ja) { --font-ui: "Inter", <Japanese faces>, <the rest of the stack>; }` and so on.
  var cjkRules: [String] {
    Self.cjkFaces.map { language, faces in
      let shipped = cjkFamilies.first { $0.language == language }.map { ", \"\($0.family)\"" } ?? ""
      let stacks = stacks.map { role, stack in
        let parts = stack.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return "  --font-\(role): \(([parts[0], faces + shipped] + parts.dropFirst()).joined(separator: ", "));"
      }
      return ":lang(\(language)) {\n" + stacks.joined(separator: "\n") + "\n}\n"
    }
  }

  /// The font stacks by role, each ending with the shipped Traditional Chinese face when there is
  /// one.
  var stacks: [(String, String)] {
    guard let chinese = cjkFamilies.first(where: { $0.language == "zh-Hant" }) else { return fontStacks }
    return fontStacks.map { ($0.0, $0.1 + ", \"\(chinese.family)\"") }
  }

  /// The browser's colour for pages whose backdrop is the colour `role`, light and dark.
  public func themeColor(_ role: String = "background") -> ThemeColor {
    guard let light = colors.first(where: { $0.0 == role })?.1 else {
      preconditionFailure("\(name) has no colour \(role)")
    }
    return ThemeColor(light: light, dark: darkColors.first { $0.0 == role }?.1)
  }

  /// The 4-pt spacing scale every app shares.
  public static let spacing: [(String, String)] = [
    ("1", "0.25rem"), ("2", "0.5rem"), ("3", "0.75rem"), ("4", "1rem"), ("5", "1.5rem"), ("6", "2rem"),
    ("7", "3rem"), ("8", "4rem"),
  ]

  /// A 1.2 modular type scale in rem, so text follows the reader's chosen size.
  public static let typeScale: [(String, String)] = [
    ("xs", "0.75rem"), ("sm", "0.875rem"), ("base", "1rem"), ("lg", "1.2rem"), ("xl", "1.44rem"),
    ("2xl", "1.728rem"), ("3xl", "2.074rem"),
  ]

  public static let radii: [(String, String)] = [("sm", "0.5rem"), ("md", "1rem"), ("lg", "1.5rem")]

  /// Chinese, Japanese and Korean are set in the fonts the reader's phone already has: a CJK
  /// subset of an open font would weigh megabytes for a page that shows a few dozen characters.
  /// For a page (or an element) in one of these languages, every font stack keeps its Latin face
  /// first (Inter, Lora draw no CJK glyphs) and then names the platform's CJK faces, so Han, kana
  /// and Hangul come from them. Traditional Chinese names Taiwan's faces before others.
  public static let cjkFaces: [(language: String, faces: String)] = [
    ("zh-Hant", "\"PingFang TC\", \"Noto Sans TC\", \"Noto Sans CJK TC\", \"Microsoft JhengHei\""),
    (
      "ja",
      "\"Hiragino Sans\", \"Hiragino Kaku Gothic ProN\", \"Noto Sans JP\", \"Noto Sans CJK JP\", \"Yu Gothic\", Meiryo"
    ),
    ("ko", "\"Apple SD Gothic Neo\", \"Noto Sans KR\", \"Noto Sans CJK KR\", \"Malgun Gothic\""),
  ]

  /// The stylesheet: `@font-face` rules (with the fonts' hashed URLs), a `:root` block, and for an
  /// app with a dark look the dark values: by the system's choice unless the page chose light
  /// (`theme-light` on `<html>`), or by the page's own choice (`theme-dark`).
  public func stylesheet(assetURL: (String) -> String) -> String {
    var css = fonts.map { $0.rule(url: assetURL($0.assetPath)) }
    var root: [String] = []
    root += colors.map { "  --color-\($0.0): \($0.1);" }
    root += properties.map { "  --\($0.0): \($0.1);" }
    root += stacks.map { "  --font-\($0.0): \($0.1);" }
    root += Self.spacing.map { "  --space-\($0.0): \($0.1);" }
    root += Self.typeScale.map { "  --text-\($0.0): \($0.1);" }
    root += Self.radii.map { "  --radius-\($0.0): \($0.1);" }
    if hasDarkLook { root.append("  color-scheme: light;") }
    css.append(":root {\n" + root.joined(separator: "\n") + "\n}\n")
    css += cjkRules
    guard hasDarkLook else { return css.joined(separator: "\n") }
    let dark =
      (darkColors.map { "  --color-\($0.0): \($0.1);" } + darkProperties.map { "  --\($0.0): \($0.1);" }
      + ["  color-scheme: dark;"]).joined(separator: "\n")
    css.append("@media (prefers-color-scheme: dark) {\n:root:not(.theme-light) {\n\(dark)\n}\n}\n")
    css.append(":root.theme-dark {\n\(dark)\n}\n")
    return css.joined(separator: "\n")
  }
}

/// A web font shipped as an asset.
public struct FontFace: Sendable {
  public var family: String
  public var assetPath: String
  public var weight: String
  public var style: String
  /// The characters this file draws (a CSS `unicode-range`), for a face cut into slices: a
  /// browser fetches a slice only for a page that holds one of them. Nil: every character.
  public var unicodeRange: String?

  public init(
    family: String, assetPath: String, weight: String = "100 900", style: String = "normal",
    unicodeRange: String? = nil
  ) {
    self.family = family
    self.assetPath = assetPath
    self.weight = weight
    self.style = style
    self.unicodeRange = unicodeRange
  }

  /// `font-display: swap` keeps text visible while the font loads.
  func rule(url: String) -> String {
    """
    @font-face {
      font-family: "\(family)";
      src: url("\(url)") format("woff2");
      font-weight: \(weight);
      font-style: \(style);
      font-display: swap;\(unicodeRange.map { "\n  unicode-range: \($0);" } ?? "")
    }

    """
  }

  /// Inter, the UI face of every app (a Latin subset, all weights).
  public static let inter = FontFace(family: "Inter", assetPath: "fonts/inter-latin.woff2")
}

/// The browser's colour around a page (`<meta name="theme-color">`), for the light look and, where
/// the app has one, the dark.
public struct ThemeColor: Sendable, Equatable {
  public let light: String
  public let dark: String?

  public init(light: String, dark: String?) {
    self.light = light
    self.dark = dark
  }

  /// One colour whatever the system's choice: a page whose visitor chose a look.
  public func fixed(dark chosen: Bool) -> ThemeColor {
    ThemeColor(light: chosen ? dark ?? light : light, dark: nil)
  }
}
