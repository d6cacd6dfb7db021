/// The platform's own look: the launcher and every error page.
public enum PlatformTheme {
  public static let tokens = DesignTokens(
    name: "orchard",
    colors: [
      ("background", "#f6f3ec"), ("surface", "#ffffff"), ("text", "#1f2a1f"), ("muted", "#4f5a52"),
      ("border", "#c9cec6"), ("accent", "#2f6b3a"), ("on-accent", "#ffffff"), ("link", "#2f6b3a"),
      ("focus", "#1d5fd1"),
    ],
    fonts: [.inter],
    fontStacks: [("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif")])
}
