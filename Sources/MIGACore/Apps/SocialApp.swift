import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An app MIGA can stand in front of: how to name it, draw it and open it.
///
/// The URL schemes are undocumented by most vendors and change, so the registry is remote
/// configuration: the server sends it, and this list is the built-in fallback.
public struct SocialApp: Codable, Sendable, Hashable, Identifiable {
  /// Lowercase and stable, e.g. `"instagram"`; custom entries start with `"custom-"`.
  public let id: String
  public let name: String
  /// The hub tile's colour.
  public let tint: String
  /// Custom URL schemes to try on iOS, in order (declared in `LSApplicationQueriesSchemes`).
  public let urlSchemes: [String]
  /// The https address: the universal link on iOS, and what Proceed opens in a browser.
  public let webURL: String
  /// For the "not installed" sheet's App Store link.
  public let appStoreID: String?
  public let isCustom: Bool

  public init(
    id: String, name: String, tint: String, urlSchemes: [String], webURL: String, appStoreID: String?,
    isCustom: Bool = false
  ) {
    self.id = id
    self.name = name
    self.tint = tint
    self.urlSchemes = urlSchemes
    self.webURL = webURL
    self.appStoreID = appStoreID
    self.isCustom = isCustom
  }

  /// The app's icon in MIGA, as an SF Symbol name for the SwiftUI shell. Brand logos are their
  /// owners' to ship, so MIGA draws its own: a symbol for what the app is for, on the app's tint
  /// (the web version shows the name's initial on that tint).
  public var icon: String {
    switch id {
    case "instagram": "camera"
    case "tiktok": "music.note"
    case "facebook": "person.2"
    case "x": "text.bubble"
    case "youtube": "play.rectangle"
    case "snapchat": "bolt.heart"
    case "reddit": "bubble.left.and.bubble.right"
    default: "globe"
    }
  }

  /// The label on Proceed: "Proceed to Instagram".
  public var proceedLabel: Message<MIGAText> { Message(.proceedTo, ["app": name]) }

  /// The longest name a person's own entry may have.
  public static let customNameLimit = 30

  /// A person's own entry: any https site, named as they like. Nil when the name is empty or
  /// longer than ``customNameLimit`` characters, or the address is not an https URL with a host.
  public static func custom(name: String, webURL: String) -> SocialApp? {
    guard customProblem(name: name, webURL: webURL) == nil else { return nil }
    let name = name.trimmed
    let address = webURL.trimmed
    let slug = name.lowercased().unicodeScalars.map { scalar -> String in
      ("a"..."z").contains(Character(scalar)) || ("0"..."9").contains(Character(scalar)) ? String(scalar) : "-"
    }.joined()
    let trimmed = slug.split(separator: "-").joined(separator: "-")
    return SocialApp(
      id: "custom-" + (trimmed.isEmpty ? "app" : String(trimmed.prefix(40))), name: name, tint: "#5b6b73",
      urlSchemes: [], webURL: address, appStoreID: nil, isCustom: true)
  }
}

/// What is wrong with a custom site, field by field, so the form can say it beside the field.
public enum CustomAppProblem: String, Sendable, Equatable {
  /// Empty, or longer than ``SocialApp/customNameLimit`` characters.
  case name
  /// Not an https address with a host name.
  case address
}

extension SocialApp {
  /// The first problem of a custom site, the name before the address; nil when it can be added.
  public static func customProblem(name: String, webURL: String) -> CustomAppProblem? {
    guard (1...customNameLimit).contains(name.trimmed.count) else { return .name }
    let address = webURL.trimmed
    guard address.hasPrefix("https://"),
      let host = address.dropFirst("https://".count).split(separator: "/").first, host.contains("."),
      !host.contains("@"), !address.contains(where: { $0.isWhitespace })
    else { return .address }
    return nil
  }
}

/// The apps MIGA knows out of the box.
public enum AppRegistry {
  public static let builtIn: [SocialApp] = [
    SocialApp(
      id: "instagram", name: "Instagram", tint: "#c13584", urlSchemes: ["instagram://app"],
      webURL: "https://www.instagram.com/", appStoreID: "389801252"),
    SocialApp(
      id: "tiktok", name: "TikTok", tint: "#111111", urlSchemes: ["snssdk1233://", "snssdk1180://", "tiktok://"],
      webURL: "https://www.tiktok.com/", appStoreID: "835599320"),
    SocialApp(
      id: "facebook", name: "Facebook", tint: "#1877f2", urlSchemes: ["fb://feed"],
      webURL: "https://www.facebook.com/", appStoreID: "284882215"),
    SocialApp(
      id: "x", name: "X", tint: "#14171a", urlSchemes: ["twitter://"], webURL: "https://x.com/",
      appStoreID: "333903271"),
    SocialApp(
      id: "youtube", name: "YouTube", tint: "#cc0000", urlSchemes: ["youtube://", "vnd.youtube://"],
      webURL: "https://www.youtube.com/", appStoreID: "544007664"),
    SocialApp(
      id: "snapchat", name: "Snapchat", tint: "#8a7a00", urlSchemes: ["snapchat://"],
      webURL: "https://www.snapchat.com/", appStoreID: "447188370"),
    SocialApp(
      id: "reddit", name: "Reddit", tint: "#d93a00", urlSchemes: ["reddit://"], webURL: "https://www.reddit.com/",
      appStoreID: "1064216828"),
  ]

  /// A built-in app by id.
  public static func app(id: String) -> SocialApp? { builtIn.first { $0.id == id } }
}

/// The apps a person put in their hub: 1 to 10, in the order they chose, no app twice.
public struct HubSelection: Codable, Sendable, Hashable {
  public static let limit = 1...10

  /// Why an app could not be added: the hub has it, or is full.
  public static var fullMessage: Message<MIGAText> { Message(.hubFull, ["max": limit.upperBound]) }
  /// Why the last app cannot be removed.
  public static var lastMessage: Message<MIGAText> { Message(.hubLast, ["min": limit.lowerBound]) }
  public private(set) var apps: [SocialApp]

  /// Nil unless there are 1–10 distinct apps.
  public init?(_ apps: [SocialApp]) {
    guard Self.limit.contains(apps.count), Set(apps.map(\.id)).count == apps.count else { return nil }
    self.apps = apps
  }

  public func contains(_ id: String) -> Bool { apps.contains { $0.id == id } }

  /// Whether another app fits: a full hub takes no more until one is removed.
  public var canAdd: Bool { apps.count < Self.limit.upperBound }
  /// Whether an app may be removed: the hub keeps at least one.
  public var canRemove: Bool { apps.count > Self.limit.lowerBound }
  public func app(id: String) -> SocialApp? { apps.first { $0.id == id } }

  /// Adds an app at the end. False when it is already there or the hub is full.
  @discardableResult
  public mutating func add(_ app: SocialApp) -> Bool {
    guard !contains(app.id), canAdd else { return false }
    apps.append(app)
    return true
  }

  /// Removes an app. False when it is not there or is the last one: the hub keeps at least one.
  @discardableResult
  public mutating func remove(id: String) -> Bool {
    guard canRemove, let index = apps.firstIndex(where: { $0.id == id }) else { return false }
    apps.remove(at: index)
    return true
  }

  /// The search in settings: the built-in apps whose name contains the query, any case.
  public static func search(_ query: String, in apps: [SocialApp] = AppRegistry.builtIn) -> [SocialApp] {
    let query = query.trimmed.lowercased()
    return query.isEmpty ? apps : apps.filter { $0.name.lowercased().contains(query) }
  }
}
