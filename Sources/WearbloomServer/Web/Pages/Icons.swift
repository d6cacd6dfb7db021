import ServerKit

/// Wearbloom's icons: line drawings on a 24-point grid, in the text's colour, hidden from screen
/// readers (the control beside each names it).
enum Icons {
  private static func icon(_ paths: String) -> HTML {
    HTML(
      trusted:
        "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.75\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\(paths)</svg>"
    )
  }

  static let grid = icon(
    "<rect x=\"4\" y=\"4\" width=\"7\" height=\"7\" rx=\"1\"/><rect x=\"13\" y=\"4\" width=\"7\" height=\"7\" rx=\"1\"/><rect x=\"4\" y=\"13\" width=\"7\" height=\"7\" rx=\"1\"/><rect x=\"13\" y=\"13\" width=\"7\" height=\"7\" rx=\"1\"/>"
  )
  static let plus = icon("<path d=\"M12 5v14M5 12h14\"/>")
  static let person = icon("<circle cx=\"12\" cy=\"8\" r=\"4\"/><path d=\"M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6\"/>")
  static let camera = icon(
    "<path d=\"M4 8h3l2-3h6l2 3h3v11H4z\"/><circle cx=\"12\" cy=\"13\" r=\"3.5\"/>")
  static let gallery = icon(
    "<rect x=\"4\" y=\"5\" width=\"16\" height=\"14\" rx=\"2\"/><circle cx=\"9\" cy=\"10\" r=\"1.5\"/><path d=\"M20 16l-5-5-8 8\"/>"
  )
  static let lock = icon(
    "<rect x=\"5\" y=\"11\" width=\"14\" height=\"9\" rx=\"2\"/><path d=\"M8 11V8a4 4 0 0 1 8 0v3\"/>")
  static let spark = icon(
    "<path d=\"M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6\"/>")
  static let trash = icon("<path d=\"M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13\"/>")
  static let info = icon("<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M12 11v5M12 8h.01\"/>")
  static let back = icon("<path d=\"M15 5l-7 7 7 7\"/>")
  static let close = icon("<path d=\"M6 6l12 12M18 6L6 18\"/>")
  static let thumbsUp = icon(
    "<path d=\"M7 10v10H4V10zM7 10l4-7c1.5 0 2.5 1 2.2 2.6L12.6 9H19a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 20H7\"/>")
  static let thumbsDown = icon(
    "<path d=\"M7 14V4H4v10zM7 14l4 7c1.5 0 2.5-1 2.2-2.6L12.6 15H19a2 2 0 0 0 2-2.3l-1.2-7A2 2 0 0 0 17.8 4H7\"/>")
  static let star = icon("<path d=\"M12 4l2.4 5 5.6.6-4.2 3.8 1.2 5.6L12 16.2 7 19l1.2-5.6L4 9.6 9.6 9z\"/>")
}
