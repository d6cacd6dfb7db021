import Foundation
import Hummingbird
import Testing

@testable import ServerKit

@Suite("Static assets", .timeLimit(.minutes(5)))
struct AssetCatalogTests {
  func catalog() throws -> AssetCatalog {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("css"), withIntermediateDirectories: true)
    try Data("body{color:red}".utf8).write(to: directory.appendingPathComponent("css/site.css"))
    try Data("GZ".utf8).write(to: directory.appendingPathComponent("css/site.css.gz"))
    try Data("BR".utf8).write(to: directory.appendingPathComponent("css/site.css.br"))
    try Data([0x77, 0x4F, 0x46, 0x32]).write(to: directory.appendingPathComponent("font.woff2"))
    defer { try? FileManager.default.removeItem(at: directory) }
    return try AssetCatalog.load(from: directory)
  }

  func hashed(_ catalog: AssetCatalog, _ path: String) -> String {
    String(catalog.url(path).dropFirst("/assets/".count))
  }

  @Test("an asset's URL carries a hash of its content before the extension")
  func hashedURL() throws {
    let catalog = try catalog()
    #expect(catalog.url("css/site.css").wholeMatch(of: /\/assets\/css\/site\.[0-9a-f]{16}\.css/) != nil)
    #expect(!catalog.contains("css/site.css.gz"), "variants are not assets of their own")
  }

  @Test("gzip made at start: a long stylesheet shrinks, and comes back byte for byte")
  func gzipAtStart() throws {
    let tokens = DesignTokens(
      name: "cjk", colors: [("text", "#000")],
      fonts: (0..<20).map { slice in
        FontFace(
          family: "Slices", assetPath: "fonts/inter-latin.woff2", weight: "400",
          unicodeRange: (0..<200).map { "U+" + String(0x4E00 + slice * 2000 + $0 * 7, radix: 16, uppercase: true) }
            .joined(separator: ", "))
      }, fontStacks: [("ui", "\"Inter\", sans-serif")], cjkFamilies: [("zh-Hant", "Slices")])
    let bundled = try AssetCatalog.bundled()
    let stylesheet = Array(tokens.stylesheet(assetURL: bundled.url).utf8)
    let compressed = try #require(Gzip.compress(stylesheet))
    #expect(compressed.count * 3 < stylesheet.count, "\(compressed.count) of \(stylesheet.count) bytes")
    #expect(Array(compressed.prefix(2)) == [0x1F, 0x8B], "a gzip member")
    #expect(Gzip.decompress(compressed) == stylesheet)
    #expect(Gzip.decompress(Array("not gzip".utf8)) == nil)
    #expect(Gzip.decompress(compressed, limit: 100) == nil, "a bomb is stopped at its limit")
    let css = String(decoding: stylesheet, as: UTF8.self)
    #expect(css.contains("unicode-range: U+4E00, U+4E07"))
    #expect(css.contains("--font-ui: \"Inter\", sans-serif, \"Slices\";"), "Chinese in any page falls back to it")
    var catalog = AssetCatalog()
    catalog.add(path: "tokens/cjk.css", bytes: stylesheet, gzip: compressed)
    let response = try #require(
      catalog.response(
        forHashedPath: String(catalog.url("tokens/cjk.css").dropFirst("/assets/".count)), acceptEncoding: "gzip",
        ifNoneMatch: nil))
    #expect(response.headers[.contentEncoding] == "gzip")
  }

  @Test("the URL changes when the bytes change")
  func hashFollowsContent() {
    var catalog = AssetCatalog()
    catalog.add(path: "a.css", bytes: Array("a".utf8))
    let first = catalog.url("a.css")
    catalog.add(path: "a.css", bytes: Array("b".utf8))
    #expect(catalog.url("a.css") != first)
  }

  @Test("assets are cacheable for a year and immutable")
  func immutable() throws {
    let catalog = try catalog()
    let response = try #require(
      catalog.response(forHashedPath: hashed(catalog, "css/site.css"), acceptEncoding: nil, ifNoneMatch: nil))
    #expect(response.status == .ok)
    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
    #expect(response.headers[.contentType] == "text/css; charset=utf-8")
    #expect(response.headers[.contentEncoding] == nil)
  }

  @Test(
    "the precompressed variant follows Accept-Encoding",
    arguments: [
      ("gzip, deflate, br", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("identity", nil),
      ("*", "br"), ("BR", "br"), ("gzip;q=0", nil),
    ] as [(String, String?)])
  func negotiation(accept: String, expected: String?) throws {
    let catalog = try catalog()
    let response = try #require(
      catalog.response(forHashedPath: hashed(catalog, "css/site.css"), acceptEncoding: accept, ifNoneMatch: nil))
    #expect(response.headers[.contentEncoding] == expected)
    #expect(response.headers[.vary] == "Accept-Encoding")
  }

  @Test("a matching If-None-Match gets 304")
  func notModified() throws {
    let catalog = try catalog()
    let path = hashed(catalog, "font.woff2")
    let etag = try #require(
      catalog.response(forHashedPath: path, acceptEncoding: nil, ifNoneMatch: nil)?.headers[.eTag])
    #expect(catalog.response(forHashedPath: path, acceptEncoding: nil, ifNoneMatch: etag)?.status == .notModified)
  }

  @Test("an unhashed or stale path is not served")
  func unknownPaths() throws {
    let catalog = try catalog()
    #expect(catalog.response(forHashedPath: "css/site.css", acceptEncoding: nil, ifNoneMatch: nil) == nil)
    #expect(
      catalog.response(forHashedPath: "css/site.0000000000000000.css", acceptEncoding: nil, ifNoneMatch: nil) == nil)
  }

  @Test("the bundled assets include the base stylesheet, the Inter subset and its licence")
  func bundled() throws {
    let catalog = try AssetCatalog.bundled()
    for path in ["css/base.css", "fonts/inter-latin.woff2", "fonts/OFL-Inter.txt", "icons/orchard.svg"] {
      #expect(catalog.contains(path), "\(path)")
    }
  }
}

@Suite("Design tokens", .timeLimit(.minutes(5)))
struct DesignTokensTests {
  let tokens = DesignTokens(
    name: "test", colors: [("background", "#fff"), ("text", "#111")], fonts: [],
    fontStacks: [("ui", "\"Inter\", system-ui, sans-serif")], darkColors: [("background", "#000")])

  @Test("the browser's colour is read from the tokens, light and dark")
  func themeColor() {
    #expect(tokens.themeColor() == ThemeColor(light: "#fff", dark: "#000"))
    #expect(tokens.themeColor().fixed(dark: true) == ThemeColor(light: "#000", dark: nil))
  }

  @Test("a dark look follows the system unless the page chose light, and the page's own choice")
  func dark() {
    let css = tokens.stylesheet { $0 }
    #expect(
      css.contains("@media (prefers-color-scheme: dark) {\n:root:not(.theme-light) {\n  --color-background: #000;"))
    #expect(css.contains(":root.theme-dark {\n  --color-background: #000;"))
  }

  @Test("CJK pages keep the Latin face first, then the phone's own faces for their script")
  func cjk() {
    let css = tokens.stylesheet { $0 }
    #expect(css.contains(":lang(zh-Hant) {\n  --font-ui: \"Inter\", \"PingFang TC\""))
    #expect(css.contains(":lang(ja) {\n  --font-ui: \"Inter\", \"Hiragino Sans\""))
    #expect(css.contains(":lang(ko) {\n  --font-ui: \"Inter\", \"Apple SD Gothic Neo\""))
    #expect(css.contains("system-ui, sans-serif;\n}"))
  }
}
