import HTTPTypes
import Hummingbird
import NIOCore
import OrchardKit

/// One server-rendered page: what goes in the shared layout.
public struct Page: Sendable {
  public var title: String
  public var description: String
  /// Name of the app's ``DesignTokens`` (its stylesheet is `tokens/<name>.css`).
  public var theme: String
  /// Browser chrome colour on phones, from the app's tokens.
  public var themeColor: ThemeColor
  /// Stylesheets after the base sheet, as asset paths.
  public var stylesheets: [String]
  /// ES modules, as asset paths.
  public var scripts: [String]
  /// Fonts worth preloading because the first screen uses them.
  public var preloadFonts: [String]
  public var bodyClass: String
  public var main: HTML
  /// Reloads the page after this many seconds when scripts are off (a countdown that must
  /// unlock something works without JavaScript too).
  public var refreshWithoutScript: Int?
  /// Sends the browser on to this address as soon as the page loads (a hand-off to another site
  /// after a form, which `form-action 'self'` would not let a redirect do).
  public var continueTo: String?
  /// Classes on `<html>`, such as a theme the visitor chose over the system's.
  public var htmlClass: String?
  /// The language the page is written in (`<html lang>`).
  public var language = Language.english
  /// `data-*` attributes on `<body>`: what the page's script needs from the server (addresses,
  /// thresholds, sentences), so the script holds no copy of its own.
  public var data: [(name: String, value: String)] = []

  public init(
    title: String, description: String, theme: String, themeColor: ThemeColor, stylesheets: [String] = [],
    scripts: [String] = [], preloadFonts: [String] = [], bodyClass: String = "", main: HTML
  ) {
    self.title = title
    self.description = description
    self.theme = theme
    self.themeColor = themeColor
    self.stylesheets = stylesheets
    self.scripts = scripts
    self.preloadFonts = preloadFonts
    self.bodyClass = bodyClass
    self.main = main
  }
}

/// Renders pages into the layout every Orchard page shares: phone-first viewport, the app's tokens,
/// the base stylesheet, a skip link, and a single `<main>` landmark.
public struct PageRenderer: Sendable {
  public let assets: AssetCatalog
  /// Each installable app's install links, by its theme's name (a page knows its app by its look),
  /// in each language it speaks.
  let installs: [String: @Sendable (Language) -> InstallLinks]

  public init(assets: AssetCatalog, installs: [String: @Sendable (Language) -> InstallLinks] = [:]) {
    self.assets = assets
    self.installs = installs
  }

  public func render(_ page: Page) -> HTML {
    let preloads = page.preloadFonts.map {
      HTML("<link rel=\"preload\" href=\"\(assets.url($0))\" as=\"font\" type=\"font/woff2\" crossorigin>")
    }
    let sheets = (["tokens/\(page.theme).css", "css/base.css"] + page.stylesheets).map {
      HTML("<link rel=\"stylesheet\" href=\"\(assets.url($0))\">")
    }
    let scripts = page.scripts.map { HTML("<script type=\"module\" src=\"\(assets.url($0))\"></script>") }
    return """
      <!doctype html>
      <html lang="\(page.language.rawValue)"\(page.htmlClass.map { HTML(" class=\"\($0)\"") } ?? "")>
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
      <title>\(page.title)</title>
      <meta name="description" content="\(page.description)">
      \(Self.themeColor(page.themeColor))
      \(install(page))
      \(HTML(preloads, separator: "\n"))
      \(HTML(sheets, separator: "\n"))
      \(HTML(scripts, separator: "\n"))
      \(page.refreshWithoutScript.map { HTML("<noscript><meta http-equiv=\"refresh\" content=\"\($0)\"></noscript>") } ?? "")
      \(page.continueTo.map { HTML("<meta http-equiv=\"refresh\" content=\"0; url=\($0)\">") } ?? "")
      </head>
      <body class="\(page.bodyClass)"\(HTML(page.data.map { HTML(" data-\($0.name)=\"\($0.value)\"") }))>
      <a class="skip-link" href="#main">\(PlatformTexts.all.localizer(page.language)(.skipLink))</a>
      <main id="main">
      \(page.main)
      </main>
      </body>
      </html>

      """
  }

  /// The head's icons and, for an installable app, its manifest and what iOS shows on a home
  /// screen: the icon, the name under it, and a status bar that matches the page.
  func install(_ page: Page) -> HTML {
    guard let links = installs[page.theme]?(page.language) else {
      return "<link rel=\"icon\" href=\"\(assets.url("icons/orchard.svg"))\" type=\"image/svg+xml\">"
    }
    return """
      <link rel="manifest" href="\(links.manifest)">
      <link rel="icon" href="\(assets.url(links.favicon))" type="image/svg+xml">
      <link rel="apple-touch-icon" href="\(assets.url(links.appleTouchIcon))">
      <meta name="apple-mobile-web-app-title" content="\(links.title)">
      <meta name="mobile-web-app-capable" content="yes">
      <meta name="apple-mobile-web-app-capable" content="yes">
      <meta name="apple-mobile-web-app-status-bar-style" content="default">
      """
  }

  static func themeColor(_ color: ThemeColor) -> HTML {
    guard let dark = color.dark else { return "<meta name=\"theme-color\" content=\"\(color.light)\">" }
    return """
      <meta name="theme-color" content="\(color.light)" media="(prefers-color-scheme: light)">
      <meta name="theme-color" content="\(dark)" media="(prefers-color-scheme: dark)">
      """
  }

  public func response(_ page: Page, status: HTTPResponse.Status = .ok) -> Response {
    var buffer = ByteBuffer()
    buffer.writeString(render(page).rendered)
    return Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
      body: .init(byteBuffer: buffer))
  }

  /// The friendly error page, in the launcher's look, with a way back.
  public func errorPage(_ error: OrchardError, language: Language) -> HTML {
    var page =
      Page(
        title: "\(error.title) · Orchard", description: error.detail, theme: PlatformTheme.tokens.name,
        themeColor: PlatformTheme.tokens.themeColor(),
        preloadFonts: [FontFace.inter.assetPath], bodyClass: "error-page",
        main: """
          <section class="error" aria-labelledby="error-title">
          <p class="error-status">\(error.status.code)</p>
          <h1 id="error-title">\(error.title)</h1>
          <p>\(error.detail)</p>
          <p><a class="button" href="/">\(PlatformTexts.all.localizer(language)(.backToOrchard))</a></p>
          </section>
          """)
    page.language = language
    return render(page)
  }
}
