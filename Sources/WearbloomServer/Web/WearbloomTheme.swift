import ServerKit

/// Wearbloom's look, as the spec draws it: a premium neutral frame (white `#FFFFFF`, near-black
/// `#1A1A1A`, the `#F7F7F7` surface and a nude blush `#E8C4B8` highlight), DM Serif Display for
/// headlines and Inter for the rest, black primary buttons, light only for the first version. The
/// account pages wear it too.
public enum WearbloomTheme {
  public static let tokens = DesignTokens(
    name: "wearbloom",
    colors: [
      ("background", "#ffffff"), ("surface", "#f7f7f7"), ("text", "#1a1a1a"), ("muted", "#6b6b6b"),
      ("border", "#d9d9d9"), ("accent", "#1a1a1a"), ("on-accent", "#ffffff"), ("link", "#1a1a1a"),
      ("focus", "#1d5fd1"), ("highlight", "#e8c4b8"), ("error", "#b3261e"),
    ],
    fonts: [.inter, .dmSerifDisplay],
    fontStacks: [
      ("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif"),
      ("display", "\"DM Serif Display\", Georgia, \"Times New Roman\", serif"),
    ],
    properties: [("success", "#1f6f43"), ("highlight-soft", "#f6e9e4"), ("scrim", "rgb(26 26 26 / 0.5)")])
}

extension FontFace {
  /// DM Serif Display, Wearbloom's headline face (a Latin subset).
  static let dmSerifDisplay = FontFace(
    family: "DM Serif Display", assetPath: "fonts/dm-serif-display-latin.woff2", weight: "400")
}
