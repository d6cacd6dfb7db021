import Foundation
import Hummingbird
import OrchardKit
import SQLKit
import ServerKit
import WalkWorthyCore

/// WalkWorthy's web version under `/walkworthy/`: onboarding, the Canvas link (mock), home, the
/// pop-ups, history and settings, as plain HTML forms and links, with the device's state kept on the
/// server under its device id and every rule applied by `WalkWorthyCore`.
public enum WalkWorthyWeb {
  static let table = "walkworthy_web_devices"

  public static let migrations = [
    DeviceDocuments<WalkWorthyState>.migration("walkworthy-web-0001-devices", table: table)
  ]

  public static let tokens = WalkWorthyTheme.tokens

  /// WalkWorthy's stylesheet and script.
  public static func assets() throws -> AssetCatalog {
    guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Public") else {
      throw AssetError.missingBundle
    }
    return try AssetCatalog.load(from: directory)
  }

  /// Mounts the pages behind the device middleware (every screen is per visitor).
  ///
  /// - Parameters:
  ///   - config: the app's feature flags (the spec's defaults: mock API, fake Canvas, local notifications).
  ///   - testDeviceClock: lets a tester set this device's clock (test servers on loopback only).
  public static func mount(
    on router: Router<AppRequestContext>, database: Database, devices: DeviceMiddleware, clock: any WallClock,
    pages: PageRenderer, config: Config, build: BuildInfo, testDeviceClock: Bool = false,
    api: any EncouragementAPI = MockAPIClient()
  ) throws {
    guard let worker = Bundle.module.url(forResource: "sw", withExtension: "js", subdirectory: "ServiceWorker") else {
      throw AssetError.missingBundle
    }
    let routes = WalkWorthyRoutes(
      documents: DeviceDocuments(database: database.sql, shared: database.isShared, table: table),
      clock: clock, pages: pages, config: config, build: build, testDeviceClock: testDeviceClock, api: api,
      library: .bundled, serviceWorker: ByteBuffer(bytes: try Data(contentsOf: worker)))
    routes.register(on: router.group("/walkworthy").add(middleware: devices))
  }
}
