/// What the platform says about one of its apps: the launcher's card and the `/api/v1/apps` entry.
/// Each ``OrchardApp`` declares its own; the launcher and the catalog list them in the order the
/// server was given its apps.
public struct AppManifest: Sendable, Equatable, Hashable {
  /// Whether the app's web version runs on this server yet: an app that mounts routes is available.
  public enum Availability: String, Sendable, Equatable, Hashable {
    case available
    case comingSoon = "coming_soon"
  }

  public let id: String
  public let name: String
  public let promise: String
  public let path: String
  public let version: String
  public let availability: Availability

  public init(id: String, name: String, promise: String, path: String, version: String, availability: Availability) {
    self.id = id
    self.name = name
    self.promise = promise
    self.path = path
    self.version = version
    self.availability = availability
  }
}
