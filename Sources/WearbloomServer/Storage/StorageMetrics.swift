import Metrics
import WearbloomCore

/// How the wardrobe's storage grows (NFR13), at `/metrics`: images stored and deleted, and the
/// bytes written for them, by kind. Their difference over time is the store's growth, whichever
/// store it is; a bucket's own size comes from the object store.
struct StorageMetrics: Sendable {
  let stored: [ImageKind: Counter]
  let written: [ImageKind: Counter]
  let deleted: Counter

  /// The counters, each made once through `factory` (the server's: ``AppEnvironment/metricsFactory``).
  init(factory: any MetricsFactory) {
    stored = Self.byKind("wearbloom_images_stored_total", factory)
    written = Self.byKind("wearbloom_image_bytes_written_total", factory)
    deleted = Counter(label: "wearbloom_images_deleted_total", dimensions: [], factory: factory)
  }

  /// One counter of `label` for each kind of image.
  private static func byKind(_ label: String, _ factory: any MetricsFactory) -> [ImageKind: Counter] {
    Dictionary(
      uniqueKeysWithValues: ImageKind.allCases.map {
        ($0, Counter(label: label, dimensions: [("kind", $0.rawValue)], factory: factory))
      })
  }

  func record(stored kind: ImageKind, bytes: Int) {
    stored[kind]?.increment()
    written[kind]?.increment(by: bytes)
  }
}
