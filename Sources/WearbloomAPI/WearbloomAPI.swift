// Wearbloom's JSON API, generated from `openapi.yaml` by swift-openapi-generator's command plugin
// into `GeneratedSources/` (committed; `scripts/generate-openapi --check` proves it current).

import Foundation

/// The contract this module was generated from, as served at `/wearbloom/api/openapi.yaml`.
public enum WearbloomAPISpec {
  public static func document() throws -> Data {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try Data(contentsOf: url)
  }
}
