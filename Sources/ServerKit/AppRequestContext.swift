import Hummingbird

/// The request context every Orchard route sees: Hummingbird's core storage plus the visitor's
/// anonymous device once ``DeviceMiddleware`` has resolved it.
public struct AppRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The visitor's device on routes mounted behind ``DeviceMiddleware``; `nil` elsewhere.
  public var device: Device?

  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
  }

  /// Forms and JSON bodies stay small; uploads get their own limits where an app needs them.
  public var maxUploadSize: Int { 1024 * 1024 }
}
