import OrchardImages
import ServerKit

/// The remover the configuration names: `ORCHARD_WEARBLOOM_REMOVER=local` (the default) or `fal`,
/// which needs `ORCHARD_FAL_KEY`.
public enum BackgroundRemovers {
  public static func configured(
    environment: Settings, images: ImageProcessor
  ) throws(RemoverConfigurationError) -> any BackgroundRemover {
    switch environment.value("ORCHARD_WEARBLOOM_REMOVER") ?? "local" {
    case "local", "":
      return LocalBackgroundRemover(images: images)
    case "fal":
      guard let settings = FalSettings(environment: environment) else {
        throw RemoverConfigurationError(message: "ORCHARD_WEARBLOOM_REMOVER=fal needs ORCHARD_FAL_KEY")
      }
      return FalBackgroundRemover(settings: settings, images: images)
    case let other:
      throw RemoverConfigurationError(message: "ORCHARD_WEARBLOOM_REMOVER is local or fal, not \(other)")
    }
  }
}

/// A remover configuration that cannot work, and why.
public struct RemoverConfigurationError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public var description: String { message }
}
