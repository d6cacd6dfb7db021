import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerKit
import Testing

@testable import OrchardServer

/// Every app installs on a phone's home screen: a manifest beside its pages, the icons it names,
/// and the links every page of the app carries.
@Suite("Every app installs on a phone's home screen", .timeLimit(.minutes(5)))
struct InstallTests {
  /// Each app's path, a page of it that needs no account, and its short name.
  static let apps = [
    ("/faith-jar/", "/faith-jar/", "Faith Jar"), ("/miga/", "/miga/", "MIGA"),
    ("/walkworthy/", "/walkworthy/", "WalkWorthy"), ("/dangdai/", "/dangdai/", "Dangdai"),
    ("/wearbloom/", "/wearbloom/consent", "Wearbloom"),
  ]

  static func json(_ client: any TestClientProtocol, _ uri: String) async throws -> [String: Any] {
    try await client.execute(uri: uri, method: .get) { response in
      #expect(response.status == .ok, "\(uri)")
      #expect(response.headers[.contentType] == "application/manifest+json")
      #expect(response.headers[.setCookie] == nil, "a manifest makes no device")
      return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }
  }

  @Test("each manifest opens the app full-screen in its own scope, coloured and with icons at their sizes")
  func manifests() async throws {
    try await withOrchard { client in
      for (path, _, name) in Self.apps {
        let manifest = try await Self.json(client, path + "manifest.webmanifest")
        #expect(manifest["id"] as? String == path)
        #expect(manifest["start_url"] as? String == path)
        #expect(manifest["scope"] as? String == path)
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["short_name"] as? String == name)
        #expect((manifest["background_color"] as? String)?.hasPrefix("#") == true)
        #expect((manifest["theme_color"] as? String)?.hasPrefix("#") == true)
        #expect(!((manifest["categories"] as? [String]) ?? []).isEmpty)
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(
          icons.map { "\($0["sizes"]!) \($0["purpose"]!)" } == ["192x192 any", "512x512 any", "512x512 maskable"])
        for icon in icons {
          let src = try #require(icon["src"])
          try await client.execute(uri: src, method: .get) { response in
            #expect(response.status == .ok, "\(src)")
            #expect(response.headers[.contentType] == "image/png")
            let bytes = [UInt8](Data(buffer: response.body))
            let width = bytes[16...19].reduce(0) { $0 << 8 | Int($1) }
            #expect("\(width)x\(width)" == icon["sizes"], "\(src) is the size it says")
          }
        }
        for shot in (manifest["screenshots"] as? [[String: String]]) ?? [] {
          try await client.execute(uri: shot["src"]!, method: .get) { response in #expect(response.status == .ok) }
        }
      }
    }
  }

  @Test("Dangdai's manifest speaks each of its languages; an app of one language ignores the ask")
  func languages() async throws {
    try await withOrchard { client in
      let french = try await Self.json(client, "/dangdai/manifest.webmanifest?lang=fr")
      #expect(french["lang"] as? String == "fr")
      #expect((french["description"] as? String)?.contains("leçon") == true)
      let unknown = try await Self.json(client, "/dangdai/manifest.webmanifest?lang=xx")
      #expect(unknown["lang"] as? String == "en")
      #expect(try await Self.json(client, "/miga/manifest.webmanifest?lang=fr")["lang"] as? String == "en")
    }
  }

  @Test("every app has a service worker in its own scope, never kept long by a cache")
  func workers() async throws {
    try await withOrchard { client in
      for (path, _, _) in Self.apps {
        try await client.execute(uri: path + "sw.js", method: .get) { response in
          #expect(response.status == .ok, "\(path)sw.js")
          #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
          #expect(response.headers[.cacheControl] == "no-cache")
          #expect(String(buffer: response.body).contains("addEventListener(\"fetch\""), "\(path) answers offline")
        }
      }
    }
  }

  @Test("every page of an app links its manifest, its icons and its name for iOS")
  func pages() async throws {
    try await withOrchard { client in
      for (path, first, name) in Self.apps {
        // A new visitor's first page may be a step further on (MIGA's and WalkWorthy's welcome).
        let page = try await client.execute(uri: first, method: .get) { response in
          response.status == .seeOther ? response.headers[.location] ?? first : first
        }
        try await client.execute(uri: page, method: .get) { response in
          #expect(response.status == .ok, "\(page)")
          let html = String(buffer: response.body)
          #expect(html.contains("<link rel=\"manifest\" href=\"\(path)manifest.webmanifest"), "\(page)")
          #expect(html.contains("<link rel=\"apple-touch-icon\" href=\"/assets/"), "\(page)")
          #expect(html.contains("<meta name=\"apple-mobile-web-app-title\" content=\"\(name)\">"), "\(page)")
          #expect(html.contains("viewport-fit=cover"))
          #expect(html.contains("<meta name=\"theme-color\""))
        }
      }
      // The launcher is no app of its own: its icon is Orchard's, and it has no manifest.
      try await client.execute(uri: "/", method: .get) { response in
        #expect(!String(buffer: response.body).contains("rel=\"manifest\""))
      }
    }
  }
}
