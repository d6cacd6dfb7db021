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

  /// Dangdai: a warm, playful page with a jade accent (wrong answers will be a gentle orange, so
  /// the accent is not), light and dark.
  static let dangdai = DesignTokens(
    name: "dangdai",
    colors: [
      ("background", "#fff9f2"), ("surface", "#ffffff"), ("text", "#1e2430"), ("muted", "#545b69"),
      ("border", "#e3d9cc"), ("accent", "#0e7a5f"), ("on-accent", "#ffffff"), ("link", "#0b6650"),
      ("focus", "#1d5fd1"), ("error", "#b42318"),
    ],
    fonts: [.inter],
    fontStacks: [("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif")],
    darkColors: [
      ("background", "#14171c"), ("surface", "#1d2129"), ("text", "#eef0f3"), ("muted", "#a9b0bc"),
      ("border", "#343a45"), ("accent", "#4fd1a5"), ("on-accent", "#062b20"), ("link", "#7fe0be"),
      ("focus", "#ffd36b"), ("error", "#ff8a80"),
    ])
}
