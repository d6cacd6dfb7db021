import Foundation
import OrchardImages
import WearbloomCore

/// The try-on provider the configuration names (`ORCHARD_WEARBLOOM_TRYON_PROVIDER`): switched
/// without a code change. The local preview is the default, so the whole product runs on a fresh
/// machine with no network.
public enum TryOnProviders {
  public static let names = ["local-preview"]

  public static func configured(environment: [String: String], images: ImageProcessor) throws -> any TryOnProvider {
    switch environment["ORCHARD_WEARBLOOM_TRYON_PROVIDER"] ?? "local-preview" {
    case "local-preview", "": return LocalPreviewProvider(images: images)
    case let other: throw TryOnProviderConfigurationError.unknownProvider(other)
    }
  }

  /// Free credits a new account gets (`ORCHARD_WEARBLOOM_WELCOME_CREDITS`, default 3).
  public static func welcomeCredits(environment: [String: String]) throws -> Int {
    guard let text = environment["ORCHARD_WEARBLOOM_WELCOME_CREDITS"] else { return CreditPolicy.defaultWelcomeCredits }
    guard let count = Int(text), count >= 0 else { throw TryOnProviderConfigurationError.invalidWelcomeCredits(text) }
    return count
  }
}

/// A try-on setting the server cannot start with.
public enum TryOnProviderConfigurationError: Error, CustomStringConvertible {
  case unknownProvider(String)
  case invalidWelcomeCredits(String)
  case missingSetting(String)

  public var description: String {
    switch self {
    case .unknownProvider(let name):
      "ORCHARD_WEARBLOOM_TRYON_PROVIDER is \(name); it is one of \(TryOnProviders.names.joined(separator: ", "))"
    case .invalidWelcomeCredits(let text):
      "ORCHARD_WEARBLOOM_WELCOME_CREDITS is \(text); it is a whole number, 0 or more"
    case .missingSetting(let name): "\(name) is needed by the configured try-on provider"
    }
  }
}
