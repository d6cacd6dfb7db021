import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OrchardKit
import Testing

@testable import ServerKit

@Suite("Security headers, CSRF and errors", .timeLimit(.minutes(5)))
struct MiddlewareTests {
  static let requiredHeaders: [HTTPField.Name] = [
    .contentSecurityPolicy, .xContentTypeOptions, .referrerPolicy,
  ]

  @Test("every response carries the security headers, a 404 included")
  func headersEverywhere() async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      for path in ["/page", "/nowhere", "/boom"] {
        try await client.execute(uri: path, method: .get) { response in
          for name in Self.requiredHeaders { #expect(response.headers[name] != nil, "\(path) lacks \(name)") }
          let csp = try #require(response.headers[.contentSecurityPolicy])
          #expect(!csp.contains("unsafe-inline"))
          #expect(csp.contains("frame-ancestors 'none'"))
          #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
      }
    }
  }

  @Test("HSTS is sent only when served over TLS")
  func hsts() async throws {
    for secure in [false, true] {
      let app = Application(router: try RouterFixture.router(secure: secure))
      try await app.test(.router) { client in
        try await client.execute(uri: "/page", method: .get) { response in
          #expect((response.headers[.strictTransportSecurity] != nil) == secure)
        }
      }
    }
  }

  @Test(
    "a cross-site POST is refused with 403 and changes nothing",
    arguments: [
      [HTTPField(name: .secFetchSite, value: "cross-site")], [HTTPField(name: .secFetchSite, value: "same-site")],
      [HTTPField(name: .origin, value: "https://evil.example")], [HTTPField(name: .origin, value: "null")],
    ])
  func crossSite(headers: [HTTPField]) async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      try await client.execute(uri: "/page", method: .post, headers: HTTPFields(headers)) { response in
        #expect(response.status == .forbidden)
        #expect(String(buffer: response.body).contains("Request refused"))
      }
      try await client.execute(uri: "/api/thing", method: .post, headers: HTTPFields(headers)) { response in
        #expect(response.status == .forbidden)
        #expect(response.headers[.contentType] == "application/problem+json")
        #expect(String(buffer: response.body).contains("\"code\":\"CROSS_SITE_REQUEST\""))
      }
    }
  }

  @Test(
    "same-origin and non-browser POSTs pass",
    arguments: [
      [HTTPField(name: .secFetchSite, value: "same-origin")], [HTTPField(name: .secFetchSite, value: "none")],
      [HTTPField(name: .origin, value: "http://localhost")], [],
    ])
  func sameOrigin(headers: [HTTPField]) async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      try await client.execute(uri: "/page", method: .post, headers: HTTPFields(headers)) { response in
        #expect(response.status == .ok)
      }
    }
  }

  @Test(
    "Origin is compared whole: scheme, host and port, against the server's own origin",
    arguments: [
      ("http://localhost", true), ("http://LOCALHOST:80", true), ("https://localhost", false),
      ("http://localhost:8080", false), ("http://localhost.evil.example", false), ("http://localhost/path", false),
    ])
  func originIsWhole(origin: String, passes: Bool) async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      try await client.execute(uri: "/page", method: .post, headers: [.origin: origin]) { response in
        #expect((response.status == .ok) == passes, "\(origin)")
      }
    }
  }

  @Test(
    "behind a configured public origin, only that origin may post",
    arguments: [
      ("https://orchard.example", true), ("https://orchard.example:443", true), ("http://orchard.example", false),
      ("https://orchard.example:8443", false), ("http://localhost", false),
    ])
  func publicOrigin(origin: String, passes: Bool) async throws {
    let server = try #require(WebOrigin("https://orchard.example"))
    let app = Application(router: try RouterFixture.router(origin: .init(publicOrigin: server)))
    try await app.test(.router) { client in
      try await client.execute(uri: "/page", method: .post, headers: [.origin: origin]) { response in
        #expect((response.status == .ok) == passes, "\(origin)")
      }
    }
  }

  @Test("origins parse as browsers write them, and nothing else does")
  func origins() {
    #expect(WebOrigin("https://Orchard.Example")?.description == "https://orchard.example")
    #expect(WebOrigin("http://[::1]:8080") == WebOrigin(scheme: "http", host: "::1", port: 8080))
    #expect(WebOrigin("http://example.com:80") == WebOrigin("http://example.com"))
    for bad in [
      "null", "ftp://example.com", "https://", "https://a@example.com", "https://example.com/x", "example.com",
    ] {
      #expect(WebOrigin(bad) == nil, "\(bad)")
    }
  }

  @Test("an unknown page gets the friendly HTML 404 page")
  func notFoundPage() async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      try await client.execute(uri: "/nowhere", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        let body = String(buffer: response.body)
        #expect(body.contains("Page not found") && body.contains("href=\"/\""))
      }
    }
  }

  @Test("an unknown API path gets problem+json with a stable code")
  func notFoundProblem() async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      try await client.execute(uri: "/api/nowhere", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.headers[.contentType] == "application/problem+json")
        let problem = try JSONDecoder().decode([String: AnyCodable].self, from: Data(buffer: response.body))
        #expect(problem["code"] == .string("NOT_FOUND"))
        #expect(problem["status"] == .number(404))
      }
    }
  }

  @Test("an unexpected error is a 500 that leaks nothing of its cause", arguments: ["/boom", "/api/boom"])
  func internalError(path: String) async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      try await client.execute(uri: path, method: .get) { response in
        #expect(response.status == .internalServerError)
        let body = String(buffer: response.body)
        #expect(!body.contains("hunter2") && !body.contains("Boom"))
        #expect(body.contains("INTERNAL_ERROR") || body.contains("Something went wrong"))
      }
    }
  }
}

