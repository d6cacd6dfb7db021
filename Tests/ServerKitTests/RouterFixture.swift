import Foundation
import Hummingbird
import HummingbirdTesting
import OrchardDatabase
import OrchardKit
import ServerKitTesting
import Testing

@testable import ServerKit

/// A router with the platform middleware stack and a few probe routes, for testing ServerKit alone.
enum RouterFixture {
  struct Boom: Error { let secret = "password=hunter2" }

  static func router(
    devices: any DeviceRepository = InMemoryDevices(), secure: Bool = false,
    clock: any WallClock = FixedClock(.init(timeIntervalSince1970: 1_800_000_000)),
    origin: CrossOriginProtectionMiddleware<AppRequestContext> = .init()
  )
    throws -> Router<AppRequestContext>
  {
    let pages = PageRenderer(assets: try assets())
    let router = Router(context: AppRequestContext.self)
    router.middlewares.add(SecurityHeadersMiddleware(strictTransportSecurity: secure))
    router.middlewares.add(ErrorMiddleware(renderPage: pages.errorPage))
    router.middlewares.add(origin)
    router.get("/page") { _, _ in "ok" }
    router.post("/page") { _, _ in "changed" }
    router.post("/api/thing") { _, _ in "changed" }
    router.get("/boom") { _, _ -> String in throw Boom() }
    router.get("/api/boom") { _, _ -> String in throw Boom() }
    let app = router.group("/app").add(
      middleware: DeviceMiddleware(
        repository: devices, clock: clock, random: .seeded(5), cookie: DeviceCookie(secure: secure)))
    app.get("/device") { _, context in try context.deviceID().description }
    // A route that never asks for the device, as a service worker or a manifest.
    app.get("/quiet") { _, _ in "quiet" }
    return router
  }

  static func assets() throws -> AssetCatalog {
    var assets = try AssetCatalog.bundled()
    let tokens = DesignTokens(name: "orchard", colors: [("text", "#000")], fonts: [.inter], fontStacks: [])
    assets.add(path: "tokens/orchard.css", bytes: Array(tokens.stylesheet(assetURL: assets.url).utf8))
    return assets
  }
}

/// Devices kept in memory, for middleware tests that are not about storage.
actor InMemoryDevices: DeviceRepository {
  private var devices: [IdempotencyID: Device] = [:]
  private(set) var finds = 0

  func find(_ id: IdempotencyID) -> Device? {
    finds += 1
    return devices[id]
  }
  func insert(_ device: Device) { devices[device.id] = device }
  func touch(_ id: IdempotencyID, at date: Date) { devices[id]?.lastSeenAt = date }
  func delete(_ id: IdempotencyID) { devices[id] = nil }
  var count: Int { devices.count }
}
