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
    fontStacks: [("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif")],
    darkColors: [
      ("background", "#141a15"), ("surface", "#1e261f"), ("text", "#e9efe6"), ("muted", "#b2bdb3"),
      ("border", "#3a463c"), ("accent", "#8cc79a"), ("on-accent", "#10200f"), ("link", "#9fd6ab"),
      ("focus", "#ffd36b"),
    ])
}
