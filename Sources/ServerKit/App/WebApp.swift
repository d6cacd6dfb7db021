import Foundation
import Hummingbird
import NIOCore
import OrchardKit

/// How an app installs on a phone's home screen: what its web app manifest says beyond what the
/// server knows already (its name, path and look), and the links each of its pages carries.
public struct WebApp: Sendable {
  /// The name under the icon on a home screen.
  public var shortName: String
  /// Its categories, from the W3C's list (`education`, `lifestyle`, …).
  public var categories: [String]
  /// Where its icons are among its assets (`dangdai/icons`): `icon.svg`, `icon-192.png`,
  /// `icon-512.png`, `icon-maskable-512.png` and `apple-touch-icon.png`, from `scripts/build-icons`.
  public var icons: String
  /// Screenshots for the install sheet, phone-sized, each an asset path and what it shows.
  public var screenshots: [(path: String, label: String)]
  /// What the app is, in each language it speaks (English at least).
  public var descriptions: [Language: String]

  public init(
    shortName: String, categories: [String], icons: String, screenshots: [(path: String, label: String)] = [],
    descriptions: [Language: String]
  ) {
    precondition(descriptions[.english] != nil, "every app describes itself in English")
    self.shortName = shortName
    self.categories = categories
    self.icons = icons
    self.screenshots = screenshots
    self.descriptions = descriptions
  }

  /// The size the committed screenshots are taken at: a phone's, 390 × 844 CSS pixels.
  public static let screenshotSize = "390x844"

  /// Where `app`'s manifest is served: beside its pages, in `language` where it speaks more than one.
  public static func manifestPath(_ app: AppManifest, language: Language, languages: [Language]) -> String {
    languages.count > 1
      ? app.path + "manifest.webmanifest?lang=\(language.rawValue)" : app.path + "manifest.webmanifest"
  }

  /// The manifest in `language` (W3C's Web App Manifest): installed, the app opens full-screen at
  /// its own path and stays in it, coloured like its pages, with its icons and screenshots.
  func manifest(
    for app: AppManifest, language: Language, theme: DesignTokens?, assets: AssetCatalog
  ) throws -> [UInt8] {
    let background = theme?.themeColor("background").light ?? "#ffffff"
    let icon = { (name: String, size: String, purpose: String) in
      Manifest.Icon(src: assets.url("\(icons)/\(name)"), sizes: size, type: "image/png", purpose: purpose)
    }
    let document = Manifest(
      id: app.path, name: app.name, short_name: shortName,
      description: descriptions[language] ?? descriptions[.english] ?? app.promise, start_url: app.path,
      scope: app.path, display: "standalone", background_color: background,
      theme_color: theme?.themeColor().light ?? background, lang: language.rawValue, dir: "ltr",
      categories: categories,
      icons: [
        icon("icon-192.png", "192x192", "any"), icon("icon-512.png", "512x512", "any"),
        icon("icon-maskable-512.png", "512x512", "maskable"),
      ],
      screenshots: screenshots.map {
        Manifest.Screenshot(
          src: assets.url($0.path), sizes: Self.screenshotSize, type: "image/png", form_factor: "narrow",
          label: $0.label)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return [UInt8](try encoder.encode(document))
  }

  /// The links a page of the app carries in its head, in `language`.
  func links(for app: AppManifest, language: Language, languages: [Language]) -> InstallLinks {
    InstallLinks(
      manifest: Self.manifestPath(app, language: language, languages: languages),
      appleTouchIcon: "\(icons)/apple-touch-icon.png", favicon: "\(icons)/icon.svg", title: shortName)
  }

  /// The W3C manifest's members, spelt as it spells them.
  struct Manifest: Encodable {
    struct Icon: Encodable {
      let src: String
      let sizes: String
      let type: String
      let purpose: String
    }

    struct Screenshot: Encodable {
      let src: String
      let sizes: String
      let type: String
      let form_factor: String
      let label: String
    }

    let id: String
    let name: String
    let short_name: String
    let description: String
    let start_url: String
    let scope: String
    let display: String
    let background_color: String
    let theme_color: String
    let lang: String
    let dir: String
    let categories: [String]
    let icons: [Icon]
    let screenshots: [Screenshot]
  }
}

/// What a page's head says for its app's install: its manifest, its home-screen icon for iOS, its
/// favicon, and the name iOS puts under the icon.
public struct InstallLinks: Sendable, Equatable {
  public let manifest: String
  /// Asset paths.
  public let appleTouchIcon: String
  public let favicon: String
  public let title: String
}

/// `<path>manifest.webmanifest`: the app's manifest, made at start in each language it speaks,
/// the one asked for by `?lang=` (else English). It never makes a device.
enum WebAppRoute {
  static func add(
    _ webApp: WebApp, of app: some OrchardApp, on router: Router<AppRequestContext>, prefix: String,
    assets: AssetCatalog
  ) throws {
    var documents: [Language: ByteBuffer] = [:]
    for language in app.languages {
      documents[language] = ByteBuffer(
        bytes: try webApp.manifest(for: app.manifest, language: language, theme: app.theme, assets: assets))
    }
    let english = documents[.english] ?? documents.values.first ?? ByteBuffer()
    let manifests = documents
    router.get(RouterPath(prefix + "/manifest.webmanifest")) { request, _ in
      let asked = request.uri.queryParameters.get("lang").map(Language.init(rawValue:))
      let body = asked.flatMap { manifests[$0] } ?? english
      return Response(
        status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
        body: .init(byteBuffer: body))
    }
  }
}
