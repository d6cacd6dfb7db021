import ServerKit

/// Whether the web's paywall sells the plan through the test store (`ORCHARD_WEARBLOOM_TEST_STORE`):
/// a free subscription for any account, right for a demo and wrong where every render is paid
/// for. `on`, `off` or `force`; unset, it is on only with the local preview. `on` with a paid
/// provider (fal, Google) is refused at start; `force` is the deliberate way to have both.
public enum TestStoreSetting {
  public static let name = "ORCHARD_WEARBLOOM_TEST_STORE"

  /// Whether the test store is open, from the setting and the try-on provider the configuration names.
  public static func configured(environment: [String: String]) throws -> Bool {
    try configured(environment: Settings(environment))
  }

  /// The same, from the server's settings reader.
  public static func configured(environment: Settings) throws -> Bool {
    let provider = environment.value("ORCHARD_WEARBLOOM_TRYON_PROVIDER") ?? "local-preview"
    let free = provider.isEmpty || provider == "local-preview"
    switch environment.value(name) ?? "" {
    case "": return free
    case "off": return false
    case "force": return true
    case "on":
      guard free else { throw TestStoreConfigurationError.paidProvider(provider) }
      return true
    case let other: throw TestStoreConfigurationError.invalid(other)
    }
  }
}

/// A test-store setting the server cannot start with.
public enum TestStoreConfigurationError: Error, CustomStringConvertible, Equatable {
  case invalid(String)
  case paidProvider(String)

  public var description: String {
    switch self {
    case .invalid(let value): "\(TestStoreSetting.name) is \(value); it is on, off or force"
    case .paidProvider(let provider):
      "\(TestStoreSetting.name)=on would give every account unlimited renders from \(provider), which are paid for; "
        + "set it to force to mean that"
    }
  }
}
