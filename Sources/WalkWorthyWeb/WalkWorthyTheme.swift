import ServerKit

/// WalkWorthy's look: frosted glass over a soft dawn gradient (dusk in dark mode). The dark values
/// live in the stylesheet, keyed to the system setting and the device's own choice.
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
    ])
}

/// Where WalkWorthy's pages live.
enum WWPath {
  static let root = "/walkworthy/"
  static let welcome = "/walkworthy/welcome"
  static let canvas = "/walkworthy/canvas"
  static let canvasLink = "/walkworthy/canvas/link"
  static let canvasUnlink = "/walkworthy/canvas/unlink"
  static let next = "/walkworthy/next"
  static let previous = "/walkworthy/previous"
  static let translation = "/walkworthy/translation"
  static let refresh = "/walkworthy/refresh"
  static let popups = "/walkworthy/popups"
  static let popupsSeen = "/walkworthy/popups/seen"
  static func popup(_ number: Int) -> String { "/walkworthy/popups?card=\(number)" }
  static let history = "/walkworthy/history"
  static func historyEntry(_ id: Int) -> String { "/walkworthy/history/\(id)" }
  static let settings = "/walkworthy/settings"
  static let testNotification = "/walkworthy/settings/test-notification"
  static let testClock = "/walkworthy/test-clock"
  static let serviceWorker = "/walkworthy/sw.js"
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
