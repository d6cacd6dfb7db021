import ServerKit

/// Line icons drawn for WalkWorthy's tabs, decorative only (the tab's text is its name).
enum Icons {
  static func tab(_ tab: WalkWorthyPages.Tab) -> HTML {
    let shape: HTML =
      switch tab {
      case .home: "<path d=\"M4 11.5 12 5l8 6.5V20h-5.5v-5h-5v5H4z\"/>"
      case .canvas:
        "<rect x=\"4\" y=\"5.5\" width=\"16\" height=\"14\" rx=\"2.5\"/><path d=\"M4 10h16M9 3.5v4M15 3.5v4\"/>"
      case .history: "<circle cx=\"12\" cy=\"12\" r=\"8\"/><path d=\"M12 7.5V12l3 2\"/>"
      case .settings:
        "<circle cx=\"12\" cy=\"12\" r=\"3\"/><path d=\"M12 3.5v2.5M12 18v2.5M3.5 12H6M18 12h2.5M6 6l1.8 1.8M16.2 16.2 18 18M6 18l1.8-1.8M16.2 7.8 18 6\"/>"
      }
    return "<svg class=\"tab-icon\" viewBox=\"0 0 24 24\" aria-hidden=\"true\" focusable=\"false\">\(shape)</svg>"
  }
}
