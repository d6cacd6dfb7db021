import Crypto
import Foundation
import MIGAAPI
import MIGACore

/// What `GET /miga/api/v1/config` serves: the same for every device, so it is built and hashed
/// once per process. Changing a flag is a deploy.
struct RemoteConfig: Sendable {
  let body: Components.Schemas.RemoteConfig
  let etag: String

  init(
    apps: [SocialApp] = AppRegistry.builtIn, flags: Components.Schemas.FeatureFlags = Self.flags, credit: String
  ) throws {
    body = Components.Schemas.RemoteConfig(
      apps: apps.map {
        .init(
          id: $0.id, name: $0.name, tint: $0.tint, url_schemes: $0.urlSchemes, web_url: $0.webURL,
          app_store_id: $0.appStoreID)
      },
      flags: flags, content_credit: credit)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let digest = SHA256.hash(data: try encoder.encode(body))
    etag = "\"cfg-" + digest.prefix(8).map { String(format: "%02x", $0) }.joined() + "\""
  }

  /// The flags this build serves: the core's features, as the web version uses them.
  static let flags = Components.Schemas.FeatureFlags(
    intention_prompt: MIGAFeatures.standard.intentionPrompt, adaptive_pause: MIGAFeatures.standard.adaptivePause,
    experimental_metrics: MIGAFeatures.standard.experimentalMetrics)
}
