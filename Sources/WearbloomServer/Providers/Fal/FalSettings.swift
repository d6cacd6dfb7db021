import Foundation

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
  /// How often a job's status is asked while it runs.
  public let pollInterval: Duration

  public static let defaultQueueURL = URL(string: "https://queue.fal.run")!
  public static let defaultMediaHosts = ["*.fal.media", "fal.media"]

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

  /// The settings in `environment`; nil without `ORCHARD_FAL_KEY`.
  public init?(environment: [String: String]) {
    guard let key = environment["ORCHARD_FAL_KEY"], !key.isEmpty else { return nil }
    let queue = environment["ORCHARD_FAL_QUEUE_URL"].flatMap(URL.init(string:)) ?? Self.defaultQueueURL
    let hosts = environment["ORCHARD_FAL_MEDIA_HOSTS"].map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    self.init(key: key, queueURL: queue, mediaHosts: hosts ?? Self.defaultMediaHosts)
  }

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
