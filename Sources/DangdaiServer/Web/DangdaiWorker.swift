import DangdaiCore
import OrchardKit
import ServerKit

/// What Dangdai's service worker keeps, written by the server into the worker (`self.orchard`).
/// Dangdai has no offline quizzes (its quizzes are made and checked by the server), so a launch
/// with no connection gets an honest "You're offline" screen, kept at install in every language
/// the app speaks and shown in the one the learner's pages were last in.
struct DangdaiWorker: Encodable {
  /// The app's pages: a navigation under this path that finds no network gets the offline screen.
  let scope = DangdaiPath.home.path
  /// The offline screen, asked for with `?lang=` in each language.
  let offline = DangdaiPath.offline.path
  let languages = DangdaiScreenTexts.all.languages.map(\.rawValue)
  /// The cache's name: it changes with the screen's sentences and the assets it links, so a new
  /// version of either installs a new worker that keeps the new copy and drops the old.
  let cache: String

  init(assets: AssetCatalog) {
    let sentences = DangdaiScreenTexts.all.languages.flatMap { language in
      let t = DangdaiScreenTexts.all.localizer(language)
      return [t(.offlineTitle), t(.offlineLead), t(.offlineRetry)]
    }
    let linked = ["dangdai/dangdai.css", "dangdai/dangdai.js"].map(assets.url)
    cache = "dangdai-offline-" + ServiceWorker.version(of: sentences + linked)
  }
}