/// Just enough JSON to compare decoded problem documents.
enum AnyCodable: Decodable, Equatable {
  case string(String), number(Double), other

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .other
    }
  }
}

@Suite("Languages and body limits", .timeLimit(.minutes(5)))
struct LanguageAndLimitTests {
  @Test("the explicit choice wins, then Accept-Language by preference, then English")
  func negotiation() {
    let offered: [Language] = [.english, .french, .japanese]
    #expect(LanguageNegotiation.choose(explicit: nil, acceptLanguage: nil, offered: offered) == .english)
    #expect(
      LanguageNegotiation.choose(explicit: nil, acceptLanguage: "fr-CA,fr;q=0.9,en;q=0.8", offered: offered) == .french)
    #expect(
      LanguageNegotiation.choose(explicit: nil, acceptLanguage: "de;q=1, ja;q=0.5, en;q=0.7", offered: offered)
        == .english)
    #expect(LanguageNegotiation.choose(explicit: nil, acceptLanguage: "ja;q=0, fr", offered: offered) == .french)
    #expect(LanguageNegotiation.choose(explicit: "ja", acceptLanguage: "fr", offered: offered) == .japanese)
    #expect(LanguageNegotiation.choose(explicit: "ko", acceptLanguage: "fr", offered: offered) == .french)
    #expect(LanguageNegotiation.choose(explicit: nil, acceptLanguage: "fr", offered: [.english]) == .english)
  }

  @Test("a body over its route's limit is 413, whether announced or streamed, and nothing is read")
  func bodyLimit() async throws {
    let router = Router(context: AppRequestContext.self)
    router.middlewares.add(ErrorMiddleware(renderPage: { _, _ in "" }))
    router.group("/small").add(middleware: BodyLimit(bytes: 8)).post("/") { request, context in
      String(buffer: try await request.body.collect(upTo: context.maxUploadSize))
    }
    let app = Application(router: router)
    try await app.test(.router) { client in
      try await client.execute(uri: "/small/", method: .post, body: ByteBuffer(string: "12345678")) {
        #expect($0.status == .ok && String(buffer: $0.body) == "12345678")
      }
      try await client.execute(
        uri: "/small/", method: .post, headers: [.contentLength: "9"], body: ByteBuffer(string: "123456789")
      ) { #expect($0.status == .contentTooLarge) }
      try await client.execute(
        uri: "/small/", method: .post, headers: [.transferEncoding: "chunked"], body: ByteBuffer(string: "123456789")
      ) { #expect($0.status == .contentTooLarge) }
    }
  }
}
