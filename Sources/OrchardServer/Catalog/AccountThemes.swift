import ServerKit

/// The looks of the two apps whose accounts open before their screens: their account pages wear
/// them now, and the apps' own modules will carry them on.
enum AccountThemes {
  /// Wearbloom's spec: a premium neutral frame (white, near-black, a nude blush highlight), DM Serif
  /// Display for headlines and Inter for the rest, black primary buttons, and no dark look yet.
  static let wearbloom = DesignTokens(
    name: "wearbloom",
    colors: [
      ("background", "#ffffff"), ("surface", "#f7f7f7"), ("text", "#1a1a1a"), ("muted", "#6b6b6b"),
      ("border", "#d9d9d9"), ("accent", "#1a1a1a"), ("on-accent", "#ffffff"), ("link", "#1a1a1a"),
      ("focus", "#1d5fd1"), ("highlight", "#e8c4b8"), ("error", "#b3261e"),
    ],
    fonts: [
      .inter, FontFace(family: "DM Serif Display", assetPath: "fonts/dm-serif-display-latin.woff2", weight: "400"),
    ],
    fontStacks: [
      ("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif"),
      ("display", "\"DM Serif Display\", Georgia, \"Times New Roman\", serif"),
    ])
}
