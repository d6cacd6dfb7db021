import FaithJarCore
import ServerKit

/// What Faith Jar's service worker is told (see ``ServiceWorker``): which pages to keep for reading
/// offline and where the shell of each feeling lives.
struct FaithJarWorker: Encodable {
  /// The cache's name; a new name drops every older copy.
  let cache = "faith-jar-v1"
  /// Pages under this path are kept (network first).
  let scope = FaithJarPath.home.path
  /// The address of the verses themselves, never kept by the worker (the page keeps them).
  let offlineVerses = FaithJarPath.offlineVerses.path
  /// The verse address of each feeling, and the shell that stands in for it offline.
  let verses: [Shell]
  /// Kept at install, so the first offline visit works.
  let shells: [String]

  struct Shell: Encodable {
    let page: String
    let shell: String
  }

  init() {
    let emotions = OfflineReading.emotions.map(\.rawValue)
    verses = emotions.map { Shell(page: FaithJarPath.verse.link($0), shell: FaithJarPath.offline($0)) }
    shells = [FaithJarPath.home.path] + emotions.map(FaithJarPath.offline)
  }
}
