#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where encouragements come from.
public enum APIMode: String, CaseIterable, Sendable {
  /// The spec's bundled answers; no network at all.
  case mock
  /// Our server at `API_BASE_URL`.
  case live
}

/// Whether the app schedules local notifications at all.
public enum NotificationMode: String, CaseIterable, Sendable {
  case local, off
}

/// The app's feature flags, read once at startup from a `KEY=VALUE` config file, each overridable
/// by an environment variable of the same name.
///
/// Defaults are the spec's: `API_MODE=mock`, `USE_FAKE_CANVAS=true`, `NOTIFICATION_MODE=local`.
/// An unknown key or value is a ``ConfigError`` naming the key and what it allows, never a quiet
/// fallback to a default.
public struct Config: Sendable, Equatable {
  /// The keys a config file may set.
  public enum Key: String, CaseIterable, Sendable {
    case apiMode = "API_MODE"
    case useFakeCanvas = "USE_FAKE_CANVAS"
    case notificationMode = "NOTIFICATION_MODE"
    /// Required when `API_MODE=live`: an http(s) URL with a host.
    case apiBaseURL = "API_BASE_URL"
  }

  /// The spec's defaults: `API_MODE=mock`, `USE_FAKE_CANVAS=true`, `NOTIFICATION_MODE=local`.
  public static let standard = try! Config()

  public let apiMode: APIMode
  public let useFakeCanvas: Bool
  public let notificationMode: NotificationMode
  public let apiBaseURL: URL?

  public init(
    apiMode: APIMode = .mock, useFakeCanvas: Bool = true, notificationMode: NotificationMode = .local,
    apiBaseURL: URL? = nil
  ) throws(ConfigError) {
    if let apiBaseURL, !Self.isServerURL(apiBaseURL) {
      throw .invalidBaseURL(apiBaseURL.absoluteString, source: nil)
    }
    if apiMode == .live, apiBaseURL == nil { throw .missingBaseURL }
    self.apiMode = apiMode
    self.useFakeCanvas = useFakeCanvas
    self.notificationMode = notificationMode
    self.apiBaseURL = apiBaseURL
  }

  /// Reads the config file's text, then lets `environment` (e.g. the process environment) override
  /// any key. Other environment variables are ignored; an empty `API_BASE_URL` counts as unset.
  public init(file text: String, environment: [String: String] = [:]) throws(ConfigError) {
    let settings = try ConfigFile.settings(in: text, overriddenBy: environment)
    let baseURL = try settings.baseURL()
    try self.init(
      apiMode: settings.choice(.apiMode, default: .mock),
      useFakeCanvas: settings.flag(.useFakeCanvas, default: true),
      notificationMode: settings.choice(.notificationMode, default: .local),
      apiBaseURL: baseURL)
  }

  /// The client `API_MODE` asks for. In live mode `transport` is called once with `API_BASE_URL`
  /// to build the app's ``HTTPTransport``; in mock mode it is never called.
  public func client(
    deviceToken: String? = nil, transport: (URL) -> any HTTPTransport
  ) -> any EncouragementAPI {
    switch apiMode {
    case .mock:
      return MockAPIClient()
    case .live:
      guard let apiBaseURL else { preconditionFailure("every initialiser requires API_BASE_URL in live mode") }
      return LiveAPIClient(transport: transport(apiBaseURL), deviceToken: deviceToken)
    }
  }

  static func isServerURL(_ url: URL) -> Bool {
    ["http", "https"].contains(url.scheme?.lowercased()) && !(url.host() ?? "").isEmpty
  }
}
