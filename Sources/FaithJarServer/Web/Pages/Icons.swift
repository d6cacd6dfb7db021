import FaithJarCore
import ServerKit

/// Faith Jar's icons as inline SVG (24-unit grid, drawn with the current text colour), so they
/// need no requests and no inline styles.
enum Icons {
  static func svg(_ icon: Emotion.Icon, label: String? = nil, className: String = "icon") -> HTML {
    let accessibility: HTML =
      label.map { "role=\"img\" aria-label=\"\($0)\"" } ?? "aria-hidden=\"true\" focusable=\"false\""
    return """
      <svg class="\(className)" viewBox="0 0 24 24" \(accessibility) fill="none" stroke="currentColor" \
      stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">\(paths(icon))</svg>
      """
  }

  static func paths(_ icon: Emotion.Icon) -> HTML {
    switch icon {
    case .cloud:
      "<path d=\"M7 18h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.2 9.5 4.25 4.25 0 0 0 7 18z\"/>"
    case .sadFace:
      "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M8.5 16.5c1.9-1.8 5.1-1.8 7 0\"/><path d=\"M9 9.5h.01M15 9.5h.01\"/>"
    case .smile:
      "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M8 14c2 2.4 6 2.4 8 0\"/><path d=\"M9 9.5h.01M15 9.5h.01\"/>"
    case .people:
      """
      <circle cx="9" cy="8" r="3.2"/><path d="M3.5 19c.6-3.4 2.8-5.2 5.5-5.2s4.9 1.8 5.5 5.2"/>\
      <circle cx="16.5" cy="9" r="2.6"/><path d="M15.5 13.9c2.6-.4 4.6 1.2 5 4.6"/>
      """
    case .flame:
      "<path d=\"M12 21c3.9 0 6.5-2.6 6.5-6.2 0-4.3-3.8-6.6-4.6-11.3-2.7 1.9-4 4.5-3.7 7.1-1.2-.7-1.9-1.9-2.1-3.2C6.4 9 5.5 11.1 5.5 14.8 5.5 18.4 8.1 21 12 21z\"/>"
    case .heart:
      "<path d=\"M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z\"/>"
    case .sparkle:
      "<path d=\"M12 3l1.9 5.6L19.5 10l-5.6 1.9L12 17.5l-1.9-5.6L4.5 10l5.6-1.4z\"/><path d=\"M19 16l.7 1.9 1.8.6-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.6z\"/>"
    case .book:
      "<path d=\"M4 5.5C6.5 4.3 9.5 4.3 12 6c2.5-1.7 5.5-1.7 8-.5V19c-2.5-1.2-5.5-1.2-8 .5-2.5-1.7-5.5-1.7-8-.5z\"/><path d=\"M12 6v13.5\"/>"
    case .close:
      "<path d=\"M6 6l12 12M18 6L6 18\"/>"
    case .refresh:
      "<path d=\"M20 11a8 8 0 0 0-14.3-4.9L4 8\"/><path d=\"M4 4v4h4\"/><path d=\"M4 13a8 8 0 0 0 14.3 4.9L20 16\"/><path d=\"M20 20v-4h-4\"/>"
    }
  }
}
