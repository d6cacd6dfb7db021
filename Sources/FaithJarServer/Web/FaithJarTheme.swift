import FaithJarCore
import ServerKit

/// Faith Jar's look, as the designer specified it.
enum FaithJarTheme {
  static let tokens = DesignTokens(
    name: "faith-jar",
    colors: [
      ("background", "#faf7f2"), ("surface", "#ffffff"), ("text", "#2d2a26"), ("muted", "#6b5a4a"),
      ("border", "#e6ddd0"), ("accent", "#c4956a"), ("on-accent", "#2d2a26"), ("gold-text", "#8a5a2e"),
      ("link", "#7a4f27"), ("focus", "#1d5fd1"), ("error", "#8a2c1f"),
    ] + Emotion.allCases.flatMap { [("\($0.rawValue)-tint", $0.tint), ("\($0.rawValue)-accent", $0.accent)] },
    fonts: [.inter, FontFace(family: "Lora", assetPath: "fonts/lora-latin.woff2", weight: "400 700")],
    fontStacks: [
      ("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif"),
      ("verse", "\"Lora\", Georgia, \"Times New Roman\", serif"),
    ],
    darkColors: [
      ("background", "#1a1714"), ("surface", "#26221e"), ("text", "#f3ede4"), ("muted", "#cdbdab"),
      ("border", "#463d33"), ("accent", "#d9a877"), ("on-accent", "#1a1714"), ("gold-text", "#e6b887"),
      ("link", "#ecc596"), ("focus", "#ffd36b"), ("error", "#ffb4a8"),
    ] + Emotion.allCases.flatMap { [("\($0.rawValue)-tint", $0.darkTint), ("\($0.rawValue)-accent", $0.darkAccent)] })
}
