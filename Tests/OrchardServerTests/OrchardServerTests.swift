import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import OrchardIdentity
import ServerKit
import ServerKitTesting
import Testing

@testable import OrchardServer

/// The whole server, built by the same `buildApplication` that `orchard serve` uses, on an
/// in-memory SQLite database.
func withOrchard(
  _ configuration: ServerConfiguration = .defaults, _ body: @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
  let app = try await buildApplication(
    configuration, database: .sqliteMemory, dependencies: ServerDependencies(random: .seeded(1)))
  try await app.test(.router, body)
}

@Suite("The Orchard server", .timeLimit(.minutes(5)))
struct OrchardServerTests {
  @Test("/healthz answers 200")
  func health() async throws {
    try await withOrchard { client in
      try await client.execute(uri: "/healthz", method: .get) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body) == "ok\n")
      }
    }
  }

  static let metricsToken = "metrics-token-for-tests-0123456789abcdef"

  @Test("/metrics is Prometheus text with request counts and a latency histogram per route")
  func metrics() async throws {
    var configuration = ServerConfiguration.defaults
    configuration.metricsToken = Self.metricsToken
    try await withOrchard(configuration) { client in
      try await client.execute(uri: "/", method: .get) { _ in }
      try await client.execute(uri: "/nowhere", method: .get) { _ in }
      try await client.execute(
        uri: "/metrics", method: .get, headers: [.authorization: "Bearer \(Self.metricsToken)"]
      ) { response in
        #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = String(buffer: response.body)
        let sample = #/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})? -?[0-9.e+Inf-]+$/#
        let comment = #/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/#
        for line in text.split(separator: "\n") {
          #expect(line.wholeMatch(of: sample) != nil || line.wholeMatch(of: comment) != nil, "\(line)")
        }
        #expect(text.contains(#"http_requests_total{route="/",method="GET",status="200"} 1"#))
        #expect(text.contains(#"http_requests_total{route="NotFound",method="GET",status="404"} 1"#))
        #expect(text.contains(#"http_request_duration_seconds_bucket{route="/",method="GET",le="+Inf"} 1"#))
      }
    }
  }

  @Test("/metrics on the public port is 404 without the operators' token, and with a wrong one")
  func metricsHidden() async throws {
    try await withOrchard { client in
      try await client.execute(uri: "/metrics", method: .get) { #expect($0.status == .notFound) }
    }
    var configuration = ServerConfiguration.defaults
    configuration.metricsToken = Self.metricsToken
    try await withOrchard(configuration) { client in
      for header in ["", "Bearer wrong-token", "Bearer \(Self.metricsToken)x", "Basic \(Self.metricsToken)"] {
        try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: header]) { response in
          #expect(response.status == .notFound, "\(header)")
          #expect(!String(buffer: response.body).contains("http_requests_total"))
        }
      }
    }
  }

  @Test("personal answers are private and never stored; shared content keeps its ETag and max-age")
  func cachePolicy() async throws {
    try await withOrchard { client in
      for page in ["/faith-jar/", "/miga/", "/walkworthy/", "/miga/support"] {
        try await client.execute(uri: page, method: .get) { response in
          #expect(response.headers[.cacheControl] == "private, no-store", "\(page)")
        }
      }
      for (app, personal, shared) in [
        ("miga", "/miga/api/v1/events", "/miga/api/v1/config"),
        ("walkworthy", "/walkworthy/api/v1/settings", nil),
      ] {
        let token = try await client.execute(
          uri: "/\(app)/api/v1/devices", method: .post, headers: [.contentType: "application/json"],
          body: ByteBuffer(string: "{}")
        ) { response -> String in
          #expect(response.headers[.cacheControl] == "private, no-store", "a new device's token")
          struct Created: Decodable { let token: String }
          return try JSONDecoder().decode(Created.self, from: Data(buffer: response.body)).token
        }
        let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
        try await client.execute(uri: personal, method: .get, headers: bearer) { response in
          #expect(response.status == .ok, "\(personal)")
          #expect(response.headers[.cacheControl] == "private, no-store", "\(personal)")
        }
        if let shared {
          try await client.execute(uri: shared, method: .get, headers: bearer) { response in
            #expect(response.headers[.cacheControl] == "public, max-age=300", "\(shared)")
            #expect(response.headers[.eTag] != nil)
          }
        }
      }
      try await client.execute(uri: "/api/v1/apps", method: .get) { response in
        #expect(response.headers[.cacheControl]?.contains("private") != true)
        #expect(response.headers[.eTag] != nil)
      }
    }
  }

  @Test("a JSON operation's body without a JSON Content-Type is refused with 415, whatever the app")
  func jsonBodiesAreLabelled() async throws {
    try await withOrchard { client in
      for app in ["miga", "walkworthy"] {
        let token = try await client.execute(uri: "/\(app)/api/v1/devices", method: .post) { response -> String in
          struct Created: Decodable { let token: String }
          return try JSONDecoder().decode(Created.self, from: Data(buffer: response.body)).token
        }
        let (method, path): (HTTPRequest.Method, String) =
          app == "miga" ? (.post, "/miga/api/v1/events") : (.put, "/walkworthy/api/v1/settings")
        for contentType in [nil, "text/plain", "application/x-www-form-urlencoded"] {
          var headers: HTTPFields = [.authorization: "Bearer \(token)"]
          if let contentType { headers[.contentType] = contentType }
          try await client.execute(uri: path, method: method, headers: headers, body: ByteBuffer(string: "{}")) {
            response in
            #expect(response.status == .unsupportedMediaType, "\(path) \(contentType ?? "none")")
            #expect(String(buffer: response.body).contains("\"code\":\"UNSUPPORTED_MEDIA_TYPE\""))
          }
        }
      }
    }
  }

  /// What Orchard runs, written out here rather than read from the server's own list.
  static let expected: [(id: String, name: String, path: String, availability: String)] = [
    ("faith-jar", "Faith Jar", "/faith-jar/", "available"), ("miga", "MIGA", "/miga/", "available"),
    ("walkworthy", "WalkWorthy", "/walkworthy/", "available"),
    ("wearbloom", "Wearbloom", "/wearbloom/", "available"), ("dangdai", "Dangdai", "/dangdai/", "available"),
  ]

  @Test("the launcher lists the five apps: a link for each that exists, coming soon for the rest")
  func launcher() async throws {
    try await withOrchard { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        let body = String(buffer: response.body)
        let names = body.matches(of: #/<span class="app-name">([^<]+)/#).map { String($0.1) }
        #expect(names == Self.expected.map(\.name))
        for app in Self.expected {
          let links = body.contains("<a class=\"app-card app--\(app.id)\" href=\"\(app.path)\">")
          let soon = body.contains("<div class=\"app-card app-card--soon app--\(app.id)\" aria-disabled=\"true\">")
          #expect(links == (app.availability == "available"), "\(app.name) links to its web version")
          #expect(soon == (app.availability == "coming_soon"), "\(app.name) is announced")
        }
        #expect(
          body.components(separatedBy: "Coming soon").count - 1
            == Self.expected.filter { $0.availability == "coming_soon" }.count)
        // Each app has its own icon, drawn for it.
        let icons = body.matches(of: #/<svg class="app-icon"[^>]*>(.*?)</svg>/#).map { String($0.1) }
        #expect(icons.count == 5 && Set(icons).count == 5)
        #expect(body.contains("rel=\"preload\" href=\"/assets/fonts/inter-latin."))
      }
    }
  }

  @Test("an unknown path returns the 404 page with every security header")
  func notFound() async throws {
    try await withOrchard { client in
      try await client.execute(uri: "/definitely/not/here", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(String(buffer: response.body).contains("Page not found"))
        for name: HTTPField.Name in [.contentSecurityPolicy, .xContentTypeOptions, .referrerPolicy] {
          #expect(response.headers[name] != nil, "\(name)")
        }
        #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
      }
    }
  }

  @Test("a cross-site POST is refused with 403")
  func crossSitePost() async throws {
    try await withOrchard { client in
      try await client.execute(
        uri: "/", method: .post,
        headers: [.origin: "https://evil.example", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
      ) { response in
        #expect(response.status == .forbidden)
      }
    }
  }

  @Test("GET /api/v1/apps lists the apps with paths, versions and availability")
  func appsAPI() async throws {
    try await withOrchard { client in
      try await client.execute(uri: "/api/v1/apps", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
        struct Apps: Decodable {
          struct App: Decodable, Equatable { let id, name, promise, path, version, availability: String }
          let apps: [App]
        }
        let apps = try JSONDecoder().decode(Apps.self, from: Data(buffer: response.body)).apps
        #expect(apps.map(\.id) == Self.expected.map(\.id))
        #expect(apps.map(\.name) == Self.expected.map(\.name))
        #expect(apps.map(\.path) == Self.expected.map(\.path))
        #expect(apps.map(\.availability) == Self.expected.map(\.availability))
        #expect(apps.allSatisfy { !$0.promise.isEmpty && !$0.version.isEmpty })
      }
    }
  }

  @Test("/api/v1/apps answers 304 to its own ETag")
  func appsETag() async throws {
    try await withOrchard { client in
      let etag = try await client.execute(uri: "/api/v1/apps", method: .get) { $0.headers[.eTag] }
      let tag = try #require(etag)
      #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""), "a quoted entity tag, not percent-encoded: \(tag)")
      try await client.execute(uri: "/api/v1/apps", method: .get, headers: [.ifNoneMatch: tag]) { response in
        #expect(response.status == .notModified)
      }
      try await client.execute(uri: "/api/v1/apps", method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
        #expect(response.status == .ok)
      }
    }
  }

  @Test("the OpenAPI document is served")
  func openAPIDocument() async throws {
    try await withOrchard { client in
      try await client.execute(uri: "/api/openapi.yaml", method: .get) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains("operationId: listApps"))
      }
    }
  }

  @Test("the launcher's stylesheet is served compressed, hashed and immutable")
  func assets() async throws {
    try await withOrchard { client in
      let page = try await client.execute(uri: "/", method: .get) { String(buffer: $0.body) }
      let match = try #require(page.firstMatch(of: #/href="(/assets/launcher/launcher\.[0-9a-f]{16}\.css)"/#))
      try await client.execute(uri: String(match.1), method: .get, headers: [.acceptEncoding: "gzip, br"]) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentEncoding] == "br")
        #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
      }
    }
  }
}

