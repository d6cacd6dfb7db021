import ServerKit

/// Dangdai's look: a warm, playful page with a jade accent (wrong answers are a gentle orange, so
/// the accent is not), light and dark, with Noto Sans CJK cut to what the app shows for browsers
/// that have no Chinese, Japanese or Korean face of their own.
public enum DangdaiTheme {
  public static let tokens = DesignTokens(
    name: "dangdai",
    colors: [
      ("background", "#fff9f2"), ("surface", "#ffffff"), ("text", "#1e2430"), ("muted", "#545b69"),
      ("border", "#e3d9cc"), ("accent", "#0e7a5f"), ("on-accent", "#ffffff"), ("link", "#0b6650"),
      ("focus", "#1d5fd1"), ("error", "#b42318"),
    ],
    fonts: [.inter] + cjkSlices,
    fontStacks: [("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif")],
    properties: [
      ("right", "#0e7a5f"), ("right-soft", "#e3f4ee"), ("wrong", "#b65c00"), ("wrong-soft", "#fff0e0"),
      ("flame", "#c2410c"), ("track", "#efe6da"),
    ],
    darkColors: [
      ("background", "#14171c"), ("surface", "#1d2129"), ("text", "#eef0f3"), ("muted", "#a9b0bc"),
      ("border", "#343a45"), ("accent", "#4fd1a5"), ("on-accent", "#062b20"), ("link", "#7fe0be"),
      ("focus", "#ffd36b"), ("error", "#ff8a80"),
    ],
    darkProperties: [
      ("right", "#4fd1a5"), ("right-soft", "#123329"), ("wrong", "#ffb066"), ("wrong-soft", "#3a2612"),
      ("flame", "#ff9a5c"), ("track", "#2a2f38"),
    ],
    cjkFamilies: [
      ("zh-Hant", "Dangdai Noto Sans TC"), ("ja", "Dangdai Noto Sans JP"), ("ko", "Dangdai Noto Sans KR"),
    ])
}
