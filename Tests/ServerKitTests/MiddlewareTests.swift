import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ServerKit

@Suite("Security headers, CSRF and errors")
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