@Suite("Methods an address does not take", .timeLimit(.minutes(5)))
struct MethodNotAllowedTests {
  @Test("a known address asked with another method answers 405 and says which methods it takes")
  func methodNotAllowed() async throws {
    try await withOrchard { client in
      try await client.execute(uri: "/api/v1/apps", method: .delete) { response in
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers[.allow] == "GET, HEAD")
        #expect(response.headers[.contentType] == "application/problem+json")
      }
      try await client.execute(uri: "/", method: .put) { response in
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
      }
      try await client.execute(uri: "/", method: .head) { #expect($0.status == .ok) }
    }
  }
}

@Suite("Every app, as the server lists them", .timeLimit(.minutes(5)))
struct EveryAppTests {
  @Test("every app says every sentence in every language it declares, and speaks English")
  func catalogsComplete() throws {
    for app in orchardApps(identity: try IdentityHub(random: .seeded(1))) {
      #expect(app.missingTexts.isEmpty, "\(app.manifest.id): \(app.missingTexts)")
      #expect(app.languages.first == .english, "\(app.manifest.id)")
    }
  }

  @Test("every app's migration ids start with its id, and no id is used twice")
  func migrationIDs() throws {
    let apps = orchardApps(identity: try IdentityHub(random: .seeded(1)))
    for app in apps {
      let prefixes = [app.manifest.id, app.manifest.id.replacingOccurrences(of: "-", with: "")]
      for migration in app.migrations {
        #expect(prefixes.contains { migration.id.hasPrefix($0 + "-") }, "\(migration.id)")
      }
    }
    let ids = try orchardMigrations(random: .seeded(1)).migrations.map(\.id)
    #expect(Set(ids).count == ids.count)
  }

