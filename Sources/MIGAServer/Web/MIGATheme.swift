import MIGACore
import ServerKit

/// MIGA's look: warm paper and deep ink for the hub, a calm evening blue for the pause.
enum MIGATheme {
  static let tokens = DesignTokens(
    name: "miga",
    colors: [
      ("background", "#f5f2eb"), ("surface", "#ffffff"), ("text", "#1d2a2f"), ("muted", "#4f5d63"),
      ("border", "#dcd6ca"), ("accent", "#2f6f62"), ("on-accent", "#ffffff"), ("link", "#22574c"),
      ("focus", "#1d5fd1"), ("pause-background", "#16232b"), ("pause-text", "#f3efe6"),
      ("pause-muted", "#b9c4c8"), ("pause-ring", "#7fc4b1"), ("pause-track", "#2c3d46"), ("win", "#c98a2b"),
      ("attempts", "#b7c2c6"), ("exits", "#2f6f62"), ("error", "#a3262a"),
    ] + AppRegistry.builtIn.map { ("app-\($0.id)", $0.tint) },
    fonts: [.inter, FontFace(family: "Lora", assetPath: "fonts/lora-latin.woff2", weight: "400 700")],
    fontStacks: [
      ("ui", "\"Inter\", system-ui, -apple-system, \"Segoe UI\", sans-serif"),
      ("reading", "\"Lora\", Georgia, \"Times New Roman\", serif"),
    ],
    // The dark look: the pause's evening blue carried into the hub. The pause itself is already dark.
    darkColors: [
      ("background", "#121a1f"), ("surface", "#1b262c"), ("text", "#ebefe9"), ("muted", "#aebbc0"),
      ("border", "#33434b"), ("accent", "#7fc4b1"), ("on-accent", "#0f1d19"), ("link", "#93d6c4"),
      ("focus", "#ffd36b"), ("win", "#e0a948"), ("attempts", "#4c5d65"), ("exits", "#7fc4b1"),
      ("error", "#ffb4ab"), ("pause-background", "#0e161b"), ("pause-track", "#26363f"),
    ])
}
