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
      <span class="app-icon" aria-hidden="true"></span>
      <span class="app-name">\(app.name)\(status(app))</span>
      <span class="app-promise">\(app.promise)</span>
      """
    switch app.availability {
    case .available:
      return "<li><a class=\"app-card app--\(app.id)\" href=\"\(app.path)\">\(body)</a></li>"
    case .comingSoon:
      return "<li><div class=\"app-card app--\(app.id)\">\(body)</div></li>"
    }
  }

  static func status(_ app: AppManifest) -> HTML {
    app.availability == .comingSoon ? "<span class=\"app-status\">Coming soon</span>" : ""
  }

  static let mark: HTML = """
    <rect width="64" height="64" rx="16" fill="#2f6b3a"/>\
    <path d="M32 14c-2 5-1.5 8 0 10" stroke="#f6f3ec" stroke-width="3" stroke-linecap="round" fill="none"/>\
    <path d="M33 19c4-5 9-5 12-3-3 4-8 5-12 3z" fill="#b9d3c2"/>\
    <circle cx="32" cy="38" r="14" fill="#f6f3ec"/><circle cx="27" cy="34" r="3" fill="#e9cfa9"/>
    """
}
