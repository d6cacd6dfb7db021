import Prometheus
import WearbloomCore

/// How the wardrobe's storage grows (NFR13), at `/metrics`: images stored and deleted, and the
/// bytes written for them, by kind. Their difference over time is the store's growth, whichever
/// store it is; a bucket's own size comes from the object store.
struct StorageMetrics: Sendable {
  let stored: [ImageKind: Counter]
  let written: [ImageKind: Counter]
  let deleted: Counter

  init(_ registry: PrometheusCollectorRegistry) {
    stored = Dictionary(
      uniqueKeysWithValues: ImageKind.allCases.map {
        (
          $0,
          registry.makeCounter(
            name: "wearbloom_images_stored_total", labels: [("kind", $0.rawValue)],
            help: "Images stored in every form, by kind.")
        )
      })
    written = Dictionary(
      uniqueKeysWithValues: ImageKind.allCases.map {
        (
          $0,
          registry.makeCounter(
            name: "wearbloom_image_bytes_written_total", labels: [("kind", $0.rawValue)],
            help: "Bytes written to the blob store for images, every form included, by kind.")
        )
      })
    deleted = registry.makeCounter(name: "wearbloom_images_deleted_total", help: "Images deleted with every form.")
  }

  func record(stored kind: ImageKind, bytes: Int) {
    stored[kind]?.increment()
    written[kind]?.increment(by: Int64(bytes))
  }
}
