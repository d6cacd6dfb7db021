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
    stored = Self.byKind(registry, "wearbloom_images_stored_total", "Images stored in every form, by kind.")
    written = Self.byKind(
      registry, "wearbloom_image_bytes_written_total",
      "Bytes written to the blob store for images, every form included, by kind.")
    deleted = registry.makeCounter(name: "wearbloom_images_deleted_total", help: "Images deleted with every form.")
  }

  /// One counter of `name` for each kind of image.
  private static func byKind(
    _ registry: PrometheusCollectorRegistry, _ name: String, _ help: String
  ) -> [ImageKind: Counter] {
    Dictionary(
      uniqueKeysWithValues: ImageKind.allCases.map {
        ($0, registry.makeCounter(name: name, labels: [("kind", $0.rawValue)], help: help))
      })
  }

  func record(stored kind: ImageKind, bytes: Int) {
    stored[kind]?.increment()
    written[kind]?.increment(by: Int64(bytes))
  }
}
