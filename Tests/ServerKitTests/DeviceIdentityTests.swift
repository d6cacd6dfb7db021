import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrchardKit
import Testing

@testable import ServerKit

@Suite("Anonymous device identity", .timeLimit(.minutes(5)))
struct DeviceIdentityTests {
  func cookieValue(_ setCookie: String?, name: String) -> String? {
    guard let setCookie, setCookie.hasPrefix(name + "=") else { return nil }
    return String(setCookie.dropFirst(name.count + 1).prefix { $0 != ";" })
  }

  @Test("a first visit gets a new device in an HttpOnly, SameSite=Lax cookie")
  func firstVisit() async throws {
    let devices = InMemoryDevices()
    let app = Application(router: try RouterFixture.router(devices: devices))
    try await app.test(.router) { client in
      try await client.execute(uri: "/app/device", method: .get) { response in
        let header = try #require(response.headers[.setCookie])
        let id = try #require(cookieValue(header, name: "orchard_device"))
        #expect(String(buffer: response.body) == id)
        #expect(header.contains("HttpOnly") && header.contains("SameSite=Lax") && header.contains("Path=/"))
        #expect(!header.contains("Secure"), "plain HTTP on loopback cannot keep a Secure cookie")
      }
    }
    #expect(await devices.count == 1)
  }

  @Test("behind TLS the cookie is __Host- prefixed and Secure")
  func secureCookie() async throws {
    let app = Application(router: try RouterFixture.router(secure: true))
    try await app.test(.router) { client in
      try await client.execute(uri: "/app/device", method: .get) { response in
        let header = try #require(response.headers[.setCookie])
        #expect(header.hasPrefix("__Host-orchard_device="))
        #expect(header.contains("; Secure") && header.contains("Path=/") && !header.contains("Domain="))
      }
    }
  }

  @Test("a returning visitor keeps the same device and gets no new cookie")
  func returning() async throws {
    let devices = InMemoryDevices()
    let app = Application(router: try RouterFixture.router(devices: devices))
    try await app.test(.router) { client in
      let id = try await client.execute(uri: "/app/device", method: .get) { String(buffer: $0.body) }
      try await client.execute(
        uri: "/app/device", method: .get, headers: [.cookie: "orchard_device=\(id)"]
      ) { response in
        #expect(String(buffer: response.body) == id)
        #expect(response.headers[.setCookie] == nil)
      }
    }
    #expect(await devices.count == 1)
  }

  @Test(
    "a malformed or forged cookie yields a new device, never an error",
    arguments: [
      "not-an-id", "", "../../etc/passwd", "%00", String(repeating: "f", count: 64),
      "0123456789abcdef0123456789abcdef", "\"><script>",
    ])
  func forged(value: String) async throws {
    let app = Application(router: try RouterFixture.router())
    try await app.test(.router) { client in
      try await client.execute(uri: "/app/device", method: .get, headers: [.cookie: "orchard_device=\(value)"]) {
        response in
        #expect(response.status == .ok)
        let id = try #require(cookieValue(response.headers[.setCookie], name: "orchard_device"))
        #expect(String(buffer: response.body) == id)
        #expect(id != value)
      }
    }
  }

  @Test("a returning device is remembered: repeat visits read the database at most once")
  func remembered() async throws {
    let devices = InMemoryDevices()
    let app = Application(router: try RouterFixture.router(devices: devices))
    try await app.test(.router) { client in
      let id = try await client.execute(uri: "/app/device", method: .get) { String(buffer: $0.body) }
      for _ in 0..<5 {
        try await client.execute(uri: "/app/device", method: .get, headers: [.cookie: "orchard_device=\(id)"]) {
          #expect(String(buffer: $0.body) == id)
        }
      }
    }
    #expect(await devices.finds == 0)
  }

  @Test("routes outside the device group create no device")
  func noDeviceElsewhere() async throws {
    let devices = InMemoryDevices()
    let app = Application(router: try RouterFixture.router(devices: devices))
    try await app.test(.router) { client in
      try await client.execute(uri: "/page", method: .get) { #expect($0.headers[.setCookie] == nil) }
    }
    #expect(await devices.count == 0)
  }

  @Test("a route that never asks for the device sets no cookie and writes no row, however often it is hit")
  func unclaimed() async throws {
    let devices = InMemoryDevices()
    let app = Application(router: try RouterFixture.router(devices: devices))
    try await app.test(.router) { client in
      for _ in 0..<20 {
        try await client.execute(uri: "/app/quiet", method: .get) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.setCookie] == nil)
        }
      }
    }
    #expect(await devices.count == 0)
  }

  @Test("an erased device's cookie is unknown at once: the next visit is a new device, the old row is gone")
  func erased() async throws {
    let devices = InMemoryDevices()
    let middleware = DeviceMiddleware(
      repository: devices, clock: FixedClock(.init(timeIntervalSince1970: 1_800_000_000)), random: .seeded(9),
      cookie: DeviceCookie(secure: false))
    let router = Router(context: AppRequestContext.self)
    router.group("/app").add(middleware: middleware).get("/device") { _, context in
      try context.deviceID().description
    }
    try await Application(router: router).test(.router) { client in
      let first = try await client.execute(uri: "/app/device", method: .get) { String(buffer: $0.body) }
      let cookie: HTTPFields = [.cookie: "orchard_device=\(first)"]
      try await client.execute(uri: "/app/device", method: .get, headers: cookie) {
        #expect(String(buffer: $0.body) == first)
      }
      let clearing = try await middleware.erase(try #require(IdempotencyID(first)))
      #expect(clearing.value.hasPrefix("orchard_device=;") && clearing.value.contains("Max-Age=0"))
      #expect(await devices.count == 0)
      try await client.execute(uri: "/app/device", method: .get, headers: cookie) { response in
        #expect(String(buffer: response.body) != first)
        #expect(response.headers[.setCookie]?.hasPrefix("orchard_device=") == true)
      }
    }
  }
}
