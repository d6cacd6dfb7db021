import Foundation
import Hummingbird
import OrchardDatabase
import OrchardJobs
import OrchardKit

/// One app on the Orchard server: everything the server needs to know about it, in one value.
///
/// The server is a list of these (`buildServer(_:apps:)`): it runs every app's migrations after the
/// platform's, serves every app's assets, theme stylesheet, service worker and API document, lists
/// every app on the launcher and in the catalog, and lets each app mount its routes under its own
/// path. Adding an app means adding one more value to that list.
public protocol OrchardApp: Sendable {
  /// The launcher's card and the catalog's entry; `path` is where the app lives (`/miga/`).
  var manifest: AppManifest { get }
  /// The app's own schema changes, in order, each id starting with the app's id.
  var migrations: [Migration] { get }
  /// The languages the app speaks, English first; each request is answered in one of them.
  var languages: [Language] { get }
  /// Keys a catalog of the app lacks, by language: empty for an app whose every language says
  /// every sentence (a test holds every app to that).
  var missingTexts: [Language: [String]] { get }
  /// The app's look, served as `tokens/<name>.css`.
  var theme: DesignTokens? { get }
  /// The app's static files (its module's `Public/` folder).
  func assets() throws -> AssetCatalog
  /// The service worker served at `<path>sw.js`, with what the core decided for it.
  func serviceWorker() throws -> ServiceWorker?
  /// How the app installs on a phone's home screen: its manifest, served at
  /// `<path>manifest.webmanifest`, and the links its pages carry.
  var webApp: WebApp? { get }
  /// The OpenAPI document served at `<path>api/openapi.yaml`.
  func apiDocument() throws -> [UInt8]?
  /// Work that must be done before the first request (after migrations), such as seeding content.
  func prepare(_ environment: AppEnvironment) async throws
  /// Registers the app's routes.
  func mount(_ routes: AppRoutes) throws
  /// The app's own kinds of job (a photo's background to remove), run by the server's job worker
  /// beside the platform's, each within its own concurrency.
  func jobs(_ environment: AppEnvironment) throws -> [JobKind]
}

extension OrchardApp {
  public var migrations: [Migration] { [] }
  public var languages: [Language] { [.english] }
  public var missingTexts: [Language: [String]] { [:] }
  public var theme: DesignTokens? { nil }
  public func assets() throws -> AssetCatalog { AssetCatalog() }
  public func serviceWorker() throws -> ServiceWorker? { nil }
  public var webApp: WebApp? { nil }
  public func jobs(_ environment: AppEnvironment) throws -> [JobKind] { [] }
  public func apiDocument() throws -> [UInt8]? { nil }
  public func prepare(_ environment: AppEnvironment) async throws {}
  public func mount(_ routes: AppRoutes) throws {}
}

/// An app announced on the launcher before its routes exist.
public struct ComingSoonApp: OrchardApp {
  public let manifest: AppManifest

  public init(id: String, name: String, promise: String, version: String = "0.1.0") {
    manifest = AppManifest(
      id: id, name: name, promise: promise, path: "/\(id)/", version: version, availability: .comingSoon)
  }
}

/// A module's bundled files, found the same way for every app.
extension Bundle {
  /// The module's `Public/` folder as assets.
  public func publicAssets() throws -> AssetCatalog {
    guard let directory = resourceURL?.appendingPathComponent("Public") else { throw AssetError.missingBundle }
    return try AssetCatalog.load(from: directory)
  }

  /// A file the module bundles, e.g. `ServiceWorker/sw.js`.
  public func bytes(of path: String) throws -> [UInt8] {
    guard let url = resourceURL?.appendingPathComponent(path), FileManager.default.fileExists(atPath: url.path)
    else { throw AssetError.missingBundle }
    return [UInt8](try Data(contentsOf: url))
  }
}
