import ServerKit

/// WalkWorthy's look: frosted glass over a soft dawn gradient, and dusk in the dark look (the
/// system's choice, or the device's own).
enum WalkWorthyTheme {
  static let tokens = DesignTokens(
    name: "walkworthy",
    colors: [
      ("background", "#eef1fb"), ("surface", "#ffffff"), ("text", "#172033"), ("muted", "#46506a"),
      ("border", "#c9d0e4"), ("accent", "#3d4fc4"), ("on-accent", "#ffffff"), ("link", "#3342a8"),
      ("focus", "#1d5fd1"), ("error", "#a4262c"),
    ],
    fonts: [.inter, FontFace(family: "Lora", assetPath: "fonts/lora-latin.woff2", weight: "400 700")],
    fontStacks: [
      ("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif"),
      ("reading", "\"Lora\", Georgia, \"Times New Roman\", serif"),
    ],
    properties: [
      ("glass", "rgb(255 255 255 / 0.62)"), ("glass-strong", "rgb(255 255 255 / 0.8)"),
      ("glass-solid", "rgb(255 255 255 / 0.97)"),
      ("glass-edge", "rgb(255 255 255 / 0.75)"),
      ("glass-shadow", "0 0.75rem 2rem rgb(40 52 110 / 0.14), 0 0.125rem 0.375rem rgb(40 52 110 / 0.08)"),
      ("sky-1", "#dfe6fb"), ("sky-2", "#f6e3ec"), ("sky-3", "#e2f2ee"), ("glow-1", "rgb(140 160 255 / 0.55)"),
      ("glow-2", "rgb(255 178 196 / 0.5)"), ("glow-3", "rgb(126 214 196 / 0.45)"), ("tag-text", "#2b3686"),
    ],
    darkColors: [
      ("background", "#141a2e"), ("surface", "#1d2540"), ("text", "#eef1fb"), ("muted", "#b9c1dc"),
      ("border", "#7a85ae"), ("accent", "#a9b6ff"), ("on-accent", "#141a2e"), ("link", "#b8c3ff"),
      ("focus", "#ffd36b"), ("error", "#ffb4b0"),
    ],
    darkProperties: [
      ("glass", "rgb(32 40 70 / 0.62)"), ("glass-strong", "rgb(36 45 78 / 0.85)"),
      ("glass-solid", "rgb(30 38 66 / 0.97)"),
      ("glass-edge", "rgb(255 255 255 / 0.14)"),
      ("glass-shadow", "0 0.75rem 2rem rgb(0 0 0 / 0.4), 0 0.125rem 0.375rem rgb(0 0 0 / 0.3)"),
      ("sky-1", "#10162a"), ("sky-2", "#1c1730"), ("sky-3", "#0f2226"), ("glow-1", "rgb(86 100 220 / 0.45)"),
      ("glow-2", "rgb(170 80 130 / 0.35)"), ("glow-3", "rgb(40 140 130 / 0.35)"), ("tag-text", "#dfe4ff"),
    ])
}

/// What the settings page shows about the running build.
public struct BuildInfo: Sendable, Equatable {
  public let version: String
  /// The source commit, when the server was told it.
  public let commit: String?

  public init(version: String, commit: String?) {
    self.version = version
    self.commit = commit
  }
}
