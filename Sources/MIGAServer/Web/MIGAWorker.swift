import ServerKit

/// What MIGA's service worker is told (see ``ServiceWorker``): which pages it keeps for a device
/// with no connection, and which it never keeps.
struct MIGAWorker: Encodable {
  /// The cache's name, which follows the hashed addresses of MIGA's stylesheet and script: a new
  /// one is a new worker, which drops every older copy of MIGA's.
  let cache: String
  /// What every MIGA cache's name starts with, so a new version deletes MIGA's old caches and
  /// never another app's (the apps share one origin).
  let cachePrefix = "miga-"
  /// Pages under this path are kept (network first).
  let scope = MIGAPath.home.path
  /// The hub, which stands in for any page not kept.
  let hub = MIGAPath.home.path
  /// The pause a device takes with no connection, whatever its address's query.
  let offlineGateway = MIGAPath.offlineGateway.path
  /// Kept at install and again whenever a page online asks: the hub and the offline pause.
  let shells = [MIGAPath.home.path, MIGAPath.offlineGateway.path]
  /// An app's open (a POST): with no connection, it leads to the offline pause.
  let opening = MIGAPath.openingPrefix
  /// Pages that show one moment (an online pause, its outcome) and would mislead when replayed.
  let neverKept = [
    MIGAPath.gateway.path, MIGAPath.win.path, MIGAPath.leaving.path, MIGAPath.export.path,
    MIGAPath.offlinePauses.path,
  ]
  /// The web app manifest the pages link, kept so an offline launch finds it.
  let manifest = MIGAPath.manifest.path
  /// Erasing the device's data forgets every kept page too.
  let erase = MIGAPath.erase.path

  init(assets: AssetCatalog) {
    cache = cachePrefix + ServiceWorker.version(of: ["miga/miga.css", "miga/miga.js"].map(assets.url))
  }
}
