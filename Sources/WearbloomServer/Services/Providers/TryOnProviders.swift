import Foundation
import OrchardImages
import OrchardKit
import ServerKit
import WearbloomCore

/// The try-on provider the configuration names (`ORCHARD_WEARBLOOM_TRYON_PROVIDER`): switched
/// without a code change. The local preview is the default, so the whole product runs on a fresh
/// machine with no network.
public enum TryOnProviders {
  public static let names = ["local-preview"] + FalTryOnProvider.Model.allCases.map(\.rawValue) + ["google-vto"]

  /// `publicURL` is where this server is reached from outside (fal's webhooks come there).
  public static func configured(
    environment: Settings, images: ImageProcessor, publicURL: String? = nil, clock: any WallClock
  ) throws -> any TryOnProvider {
    let name = environment.value("ORCHARD_WEARBLOOM_TRYON_PROVIDER") ?? "local-preview"
    if name.isEmpty || name == "local-preview" { return LocalPreviewProvider(images: images) }
    if name == "google-vto" {
      return GoogleVTOProvider(settings: try GoogleVTOSettings(environment: environment), clock: clock)
    }
    if let model = FalTryOnProvider.Model(rawValue: name) {
      guard let settings = FalSettings(environment: environment, publicURL: publicURL) else {
        throw TryOnProviderConfigurationError.missingSetting("ORCHARD_FAL_KEY")
      }
      return FalTryOnProvider(model, settings: settings)
    }
    throw TryOnProviderConfigurationError.unknownProvider(name)
  }

  /// Seconds a render may take, when set (`ORCHARD_WEARBLOOM_RENDER_BUDGET`); otherwise the
  /// provider's own (30, or 90 for Nano Banana).
  public static func budget(environment: Settings) throws -> TimeInterval? {
    guard let text = environment.value("ORCHARD_WEARBLOOM_RENDER_BUDGET"), !text.isEmpty else { return nil }
    guard let seconds = TimeInterval(text), seconds >= 1, seconds <= 600 else {
      throw TryOnProviderConfigurationError.invalidSetting("ORCHARD_WEARBLOOM_RENDER_BUDGET", text)
    }
    return seconds
  }

  /// Free credits a new account gets (`ORCHARD_WEARBLOOM_WELCOME_CREDITS`, default 3).
  public static func welcomeCredits(environment: Settings) throws -> Int {
    guard let text = environment.value("ORCHARD_WEARBLOOM_WELCOME_CREDITS") else {
      return CreditPolicy.defaultWelcomeCredits
    }
    guard let count = Int(text), count >= 0 else { throw TryOnProviderConfigurationError.invalidWelcomeCredits(text) }
    return count
  }
}

/// A try-on setting the server cannot start with.
public enum TryOnProviderConfigurationError: Error, CustomStringConvertible {
  case unknownProvider(String)
  case invalidWelcomeCredits(String)
  case missingSetting(String)
  case invalidSetting(String, String)

  public var description: String {
    switch self {
    case .unknownProvider(let name):
      "ORCHARD_WEARBLOOM_TRYON_PROVIDER is \(name); it is one of \(TryOnProviders.names.joined(separator: ", "))"
    case .invalidWelcomeCredits(let text):
      "ORCHARD_WEARBLOOM_WELCOME_CREDITS is \(text); it is a whole number, 0 or more"
    case .missingSetting(let name): "\(name) is needed by the configured try-on provider"
    case .invalidSetting(let name, let value): "\(name) is \(value); it is a number of seconds from 1 to 600"
    }
  }
}
