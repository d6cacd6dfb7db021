import ServerKit

/// The launcher at `/`: what Orchard is and a card for each app.
enum LauncherPage {
  static func page(apps: [AppManifest]) -> Page {
    Page(
      title: "Orchard · Five small apps, made with care",
      description: "Orchard grows five focused apps for faith, attention, study, style and language.",
      theme: PlatformTheme.tokens.name, themeColor: PlatformTheme.tokens.themeColor(),
      stylesheets: ["launcher/launcher.css"],
      preloadFonts: [FontFace.inter.assetPath], bodyClass: "launcher",
      main: """
        <header class="launcher-header">
        <svg class="launcher-mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">\(mark)</svg>
        <h1>Orchard</h1>
        <p>Five small apps, each doing one thing well: a verse for how you feel, a pause before the scroll, \
        encouragement for a school day, clothes on your own photo, and Chinese practice that follows your textbook.</p>
        </header>
        <section aria-labelledby="apps-title">
        <h2 id="apps-title" class="visually-hidden">The apps</h2>
        <ul class="app-list" role="list">
        \(apps.map(card))
        </ul>
        </section>
        <footer class="launcher-footer">
        <p>Every app works on your phone’s browser, without an account unless it needs one.</p>
        <p>Type set in Inter (SIL Open Font License).</p>
        </footer>
        """)
  }

  static func card(_ app: AppManifest) -> HTML {
    let body: HTML = """
      <svg class="app-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">\(icon(app.id))</svg>
      <span class="app-name">\(app.name)\(status(app))</span>
      <span class="app-promise">\(app.promise)</span>
      """
    switch app.availability {
    case .available:
      return "<li><a class=\"app-card app--\(app.id)\" href=\"\(app.path)\">\(body)</a></li>"
    case .comingSoon:
      return "<li><div class=\"app-card app-card--soon app--\(app.id)\" aria-disabled=\"true\">\(body)</div></li>"
    }
  }

  static func status(_ app: AppManifest) -> HTML {
    app.availability == .comingSoon ? "<span class=\"app-status\">Coming soon</span>" : ""
  }

  /// Each app's own icon, drawn for Orchard on a 48-unit grid.
  static func icon(_ id: String) -> HTML {
    switch id {
    case "faith-jar":  // a jar with a small light inside
      """
      <rect width="48" height="48" rx="12" fill="#c4956a"/>\
      <path d="M17 13h14v4.5c3.2 1.6 5 4.6 5 8.5v7a4 4 0 0 1-4 4H16a4 4 0 0 1-4-4v-7c0-3.9 1.8-6.9 5-8.5z" fill="#faf7f2"/>\
      <rect x="16" y="10" width="16" height="4" rx="1.5" fill="#8a5a2e"/>\
      <path d="M24 21.5l1.6 4.4 4.4 1.6-4.4 1.6-1.6 4.4-1.6-4.4-4.4-1.6 4.4-1.6z" fill="#e0b561"/>
      """
    case "miga":  // the pause: a ring nearly drained, and two bars
      """
      <rect width="48" height="48" rx="12" fill="#16232b"/>\
      <circle cx="24" cy="24" r="13" fill="none" stroke="#2c3d46" stroke-width="4"/>\
      <path d="M24 11a13 13 0 1 1-12.4 9" fill="none" stroke="#7fc4b1" stroke-width="4" stroke-linecap="round"/>\
      <rect x="19.5" y="18.5" width="3" height="11" rx="1.5" fill="#f3efe6"/><rect x="25.5" y="18.5" width="3" height="11" rx="1.5" fill="#f3efe6"/>
      """
    case "walkworthy":  // a path toward a rising sun
      """
      <rect width="48" height="48" rx="12" fill="#3d4fc4"/>\
      <circle cx="24" cy="20" r="7" fill="#ffd36b"/>\
      <path d="M8 27h32" stroke="#c9d0e4" stroke-width="2.5" stroke-linecap="round"/>\
      <path d="M21 40l2-12h2l2 12z" fill="#eef1fb"/>
      """
    case "wearbloom":  // a hanger with a flower
      """
      <rect width="48" height="48" rx="12" fill="#c46a86"/>\
      <path d="M24 17a3 3 0 1 1 3-3" fill="none" stroke="#fff4f7" stroke-width="2.5" stroke-linecap="round"/>\
      <path d="M24 17L9 30h30z" fill="none" stroke="#fff4f7" stroke-width="2.5" stroke-linejoin="round"/>\
      <circle cx="24" cy="36" r="3" fill="#f3c9d3"/><circle cx="20.5" cy="36" r="2.2" fill="#fff4f7"/>\
      <circle cx="27.5" cy="36" r="2.2" fill="#fff4f7"/><circle cx="24" cy="39.5" r="2.2" fill="#fff4f7"/>
      """
    case "dangdai":  // an open book with a brush stroke
      """
      <rect width="48" height="48" rx="12" fill="#c0533a"/>\
      <path d="M9 15c5-2 10-2 15 1 5-3 10-3 15-1v20c-5-2-10-2-15 1-5-3-10-3-15-1z" fill="#fdf1ea"/>\
      <path d="M24 16v20" stroke="#c0533a" stroke-width="1.5"/>\
      <path d="M13 22c2-1 5-1 7 0M13 27c2-1 5-1 7 0M28 22h7M31.5 19v11" stroke="#8a3523" stroke-width="1.8" stroke-linecap="round" fill="none"/>
      """
    default:
      "<rect width=\"48\" height=\"48\" rx=\"12\" fill=\"#2f6b3a\"/>"
    }
  }

  static let mark: HTML = """
    <rect width="64" height="64" rx="16" fill="#2f6b3a"/>\
    <path d="M32 14c-2 5-1.5 8 0 10" stroke="#f6f3ec" stroke-width="3" stroke-linecap="round" fill="none"/>\
    <path d="M33 19c4-5 9-5 12-3-3 4-8 5-12 3z" fill="#b9d3c2"/>\
    <circle cx="32" cy="38" r="14" fill="#f6f3ec"/><circle cx="27" cy="34" r="3" fill="#e9cfa9"/>
    """
}
