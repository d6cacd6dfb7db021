// The accounts API, generated from `openapi.yaml` by swift-openapi-generator's command plugin into
// `GeneratedSources/` (committed; `scripts/generate-openapi --check` proves it current).

import Foundation

/// The contract this module was generated from, as served at `/<app>/api/v1/auth/openapi.yaml`
/// for each app with accounts.
public enum IdentityAPISpec {
  public static func document() throws -> Data {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try Data(contentsOf: url)
  }
}
