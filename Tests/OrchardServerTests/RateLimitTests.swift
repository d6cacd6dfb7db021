import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrchardKit
import OrchardServer
import ServerKit
import Testing

@Suite("Rate limits across the server, at their defaults", .timeLimit(.minutes(5)))
struct RateLimitTests {
  func withLimitedOrchard(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let app = try await buildApplication(
      .defaults, database: .sqliteMemory, dependencies: ServerDependencies(clock: clock, random: .seeded(1)))
    try await app.test(.router, body)
  }

  @Test("an app install flood: 60 devices at once from one address, then 429 with Retry-After and a problem")
  func apiDevices() async throws {
    try await withLimitedOrchard { client in
      var statuses: [HTTPResponse.Status] = []
      for _ in 0..<100 {
        try await client.execute(uri: "/walkworthy/api/v1/devices", method: .post) { response in
          statuses.append(response.status)
          if response.status == .tooManyRequests {
            #expect(response.headers[.retryAfter] == "1")
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(String(buffer: response.body).contains(#""code":"RATE_LIMITED""#))
          }
        }
      }
      #expect(statuses.filter { $0 == .created }.count == 60)
      #expect(statuses.filter { $0 == .tooManyRequests }.count == 40)
      // The limit is the address's, on every app.
      try await client.execute(uri: "/miga/api/v1/devices", method: .post) { #expect($0.status == .tooManyRequests) }
    }
  }

  @Test("cookieless page views: 60 new devices, then a friendly 429 page with no cookie; sw.js is never refused")
  func webDevices() async throws {
    try await withLimitedOrchard { client in
      var cookies = 0
      for _ in 0..<60 {
        try await client.execute(uri: "/faith-jar/", method: .get) { response in
          #expect(response.status == .ok)
          if response.headers[.setCookie] != nil { cookies += 1 }
        }
      }
      #expect(cookies == 60)
      try await client.execute(uri: "/faith-jar/", method: .get) { response in
        #expect(response.status == .tooManyRequests)
        #expect(response.headers[.setCookie] == nil)
        #expect(response.headers[.retryAfter] == "1")
        let page = String(buffer: response.body)
        #expect(page.contains("<html") && page.contains("Please try again in 1 second."))
      }
      for path in ["/faith-jar/sw.js", "/healthz", "/", "/walkworthy/sw.js"] {
        try await client.execute(uri: path, method: .get) { response in
          #expect(response.status == .ok, "\(path)")
          #expect(response.headers[.setCookie] == nil, "\(path)")
        }
      }
    }
  }

  @Test("changes from one address: the burst passes, then 429 until tokens come back")
  func writes() async throws {
    try await withLimitedOrchard { client in
      let token = try await client.execute(uri: "/walkworthy/api/v1/devices", method: .post) { response -> String in
        struct Created: Decodable { let token: String }
        return try JSONDecoder().decode(Created.self, from: Data(buffer: response.body)).token
      }
      var statuses: [HTTPResponse.Status] = []
      for _ in 0..<300 {
        try await client.execute(
          uri: "/walkworthy/api/v1/settings", method: .put,
          headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
          body: ByteBuffer(string: #"{"timeZone":"Europe/Paris"}"#)
        ) { statuses.append($0.status) }
      }
      // 240 changes at once, the registration among them.
      #expect(statuses.filter { $0 == .ok }.count == 239)
      #expect(statuses.filter { $0 == .tooManyRequests }.count == 61)
    }
  }
}