  @Test("a page is written in the language its app speaks, and says so")
  func htmlLang() async throws {
    try await withOrchard { client in
      for path in ["/", "/faith-jar/", "/miga/welcome/welcome", "/walkworthy/welcome"] {
        try await client.execute(uri: path, method: .get, headers: [.acceptLanguage: "fr-FR, en;q=0.5"]) { response in
          #expect(String(buffer: response.body).contains("<html lang=\"en\""), "\(path)")
        }
      }
      // The platform's own pages (an address that is nowhere) speak every language an app does.
      try await client.execute(uri: "/nowhere", method: .get, headers: [.acceptLanguage: "fr-FR, en;q=0.5"]) {
        let page = String(buffer: $0.body)
        #expect(page.contains("<html lang=\"fr\""))
        #expect(page.contains("Page introuvable"))
      }
    }
  }
}

@Suite("The app catalog's answer, written from bytes", .timeLimit(.minutes(5)))
struct CatalogAnswerTests {
  @Test("the bytes are the generated handler's answer: the same members, type and ETag")
  func sameAsHandler() async throws {
    try await withOrchard { client in
      let fast = try await client.execute(uri: "/api/v1/apps", method: .get) { $0 }
      // A query the fast path leaves alone goes to the generated handler.
      let handled = try await client.execute(uri: "/api/v1/apps?from=handler", method: .get) { $0 }
      #expect(fast.status == .ok && handled.status == .ok)
      // The same members and values (JSON objects carry no order).
      let decode = { (body: ByteBuffer) in
        try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? NSDictionary
      }
      #expect(try decode(fast.body) == decode(handled.body))
      #expect(try decode(fast.body)?.count == 1)
      #expect(fast.headers[.contentType] == handled.headers[.contentType])
      #expect(fast.headers[.eTag] == handled.headers[.eTag])
      let tag = try #require(fast.headers[.eTag])
      let unchanged = try await client.execute(uri: "/api/v1/apps", method: .get, headers: [.ifNoneMatch: tag]) { $0 }
      #expect(unchanged.status == .notModified && unchanged.body.readableBytes == 0)
    }
  }
}
