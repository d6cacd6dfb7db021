import Foundation
import ServerKit

/// How the server reaches fal.ai: its key, its queue, and where results may be downloaded from.
public struct FalSettings: Sendable {
  /// The `Authorization: Key …` credential (`ORCHARD_FAL_KEY`).
  let key: String
  /// The queue's base URL (`ORCHARD_FAL_QUEUE_URL`; a test points it at a fake on loopback).
  public let queueURL: URL
  /// Hosts a result may be downloaded from, `*.` matching any subdomain
  /// (`ORCHARD_FAL_MEDIA_HOSTS`, comma-separated). fal's media URLs are public; anything else in
  /// a result is refused before it is fetched.
  public let mediaHosts: [String]
  /// Whether results may come over plain HTTP (only a fake on loopback needs it).
  public let allowsPlainHTTP: Bool
  /// How often a job's status is asked while it runs (four times less often while a webhook is
  /// expected: the poll is then only the fallback for a late one).
  public let pollInterval: Duration
  /// Where fal posts a finished job (`ORCHARD_FAL_WEBHOOK_URL`, else this server's public URL's
  /// `/wearbloom/api/v1/webhooks/fal`); nil polls alone.
  public var webhookURL: URL?
  /// fal's webhook signing keys (`ORCHARD_FAL_JWKS_URL`).
  public var jwksURL: URL = Self.defaultJWKSURL
  /// Our fal account's user id (`ORCHARD_FAL_USER_ID`): a webhook signed for another is refused.
  public var userID: String?
  /// Whether results (and the key set) may come from this machine: only a fake fal on loopback
  /// needs it (`ORCHARD_FAL_ALLOW_LOOPBACK=1`, with plain HTTP).
  public var allowsLoopback = false

  public static let defaultQueueURL = URL(string: "https://queue.fal.run")!
  public static let defaultMediaHosts = ["*.fal.media", "fal.media"]
  public static let defaultJWKSURL = URL(string: "https://rest.alpha.fal.ai/.well-known/jwks.json")!
  /// Where fal's webhooks come in, under this server's public URL.
  public static let webhookPath = "/wearbloom/api/v1/webhooks/fal"

  public init(
    key: String, queueURL: URL = Self.defaultQueueURL, mediaHosts: [String] = Self.defaultMediaHosts,
    allowsPlainHTTP: Bool = false, pollInterval: Duration = .milliseconds(500)
  ) {
    self.key = key
    self.queueURL = queueURL
    self.mediaHosts = mediaHosts
    self.allowsPlainHTTP = allowsPlainHTTP
    self.pollInterval = pollInterval
  }

  /// The settings in `environment`; nil without `ORCHARD_FAL_KEY`. `publicURL` is where this
  /// server is reached from outside, for the webhook.
  public init?(environment: [String: String], publicURL: String? = nil) {
    self.init(environment: Settings(environment), publicURL: publicURL)
  }

  /// The settings the server's reader gives (see ``init(environment:publicURL:)``).
  public init?(environment: Settings, publicURL: String? = nil) {
    guard let key = environment.value("ORCHARD_FAL_KEY"), !key.isEmpty else { return nil }
    let queue = environment.value("ORCHARD_FAL_QUEUE_URL").flatMap(URL.init(string:)) ?? Self.defaultQueueURL
    let hosts = environment.value("ORCHARD_FAL_MEDIA_HOSTS").map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    let loopback = environment.value("ORCHARD_FAL_ALLOW_LOOPBACK") == "1"
    self.init(
      key: key, queueURL: queue, mediaHosts: hosts ?? Self.defaultMediaHosts, allowsPlainHTTP: loopback,
      pollInterval: environment.value("ORCHARD_FAL_POLL_MS").flatMap(Int.init).map { .milliseconds($0) }
        ?? .milliseconds(500)
    )
    allowsLoopback = loopback
    jwksURL = environment.value("ORCHARD_FAL_JWKS_URL").flatMap(URL.init(string:)) ?? Self.defaultJWKSURL
    userID = environment.value("ORCHARD_FAL_USER_ID").flatMap { $0.isEmpty ? nil : $0 }
    webhookURL =
      environment.value("ORCHARD_FAL_WEBHOOK_URL").flatMap(URL.init(string:))
      ?? publicURL.flatMap { URL(string: $0 + Self.webhookPath) }
  }

  /// The client results and the key set are fetched with: public addresses only, unless a fake on
  /// this machine is allowed.
  var downloads: PublicHTTPClient { PublicHTTPClient(allowsPrivateAddresses: allowsLoopback) }

  /// Whether a result at `url` may be downloaded.
  func allows(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return false }
    guard scheme == "https" || (scheme == "http" && allowsPlainHTTP) else { return false }
    return mediaHosts.contains { pattern in
      let pattern = pattern.lowercased()
      if pattern.hasPrefix("*.") { return host.hasSuffix(String(pattern.dropFirst(1))) }
      return host == pattern
    }
  }
}
