/// What the platform says about one of its apps: the launcher's card and the `/api/v1/apps` entry.
public struct AppManifest: Sendable, Equatable, Hashable {
  /// Whether the app's web version runs on this server yet.
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

extension AppManifest {
  /// The five apps, in launcher order. An app becomes `available` when its routes are mounted.
  public static let platform: [AppManifest] = [
    AppManifest(
      id: "faith-jar", name: "Faith Jar",
      promise: "Say how you feel and receive a Bible verse, with a few honest words on why it fits.",
      path: "/faith-jar/", version: "0.1.0", availability: .available),
    AppManifest(
      id: "miga", name: "MIGA",
      promise: "A calm pause before the apps you open out of habit, and an easy way out.",
      path: "/miga/", version: "0.1.0", availability: .available),
    AppManifest(
      id: "walkworthy", name: "WalkWorthy",
      promise: "A verse and a word of encouragement for a student's real day.",
      path: "/walkworthy/", version: "0.1.0", availability: .available),
    AppManifest(
      id: "wearbloom", name: "Wearbloom",
      promise: "See clothes on your own photo before you buy or wear them.",
      path: "/wearbloom/", version: "0.1.0", availability: .comingSoon),
    AppManifest(
      id: "dangdai", name: "Dangdai",
      promise: "Quizzes that follow A Course in Contemporary Chinese, lesson by lesson.",
      path: "/dangdai/", version: "0.1.0", availability: .comingSoon),
  ]
}
